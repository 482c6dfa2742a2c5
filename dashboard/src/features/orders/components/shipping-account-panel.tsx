import { Badge } from '@/components/feedback/status-badge';
import { errorMessage } from '@/lib/staff-api';
import { useShippingAccountInfo } from '../api/orders';
import styles from '../orders.module.css';

/** The shipping account's state (`orders/shipping/getAccountInfo`): which rates price Print orders. */
export function ShippingAccountPanel() {
  const info = useShippingAccountInfo();
  return (
    <section className={styles.accountPanel} aria-labelledby="shipping-account-title">
      <h2 id="shipping-account-title" className={styles.panelTitle}>
        Shipping account
      </h2>
      {info.isPending ? (
        <p className={styles.muted}>Checking the shipping account…</p>
      ) : info.isError ? (
        <p className={styles.muted} role="status">
          The shipping account could not be read: {errorMessage(info.error)}
        </p>
      ) : (
        <p className={styles.accountLine}>
          <Badge tone={info.data.connected ? 'success' : 'danger'}>{info.data.connected ? 'Connected' : 'Not connected'}</Badge>
          <span>
            {info.data.name} ({info.data.provider}), prices in {info.data.currency}
            {info.data.services.length > 0 && <span className={styles.services}> · {info.data.services.join(', ')}</span>}
          </span>
        </p>
      )}
    </section>
  );
}
