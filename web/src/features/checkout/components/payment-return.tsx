import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@inkwell/ui-kit/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { getPurchaseFromPaymentIntent } from '../api/get-purchase';
import { isPaid, PURCHASE_FAILED } from '../checkout-rules';
import type { Purchase } from '../types';
import styles from './checkout.module.css';

/** While the processor has not decided (a payment still processing), the purchase is asked for again this often. */
const PROCESSING_POLL_MS = 1_000;

/**
 * Back from the provider's page (3-D Secure, a wallet) with `?payment_intent=…&redirect_status=…`:
 * the order service asks the processor how the payment went, and the shopper lands on the success
 * page, or reads why it failed and goes back to the form to pay again.
 */
export function PaymentReturn({ paymentId, redirectStatus, onPaid, onDone }: { paymentId: string; redirectStatus: string | null; onPaid: (purchase: Purchase) => void; onDone: () => void }) {
  const purchase = useQuery({
    queryKey: ['checkout', 'paymentReturn', paymentId] as const,
    queryFn: ({ signal }) => getPurchaseFromPaymentIntent(paymentId, { signal }),
    refetchInterval: (query) => (query.state.data && (query.state.data.state === 'Paying' || query.state.data.state === 'RequiresAction') && redirectStatus === 'succeeded' ? PROCESSING_POLL_MS : false),
    retry: 1,
  });
  const data = purchase.data;
  const paid = data ? isPaid(data) : false;
  const handled = useRef(false);
  useEffect(() => {
    if (!data || !paid || handled.current) return;
    handled.current = true;
    onPaid(data);
  }, [data, paid, onPaid]);

  if (purchase.isError) {
    return (
      <div className={styles.state}>
        <FormAlert tone="error" title={PURCHASE_FAILED}>
          <p>{purchase.error.message}</p>
        </FormAlert>
        <Button variant="secondary" onClick={onDone}>
          Back to checkout
        </Button>
      </div>
    );
  }
  if (!data || paid || ((data.state === 'Paying' || data.state === 'RequiresAction') && redirectStatus === 'succeeded')) {
    return (
      <div role="status" className={styles.loading}>
        <p className={styles.flow}>{paid ? 'Payment successful.' : 'Confirming your payment…'}</p>
        <Skeleton className={styles.loadingLine} />
      </div>
    );
  }
  const message = data.payment?.failure?.message ?? (data.state === 'RequiresAction' ? 'The payment was not confirmed.' : PURCHASE_FAILED);
  return (
    <div className={styles.state}>
      <FormAlert tone="error" title="Your payment did not go through">
        <p>{message}</p>
      </FormAlert>
      <p className={styles.muted}>Nothing was charged. You can pay again, with another card or method.</p>
      <Button onClick={onDone}>Back to checkout</Button>
    </div>
  );
}
