import type { Purchase } from '../types';
import { formatAmount } from '../checkout-rules';

/**
 * The money lines of an order or a purchase as the order service priced them: the coupon's saving
 * (when there is one), shipping (when `shippingLabel` is given), tax and the total. They go inside
 * the caller's `<dl>`, after whatever it lists first.
 */
export function PriceLines({ details, total, currency, shippingLabel, totalClassName }: { details: Purchase['totalPriceDetails']; total: number; currency: string; shippingLabel: string | null; totalClassName: string | undefined }) {
  return (
    <>
      {details.couponSaveAmount > 0 && (
        <div>
          <dt>Coupon</dt>
          <dd>−{formatAmount(details.couponSaveAmount, currency)}</dd>
        </div>
      )}
      {shippingLabel !== null && (
        <div>
          <dt>{shippingLabel}</dt>
          <dd>{formatAmount(details.shippingCost, currency)}</dd>
        </div>
      )}
      <div>
        <dt>Tax</dt>
        <dd>{formatAmount(details.taxes, currency)}</dd>
      </div>
      <div className={totalClassName}>
        <dt>Total</dt>
        <dd>{formatAmount(total, currency)}</dd>
      </div>
    </>
  );
}
