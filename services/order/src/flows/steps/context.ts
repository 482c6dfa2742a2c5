import type { PaymentMethodName } from '@inkwell/contracts/order';
import type { CheckoutCart } from '@inkwell/platform';
import type { PurchaseRecord } from '../../store/purchases';
import type { CheckoutDeps } from '../deps';

/** A shopper's request to pay: absent when the sweeper or the processor's word resumes a purchase. */
export interface PayAttempt {
  /** The request's Idempotency-Key. */
  key: string;
  method: PaymentMethodName | null;
  nonce?: string;
  returnUrl?: string;
}

/** What the steps of placing a purchase share. */
export interface PlaceContext {
  deps: CheckoutDeps;
  purchase: PurchaseRecord;
  attempt?: PayAttempt;
  /** The cart as held by this run (set by hold-cart, read by check-cart). */
  held?: CheckoutCart;
}

/** A purchase costs nothing when nothing is due and nothing is shipped. */
export const isFree = (purchase: Pick<PurchaseRecord, 'amountDue' | 'lines'>): boolean => purchase.amountDue === 0 && !purchase.lines.some((line) => line.distributionType === 'Print');
