import { PUBLISH_STATUS_LABELS } from '@inkwell/contracts/labels';
import { cx } from '@/lib/format';
import styles from './status-badge.module.css';

/** Publish statuses of products, series, bundles and wheel entries (dashboard spec §3). */
export const PUBLISH_STATUSES = ['New', 'Draft', 'Scheduled', 'ScheduledPreOrder', 'ScheduledComingSoon', 'Published', 'Removed', 'Ended', 'OnGoing'] as const;
export type PublishStatusName = (typeof PUBLISH_STATUSES)[number];

/** Numeric codes the API may answer with (spec §3: Draft 0 … Ended 6). */
const BY_CODE: Record<number, PublishStatusName> = {
  0: 'Draft',
  1: 'Scheduled',
  2: 'ScheduledPreOrder',
  3: 'ScheduledComingSoon',
  4: 'Published',
  5: 'Removed',
  6: 'Ended',
};

const TONES: Record<PublishStatusName, 'neutral' | 'info' | 'success' | 'danger' | 'muted'> = {
  New: 'neutral',
  Draft: 'neutral',
  Scheduled: 'info',
  ScheduledPreOrder: 'info',
  ScheduledComingSoon: 'info',
  Published: 'success',
  OnGoing: 'success',
  Removed: 'danger',
  Ended: 'muted',
};

export function publishStatusName(status: string | number | null | undefined): PublishStatusName | undefined {
  if (typeof status === 'number') return BY_CODE[status];
  return PUBLISH_STATUSES.find((name) => name.toLowerCase() === String(status ?? '').toLowerCase());
}

/** A publish status as a small coloured label; the words carry the meaning, not the colour alone. */
export function StatusBadge({ status, className }: { status: string | number | null | undefined; className?: string }) {
  const name = publishStatusName(status);
  return (
    <span className={cx(styles.badge, styles[name ? TONES[name] : 'neutral'], className)}>
      <span className={styles.dot} aria-hidden="true" />
      {name ? PUBLISH_STATUS_LABELS[name] : String(status ?? 'Unknown')}
    </span>
  );
}

/** A badge with any text and tone, for states other than publish statuses (Hidden/Visible, Running). */
export function Badge({ children, tone = 'neutral' }: { children: string; tone?: 'neutral' | 'info' | 'success' | 'danger' | 'muted' | 'warning' }) {
  return (
    <span className={cx(styles.badge, styles[tone])}>
      <span className={styles.dot} aria-hidden="true" />
      {children}
    </span>
  );
}
