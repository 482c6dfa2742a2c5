import { Skeleton } from '@/components/ui/skeleton';
import { formatAmount } from '../checkout-rules';
import type { Purchase } from '../types';
import styles from './checkout.module.css';

/** The purchase's shipping rates to choose from (spec §5: recalculated when the address changes what they depend on). */
export function ShippingRates({ purchase, pending, ready, chosen, onChoose }: { purchase: Purchase | null; pending: boolean; ready: boolean; chosen: string | null; onChoose: (mailClass: string) => void }) {
  const selected = chosen ?? purchase?.shippingMethod?.mailClass ?? null;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Shipping method</legend>
      {!ready && <p className={styles.muted}>Rates appear once the shipping address is complete.</p>}
      {ready && !purchase && pending && (
        <div role="status" className={styles.rates}>
          <span className="visually-hidden">Finding shipping rates…</span>
          <Skeleton className={styles.rateSkeleton} />
          <Skeleton className={styles.rateSkeleton} />
        </div>
      )}
      {purchase && (
        <div className={styles.rates}>
          {purchase.shippingRates.map((rate) => (
            <label key={rate.mailClass} className={styles.rate}>
              <input type="radio" name="shippingMethod" value={rate.mailClass} checked={selected === rate.mailClass} onChange={() => onChoose(rate.mailClass)} disabled={pending} />
              <span className={styles.rateName}>
                {rate.mailService}
                <span className={styles.lineMeta}>
                  {rate.deliveryTimeInDays} {rate.deliveryTimeInDays === 1 ? 'day' : 'days'}
                </span>
              </span>
              <span>{formatAmount(rate.totalPrice, purchase.totalPriceDetails.currency)}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
