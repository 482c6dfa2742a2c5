import { ArrowUpIcon } from '@inkwell/ui-kit/icons';
import { cx } from '@/lib/format';
import { percentChange } from '../range';
import styles from './analytics.module.css';

interface KpiCardProps {
  label: string;
  /** The figure as shown; undefined while it loads. */
  value: string | undefined;
  /** The raw figures, for the change from the previous period when it is compared. */
  current?: number | undefined;
  previous?: number | undefined;
  /** For figures where less is better (abandonment): the change is told as an improvement when it falls. */
  lowerIsBetter?: boolean;
  hint?: string;
}

const percent = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** One figure of the range, and, when compared, its change in per cent told with an arrow and in words. */
export function KpiCard({ label, value, current, previous, lowerIsBetter = false, hint }: KpiCardProps) {
  const compared = current !== undefined && previous !== undefined;
  const change = compared ? percentChange(current, previous) : null;
  let trend: 'up' | 'down' | 'flat' | 'new' = 'flat';
  if (compared && change === null) trend = 'new';
  else if (change !== null && change > 0.05) trend = 'up';
  else if (change !== null && change < -0.05) trend = 'down';
  const good = trend === 'flat' || trend === 'new' ? undefined : (trend === 'up') !== lowerIsBetter;
  const words =
    trend === 'new'
      ? 'Up from none in the previous period'
      : trend === 'flat'
        ? 'No change from the previous period'
        : `${trend === 'up' ? 'Up' : 'Down'} ${percent.format(Math.abs(change ?? 0))}% from the previous period`;
  return (
    <li className={styles.kpi}>
      <span className={styles.kpiLabel}>{label}</span>
      {value === undefined ? (
        <span className={cx(styles.skeleton, styles.kpiSkeleton)} aria-hidden="true" />
      ) : (
        <span className={styles.kpiValue}>{value}</span>
      )}
      {value === undefined && <span className="visually-hidden">Loading</span>}
      {compared && value !== undefined && (
        <span className={cx(styles.change, good === true && styles.good, good === false && styles.bad)}>
          {(trend === 'up' || trend === 'down' || trend === 'new') && <ArrowUpIcon size={14} className={cx(styles.arrow, trend === 'down' && styles.arrowDown)} aria-hidden="true" />}
          {trend === 'flat' && (
            <span aria-hidden="true" className={styles.arrow}>
              →
            </span>
          )}
          <span>{words}</span>
        </span>
      )}
      {hint && <span className={styles.kpiHint}>{hint}</span>}
    </li>
  );
}
