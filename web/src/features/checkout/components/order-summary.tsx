import { useEffect, useRef } from 'react';
import { FormAlert } from '@/components/ui/form-alert';
import { formatMoney } from '@/lib/format';
import { PaymentFlow, PURCHASE_FAILED } from '../checkout-rules';
import { flowText, type FlowState } from '../payment-flow';
import type { Purchase } from '../types';
import type { CheckoutLine } from './checkout-values';
import styles from './checkout.module.css';
import { PriceLines } from './price-lines';

/** The cart's lines as checkout lists them. */
export function OrderLines({ lines }: { lines: CheckoutLine[] }) {
  return (
    <ul className={styles.lines}>
      {lines.map((line) => (
        <li key={line.key} className={styles.line}>
          <span className={styles.lineName}>
            {line.name}
            <span className={styles.lineMeta}>
              {line.distributionType}
              {line.quantity > 1 ? ` × ${line.quantity}` : ''}
            </span>
          </span>
          <span>{formatMoney(line.price, line.currency)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Before the purchase is priced: the cart's subtotal; after: the service's subtotal, coupon, shipping, tax and total. */
export function Totals({ purchase, pending, ready, currency, lines }: { purchase: Purchase | null; pending: boolean; ready: boolean; currency: string; lines: CheckoutLine[] }) {
  if (!purchase) {
    const subtotal = lines.reduce((sum, line) => sum + line.price, 0);
    return (
      <dl className={styles.totals}>
        <div>
          <dt>Subtotal</dt>
          <dd>{formatMoney(subtotal, currency)}</dd>
        </div>
        <div>
          <dt>Shipping and tax</dt>
          <dd>{ready && pending ? <span role="status">Calculating…</span> : 'Determined at checkout'}</dd>
        </div>
      </dl>
    );
  }
  const details = purchase.totalPriceDetails;
  return (
    <dl className={styles.totals} aria-busy={pending || undefined}>
      <div>
        <dt>Subtotal</dt>
        <dd>{formatMoney(details.netPrice, currency)}</dd>
      </div>
      <PriceLines details={details} total={purchase.totalPrice} currency={currency} shippingLabel={purchase.shippingRates.length > 0 ? 'Shipping' : null} totalClassName={styles.total} />
      {pending && (
        <p role="status" className={styles.muted}>
          Updating…
        </p>
      )}
    </dl>
  );
}

/** Where the press of Pay is: processing, paid, a notice to read, or the problem that stopped it. */
export function PaymentStatus({ flow }: { flow: FlowState }) {
  const text = flowText(flow);
  const message = flow.problem?.message;
  const alert = useRef<HTMLDivElement>(null);
  // Issue 26: on a phone the answer came at the screen's bottom edge, under the keyboard or below
  // it; it is brought into view and focused, so it is seen and read out.
  useEffect(() => {
    if (!message || !alert.current) return;
    alert.current.scrollIntoView({ block: 'center', behavior: 'instant' });
    alert.current.focus({ preventScroll: true });
  }, [message, flow.problem]);
  if (message) {
    return (
      <div ref={alert} tabIndex={-1} className={styles.entryAlert}>
        <FormAlert tone="error" title={flow.state === PaymentFlow.CardError ? 'Your payment did not go through' : PURCHASE_FAILED}>
          <p>{message}</p>
        </FormAlert>
      </div>
    );
  }
  return (
    <p role="status" className={styles.flow}>
      {text}
    </p>
  );
}
