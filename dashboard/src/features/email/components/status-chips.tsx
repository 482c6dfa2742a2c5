import type { IdentityStatus, ScheduledEmailStatus, SentEmailStatus } from '@inkwell/contracts/support-rules';
import { Badge } from '@/components/feedback/status-badge';

type Tone = 'neutral' | 'info' | 'success' | 'danger' | 'muted' | 'warning';

const SENT_TONES: Record<SentEmailStatus, Tone> = {
  Queued: 'neutral',
  Sent: 'info',
  Delivered: 'success',
  Bounced: 'danger',
  Complained: 'danger',
  Suppressed: 'warning',
  Failed: 'danger',
};

const SCHEDULED_TONES: Record<ScheduledEmailStatus, Tone> = {
  Scheduled: 'info',
  Deferred: 'warning',
  Sent: 'success',
  Cancelled: 'muted',
  Failed: 'danger',
};

const IDENTITY_TONES: Record<IdentityStatus, Tone> = {
  Success: 'success',
  Pending: 'info',
  NotStarted: 'neutral',
  TemporaryFailure: 'warning',
  Failed: 'danger',
};

const IDENTITY_LABELS: Record<IdentityStatus, string> = {
  Success: 'Verified',
  Pending: 'Pending',
  NotStarted: 'Not started',
  TemporaryFailure: 'Temporary failure',
  Failed: 'Failed',
};

export function SentStatusChip({ status }: { status: SentEmailStatus }) {
  return <Badge tone={SENT_TONES[status] ?? 'neutral'}>{status}</Badge>;
}

export function ScheduledStatusChip({ status }: { status: ScheduledEmailStatus }) {
  return <Badge tone={SCHEDULED_TONES[status] ?? 'neutral'}>{status}</Badge>;
}

export function IdentityStatusChip({ status }: { status: IdentityStatus }) {
  return <Badge tone={IDENTITY_TONES[status] ?? 'neutral'}>{IDENTITY_LABELS[status] ?? status}</Badge>;
}
