import { ORDER_MESSAGES, type Purchase } from '@inkwell/contracts/order';
import { DomainError, type Database, type Logger, type Outbox } from '@inkwell/platform';
import type { ShippingRates } from '../domain';
import type { PaymentProcessor } from '../drivers/payments';
import type { TaxCalculator } from '../drivers/tax';
import type { CartCheckout } from '../peers/cart';
import { findPurchase, ordersOfPurchase, purchaseView, type PurchaseRecord } from '../store/purchases';

/** What the checkout flows are given. */
export interface CheckoutDeps {
  db: Database;
  outbox: Outbox;
  cart: CartCheckout;
  payments: PaymentProcessor;
  rates: ShippingRates;
  /** Sales tax: the embedded table when absent (TAX_DRIVER picks it; drivers/tax). */
  tax?: TaxCalculator;
  logger: Logger;
  now: () => Date;
  /**
   * Purchases whose flow this process is running now: the processor's word arriving meanwhile (its
   * event, the browser's confirmation) leaves them to that run instead of running the same steps beside it.
   */
  active: Set<string>;
}

/** Who is asking: the signed-in account, if any, and the request's country. */
export interface Buyer {
  userId: string | undefined;
  country: string | undefined;
}

export async function loadView(db: Database, id: string): Promise<Purchase> {
  const purchase = await findPurchase(db, id);
  if (!purchase) throw new DomainError(404, 'NotFound', ORDER_MESSAGES.unknownPurchase);
  return purchaseView(purchase, await ordersOfPurchase(db, id));
}

/** The purchase for its owner: another account's is a 404, as if it did not exist. */
export async function purchaseFor(db: Database, id: string, buyer: Buyer): Promise<PurchaseRecord> {
  const purchase = await findPurchase(db, id);
  if (!purchase || (purchase.userId !== null && purchase.userId !== buyer.userId)) throw new DomainError(404, 'NotFound', ORDER_MESSAGES.unknownPurchase);
  return purchase;
}

export async function viewPurchase(deps: CheckoutDeps, id: string, buyer: Buyer): Promise<Purchase> {
  const purchase = await purchaseFor(deps.db, id, buyer);
  return purchaseView(purchase, await ordersOfPurchase(deps.db, purchase.id));
}
