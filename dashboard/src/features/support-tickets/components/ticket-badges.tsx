import type { SentEmailStatus, TicketStatus } from '@inkwell/contracts/support-rules';
import { Badge } from '@/components/feedback/status-badge';
import { inkOn, ticketStatusLabel } from '../ticket-rules';
import styles from '../support-tickets.module.css';

type Tone = 'neutral' | 'info' | 'success' | 'danger' | 'muted' | 'warning';

const TICKET_TONES: Record<TicketStatus, Tone> = { Open: 'warning', PendingOnCustomer: 'info', Solved: 'success', Closed: 'muted' };

export function TicketStatusBadge({ status }: { status: string }) {
  return <Badge tone={TICKET_TONES[status as TicketStatus] ?? 'neutral'}>{ticketStatusLabel(status)}</Badge>;
}

const EMAIL_TONES: Record<SentEmailStatus, Tone> = {
  Queued: 'neutral',
  Sent: 'info',
  Delivered: 'success',
  Bounced: 'danger',
  Complained: 'danger',
  Suppressed: 'warning',
  Failed: 'danger',
};

/** What became of a reply's email: Queued, Sent, Delivered, Bounced, Failed… */
export function EmailStatusBadge({ status }: { status: string }) {
  return <Badge tone={EMAIL_TONES[status as SentEmailStatus] ?? 'neutral'}>{status}</Badge>;
}

/** A tag in its own colour, the text black or white for contrast. */
export function TagChip({ name, color }: { name: string; color: string }) {
  return (
    <span className={styles.tagChip} style={{ background: color, color: inkOn(color) }}>
      {name}
    </span>
  );
}
