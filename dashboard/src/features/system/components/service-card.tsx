import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { SystemService, SystemStatus } from '@inkwell/contracts/dashboard-system';
import { Badge } from '@/components/feedback/status-badge';
import { cx, formatCount } from '@/lib/format';
import { formatDuration, SERVICE_LABELS, serviceHealth, serviceTotals } from '../system-health';
import styles from './system.module.css';

/**
 * One service at a glance in the console's summary grid: its health in words and colour, what needs
 * attention, and its key figures. The whole card opens that service's details below.
 */
export function ServiceCard({ service, status, selected }: { service: SystemService; status: UseQueryResult<SystemStatus>; selected: boolean }) {
  const health = serviceHealth(status.data, status.isError ? status.error : null);
  const totals = status.data && serviceTotals(status.data);
  return (
    <li>
      <Link
        to={{ search: `?service=${service}` }}
        replace
        preventScrollReset
        className={cx(styles.card, styles[`card-${health.tone}`], selected && styles.cardSelected)}
        aria-current={selected ? 'true' : undefined}
      >
        <span className={styles.cardHead}>
          <span className={styles.cardName}>{SERVICE_LABELS[service]}</span>
          <Badge tone={health.tone}>{health.label}</Badge>
        </span>
        {status.data && totals ? (
          <span className={styles.cardFigures}>
            <span>
              <span className={styles.figureLabel}>Up</span> {formatDuration(status.data.uptimeSeconds)}
            </span>
            <span>
              <span className={styles.figureLabel}>Outbox</span> {formatCount(status.data.outbox.backlog)}
            </span>
            <span className={totals.deadLetters > 0 ? styles.figureAlarm : undefined}>
              <span className={styles.figureLabel}>Dead letters</span> {formatCount(totals.deadLetters)}
            </span>
          </span>
        ) : (
          !status.isError && <span className={styles.cardMuted}>Asking the service…</span>
        )}
        {health.attention && <span className={cx(styles.cardAttention, health.tone === 'danger' && styles.cardDanger)}>{health.attention}</span>}
      </Link>
    </li>
  );
}
