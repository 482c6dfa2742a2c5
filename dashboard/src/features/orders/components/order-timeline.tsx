import type { Static } from '@sinclair/typebox';
import type { OrderTimelineEntrySchema } from '@inkwell/contracts/dashboard-customers';
import { formatDateTime } from '@/lib/format';
import { orderStatusLabel } from './order-status-badge';
import styles from '../orders.module.css';

type TimelineEntry = Static<typeof OrderTimelineEntrySchema>;

const KIND_LABELS: Record<TimelineEntry['kind'], string> = {
  placed: 'Placed',
  status: 'Status',
  payment: 'Payment',
  shipment: 'Shipment',
  refund: 'Refund',
  edit: 'Edit',
  note: 'Note',
  email: 'Email',
};

/** What happened to the order, oldest first: placed, paid, status moves, shipments, refunds, edits, notes, emails. */
export function OrderTimeline({ entries }: { entries: readonly TimelineEntry[] }) {
  const sorted = [...entries].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <section className={styles.card} aria-labelledby="order-timeline-title">
      <h2 id="order-timeline-title" className={styles.cardTitle}>
        Timeline
      </h2>
      {sorted.length === 0 ? (
        <p className={styles.muted}>Nothing has happened to this order yet.</p>
      ) : (
        <ol className={styles.timeline}>
          {sorted.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className={styles.timelineEntry} data-kind={entry.kind}>
              <span className={styles.timelineDot} aria-hidden="true" />
              <div>
                <p className={styles.timelineSummary}>
                  <strong>{KIND_LABELS[entry.kind]}:</strong> {entry.summary}
                  {entry.fromStatus && entry.toStatus && entry.fromStatus !== entry.toStatus && !entry.summary.includes('→') && (
                    <span className={styles.muted}>
                      {' '}
                      ({orderStatusLabel(entry.fromStatus)} → {orderStatusLabel(entry.toStatus)})
                    </span>
                  )}
                </p>
                <p className={styles.muted}>
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  {(entry.actorEmail ?? entry.actorId) && <> · {entry.actorEmail ?? entry.actorId}</>}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
