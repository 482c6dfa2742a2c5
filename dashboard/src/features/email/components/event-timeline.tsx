import type { SentEmailEvent } from '@inkwell/contracts/dashboard-support';
import type { SentEmailEventType } from '@inkwell/contracts/support-rules';
import { formatDateTime } from '@/lib/format';
import styles from './email.module.css';

const LABELS: Record<SentEmailEventType, string> = {
  Queued: 'Queued',
  Send: 'Sent to the provider',
  Delivery: 'Delivered',
  Bounce: 'Bounced',
  Complaint: 'Complaint',
  Reject: 'Rejected',
  Suppressed: 'Suppressed (not sent)',
  Failure: 'Failed',
};

const TONES: Partial<Record<SentEmailEventType, 'success' | 'danger'>> = {
  Delivery: 'success',
  Bounce: 'danger',
  Complaint: 'danger',
  Reject: 'danger',
  Failure: 'danger',
  Suppressed: 'danger',
};

/** What became of an email, oldest first: Queued → Send → Delivery / Bounce / Complaint / Failure, with times and the provider's words. */
export function EventTimeline({ events }: { events: readonly SentEmailEvent[] }) {
  if (events.length === 0) return <p className={styles.muted}>No events yet.</p>;
  const ordered = [...events].sort((a, b) => a.eventDateTime.localeCompare(b.eventDateTime) || a.id - b.id);
  return (
    <ol className={styles.timeline} aria-label="Delivery events">
      {ordered.map((event) => (
        <li key={event.id} data-tone={TONES[event.eventType]}>
          <div className={styles.eventHead}>
            <strong>{LABELS[event.eventType] ?? event.eventType}</strong>
            <time dateTime={event.eventDateTime} className={styles.muted}>
              {formatDateTime(event.eventDateTime)}
            </time>
          </div>
          {event.completeEventString && <p className={styles.eventString}>{event.completeEventString}</p>}
        </li>
      ))}
    </ol>
  );
}
