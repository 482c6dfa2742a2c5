/**
 * Price types of a variant (storefront spec §3, dashboard spec §3) and which of them can be bought
 * (storefront spec §3 and §5).
 */

/** Storefront spec §3 price types (spelled as the spec spells them). */
export type PriceType =
  | 'Print'
  | 'Free'
  | 'FreeForRegistered'
  | 'Paid'
  | 'NotForSale'
  | 'SubscriptionOnly'
  | 'PaidOrSubscription'
  | 'FreeToReadAndPurchaseble'
  | 'FreeToReadForRegisteredAndPurchaseble';

/** Every price type, spelled as the spec spells them ('Purchaseble' included). */
export const PRICE_TYPES: readonly PriceType[] = [
  'Print',
  'Free',
  'FreeForRegistered',
  'Paid',
  'NotForSale',
  'SubscriptionOnly',
  'PaidOrSubscription',
  'FreeToReadAndPurchaseble',
  'FreeToReadForRegisteredAndPurchaseble',
];

/** Storefront spec §3: "Purchasable ones: Paid, PaidOrSubscription and both FreeToRead types." */
export const PURCHASABLE_PRICE_TYPES: readonly PriceType[] = [
  'Paid',
  'PaidOrSubscription',
  'FreeToReadAndPurchaseble',
  'FreeToReadForRegisteredAndPurchaseble',
];

/** Readable by everyone without buying (storefront spec §5). */
export const FREE_TO_READ_FOR_EVERYONE: readonly PriceType[] = ['Free', 'FreeToReadAndPurchaseble'];

/** Readable without buying once signed in (storefront spec §5), on top of FREE_TO_READ_FOR_EVERYONE. */
export const FREE_TO_READ_FOR_REGISTERED: readonly PriceType[] = ['FreeForRegistered', 'FreeToReadForRegisteredAndPurchaseble'];

/** Free to read and also on sale: the spec sells these to signed-in readers only (§5). */
const FREE_TO_READ_AND_PURCHASABLE: readonly PriceType[] = ['FreeToReadAndPurchaseble', 'FreeToReadForRegisteredAndPurchaseble'];

export function isPriceType(value: string): value is PriceType {
  return (PRICE_TYPES as readonly string[]).includes(value);
}

/**
 * Storefront spec §5: "Purchasable when Paid, or, for signed-in users, free-to-read-and-purchasable."
 * PaidOrSubscription is bought like Paid, by anyone: a subscription is the other way to it, not a
 * condition on buying it, and §3 lists it as purchasable. The two FreeToRead…AndPurchaseble types
 * are sold to signed-in readers only. Print is not in the spec's purchasable list, so it is not
 * purchasable here; whether a print variant can be added to the cart is not decided by its price type.
 */
export function isPurchasable(priceType: PriceType, { signedIn }: { signedIn: boolean }): boolean {
  if (!PURCHASABLE_PRICE_TYPES.includes(priceType)) return false;
  return signedIn || !FREE_TO_READ_AND_PURCHASABLE.includes(priceType);
}

/**
 * Costs nothing to get: Free and FreeForRegistered. The FreeToRead…AndPurchaseble types are read
 * for free but carry a price, so they are not free price types.
 */
export function isFreePriceType(priceType: PriceType): boolean {
  return priceType === 'Free' || priceType === 'FreeForRegistered';
}

/**
 * The price types a variant of each type can have (issue 26: the dashboard offered 'Print' for a
 * Digital variant). 'Print' is the printed variant's own price type and never a digital one's; a
 * printed copy is sold (Print, Paid) or not (NotForSale), never read free or by subscription.
 */
export const VARIANT_PRICE_TYPES: Readonly<Record<'Digital' | 'Print', readonly PriceType[]>> = {
  Digital: PRICE_TYPES.filter((type) => type !== 'Print'),
  Print: ['Print', 'Paid', 'NotForSale'],
};
