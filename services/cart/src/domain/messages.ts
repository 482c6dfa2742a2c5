import { DIGITAL_PURCHASES_UNAVAILABLE_MESSAGE } from '@inkwell/contracts/catalog-rules';

/**
 * What the cart tells a shopper, written once. Each refusal says what happened and what to do; the
 * region ones say "region restricted", which the storefront reads as the region lock (spec §8).
 */
export const CART_MESSAGES = {
  malformedCartId: 'This cart id is not valid. Reload the page to get a new cart.',
  otherAccount: 'This cart belongs to another account. Reload the page to get a cart of your own.',
  notOpen: {
    Purchasing: 'Checkout is in progress for this cart, so it cannot be changed right now. Finish or cancel the checkout first.',
    Closed: 'This cart was already checked out, so it cannot be changed. Reload the page to start a new cart.',
  },
  unknownProduct: (productId: number) => `Product ${productId} does not exist. Refresh the page and try again.`,
  unknownVariant: (variantId: number, name: string) => `${name} has no format with id ${variantId}. Choose Digital or Print on the product page.`,
  unpublished: (name: string) => `${name} is not on sale at the moment, so it cannot be added to your cart.`,
  removed: (name: string) => `${name} has been removed from the store, so it cannot be added to your cart.`,
  notForSale: (name: string) => `${name} cannot be bought in this format.`,
  signInToBuy: (name: string) => `${name} can be bought by signed-in readers only. Log in to add it to your cart.`,
  regionRestricted: (name: string) => `${name} is region restricted: it cannot be bought from your region.`,
  digitalInJapan: `This item is region restricted: ${DIGITAL_PURCHASES_UNAVAILABLE_MESSAGE}`,
  alreadyOwned: (name: string) => `You already own ${name}, so there is no need to buy it again. Find it in your Library.`,
  digitalOnce: (name: string) => `${name} is digital: one copy is all you need, and it is already in your cart.`,
  overLimit: (name: string, limit: number, held: number) =>
    `You can have at most ${limit} of ${name} in your cart${held > 0 ? ` (you have ${held})` : ''}.`,
  cartFull: (max: number) => `A cart holds at most ${max} items. Remove some before adding more.`,
  notInCart: (name: string) => `${name} is not in your cart, so there is nothing to take away.`,
  belowZero: (name: string, held: number) => `Your cart has only ${held} of ${name}; take away at most ${held}.`,
  purchaseIdNotUuid: 'A purchase id is a uuid.',
  emptyCart: 'The cart is empty.',
  purchaseFieldsRequired: 'user_id and order_id are required.',
  notHeldByPurchase: 'The cart is not held by this purchase.',
  holdIdNotUuid: 'A hold id is a uuid.',
  holdReleased: 'This payment attempt has ended; its hold on the cart was given back.',
  noCart: (id: string) => `There is no cart ${id}.`,
  cannotMove: (from: string, to: string) => `A cart that is ${from} cannot become ${to}.`,
  zeroAmount: 'Amount is 0, so nothing would change: send a positive number to add or a negative one to take away.',
  catalogUnavailable: 'The store is temporarily unavailable. Please try again in a moment.',
} as const;

/** Why an item dropped out of a cart, shown once as a notice (the item is gone by then). */
export const DROP_NOTICES = {
  unknown: (productId: number) => `An item (product ${productId}) is no longer in the store and was removed from your cart.`,
  unpublished: (name: string) => `${name} is no longer on sale and was removed from your cart.`,
  removed: (name: string) => `${name} has been removed from the store and from your cart.`,
  notForSale: (name: string) => `${name} can no longer be bought in this format and was removed from your cart.`,
  signInToBuy: (name: string) => `${name} can be bought by signed-in readers only and was removed from your cart.`,
  regionRestricted: (name: string) => `${name} is region restricted where you are and was removed from your cart.`,
  digitalInJapan: (name: string) => `${name} was removed from your cart: digital purchases are not available in Japan.`,
  alreadyOwned: (name: string) => `You already own ${name}, so it was removed from your cart.`,
  overLimit: (name: string, limit: number) => `Your cart may hold at most ${limit} of ${name}; the extra copies were removed.`,
} as const;

export const COUPON_MESSAGES = {
  unknown: (code: string) => `There is no coupon ${code}. Check the code and try again.`,
  disabled: (code: string) => `Coupon ${code} is no longer valid.`,
  notYet: (code: string, startsAt: string) => `Coupon ${code} can be used from ${startsAt}.`,
  expired: (code: string) => `Coupon ${code} has expired.`,
  usedUp: (code: string) => `Coupon ${code} has been used up.`,
  alreadyUsed: (code: string) => `You have already used coupon ${code}; each account can use it once.`,
  alreadyClaimed: (code: string) => `You have already claimed coupon ${code}.`,
  notYours: (code: string) => `Coupon ${code} is a gift code of another Reader account: log in with the account that claimed it to use it.`,
  belowMinimum: (code: string, minimum: string, missing: string) => `Coupon ${code} needs a subtotal of at least ${minimum}; add ${missing} more to use it.`,
  notApplicable: (code: string) => `Coupon ${code} does not apply to any item in your cart.`,
  otherCurrency: (code: string, currency: string) => `Coupon ${code} is for ${currency} carts only.`,
  signInToClaim: 'Log in to claim a coupon code.',
  codeMissing: 'Enter a coupon code.',
  codeTooLong: 'A coupon code is at most 64 characters.',
  percentOutOfRange: 'A Percent coupon takes 0.01 to 100 percent off, with at most 2 decimals.',
  idNotNumber: 'A coupon id is a number.',
  pageNumber: 'pageNumber must be a whole number from 1.',
  pageSize: 'pageSize must be a whole number from 1 to 100.',
  codeTaken: (code: string) => `A coupon with the code ${code} exists already. Choose another code.`,
  endsBeforeStart: 'endsAt must come after startsAt.',
  fixedNeedsCents: 'A Fixed coupon takes off a whole number of cents.',
  notFound: (id: number) => `There is no coupon ${id}.`,
} as const;
