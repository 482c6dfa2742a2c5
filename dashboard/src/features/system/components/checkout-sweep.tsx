import { useQuery } from '@tanstack/react-query';
import type { SweptItem } from '@inkwell/contracts/dashboard-system';
import type { SimpleColumn } from '@/components/data-table/simple-table';
import { Badge } from '@/components/feedback/status-badge';
import { formatCount, formatDateTime, formatRelative } from '@/lib/format';
import { checkoutSweepQueryOptions } from '../api/system';
import { Listing } from './listing';
import styles from './system.module.css';

const COLUMNS: SimpleColumn<SweptItem>[] = [
  {
    id: 'purchase',
    header: 'Purchase',
    isPrimary: true,
    cell: (row) => (
      <span className={styles.stack}>
        <span className={styles.code}>{row.purchaseId}</span>
        {row.orderId && <span className={styles.subtle}>{`Order ${row.orderId}`}</span>}
      </span>
    ),
  },
  { id: 'state', header: 'State', cell: (row) => row.state },
  { id: 'since', header: 'Since', cell: (row) => formatDateTime(row.since) },
  { id: 'attempts', header: 'Attempts', align: 'end', cell: (row) => formatCount(row.attempts) },
  { id: 'next', header: 'Next attempt', cell: (row) => (row.nextAttemptAt ? formatRelative(row.nextAttemptAt) : '—') },
  { id: 'error', header: 'Last error', cell: (row) => <span className={styles.errorText}>{row.lastError ?? '—'}</span> },
];

/** The order service's sweeper: purchases stuck in a checkout step, and the compensations (undos) it is driving. */
export function CheckoutSweep({ live }: { live: boolean }) {
  const sweep = useQuery(checkoutSweepQueryOptions(live));
  const stuck = useQuery({ ...checkoutSweepQueryOptions(live), select: (data) => data.stuckPurchases });
  const compensations = useQuery({ ...checkoutSweepQueryOptions(live), select: (data) => data.compensations });
  return (
    <section className={styles.section} aria-labelledby="order-checkout">
      <div className={styles.sectionHead}>
        <h3 id="order-checkout" className={styles.sectionTitle}>
          Checkout sweeper
        </h3>
        {sweep.data && (
          <Badge tone={sweep.data.stuckPurchases.length + sweep.data.compensations.length > 0 ? 'warning' : 'success'}>
            {`${formatCount(sweep.data.stuckPurchases.length)} stuck · ${formatCount(sweep.data.compensations.length)} compensating`}
          </Badge>
        )}
      </div>
      <p className={styles.note}>
        {sweep.data?.lastSweepAt ? `Last swept ${formatRelative(sweep.data.lastSweepAt)}. ` : sweep.data ? 'The sweeper has not run yet in this process. ' : ''}
        The sweeper finishes or undoes purchases a checkout left half way (a crash, a processor that did not answer).
      </p>
      <h4 className={styles.tableTitle}>Stuck purchases</h4>
      <Listing
        caption="Purchases stuck in a checkout step"
        query={stuck}
        getRowId={(row) => row.purchaseId}
        quiet="No stuck purchases: every checkout finished or was undone."
        columns={COLUMNS}
      />
      <h4 className={styles.tableTitle}>Compensations</h4>
      <Listing
        caption="Compensations the sweeper is driving"
        query={compensations}
        getRowId={(row) => row.purchaseId}
        quiet="No compensations: no purchase is being undone."
        columns={COLUMNS}
      />
    </section>
  );
}
