import { ORDER_MESSAGES, type Purchase, type PurchaseRequest } from '@inkwell/contracts/order';
import { problem, type Problem } from '@inkwell/contracts/problems';
import { DomainError } from '@inkwell/platform';
import { ORDER_SERVICE_MESSAGES, type Address } from '../domain';
import { insertPurchase } from '../store/purchases';
import { loadView, type Buyer, type CheckoutDeps } from './deps';
import { QuoteProblem, quotePurchase } from './quote';

/** 400 with every problem of the request on its field, the first as the message. */
export class PurchaseRequestError extends DomainError {
  constructor(problems: readonly Problem[]) {
    super(400, 'BadRequest', problems[0]?.message ?? ORDER_SERVICE_MESSAGES.cannotPrice, { problems });
  }
}

const addressOf = (input: PurchaseRequest['billingAddress']): Address => ({ ...input, companyName: input.companyName ?? '' });

/**
 * `POST /purchase-request`: the cart as the cart service prices it now, for these addresses, as a
 * purchase with its orders (Quoted: nothing is charged, the cart is not held). A coupon that gives
 * nothing is refused with the cart's reason.
 */
export async function requestPurchase(deps: CheckoutDeps, buyer: Buyer, body: PurchaseRequest): Promise<Purchase> {
  const couponCode = body.couponCode?.trim() || null;
  const cart = await deps.cart.read({ cartId: body.cartId, userId: buyer.userId ?? '', country: buyer.country ?? '', couponCode: couponCode ?? '' });
  if (couponCode && cart.couponProblem) throw new PurchaseRequestError([problem('couponCode', cart.couponProblem)]);
  const billing = addressOf(body.billingAddress);
  const shipping = body.shippingAddress ? addressOf(body.shippingAddress) : null;
  const email = buyer.userId ? null : (body.email?.trim() || billing.email.trim() || null);
  if (!buyer.userId && !email) throw new PurchaseRequestError([problem('email', ORDER_MESSAGES.emailRequired)]);
  let quote;
  try {
    quote = await quotePurchase({ cart, billing, shipping, shippingMethod: body.shippingMethod ?? null, now: deps.now() }, deps.rates, deps.tax);
  } catch (error) {
    if (error instanceof QuoteProblem) throw new PurchaseRequestError(error.problems);
    throw error;
  }
  const id = await deps.db.transaction((tx) =>
    insertPurchase(tx, {
      cartId: cart.cartId,
      userId: buyer.userId ?? null,
      email,
      billing,
      shipping,
      couponCode: cart.couponCode || null,
      paymentMethod: quote.isFree ? null : (body.paymentMethod ?? null),
      quote,
      notices: cart.notices,
    }),
  );
  return loadView(deps.db, id);
}
