import styles from './email.module.css';

export type RateState = 'Healthy' | 'Warning' | 'AtRisk';
export const STATE_LABELS: Record<RateState, string> = { Healthy: 'Healthy', Warning: 'Warning', AtRisk: 'At risk' };

const percent = (fraction: number) => `${(fraction * 100).toLocaleString(undefined, { maximumFractionDigits: 3 })}%`;

interface RateMeterProps {
  label: string;
  rate: number;
  count: number;
  sends: number;
  warning: number;
  critical: number;
  state: RateState;
}

/** A rate against the provider's warning and critical thresholds: a meter with both marks, the state in words. */
export function RateMeter({ label, rate, count, sends, warning, critical, state }: RateMeterProps) {
  const max = critical * 1.5;
  const at = (value: number) => `${Math.min(100, (value / max) * 100)}%`;
  return (
    <div className={styles.meter}>
      <div className={styles.meterHead}>
        <strong>{label}</strong>
        <span>
          {percent(rate)} ({count} of {sends}) — <strong>{STATE_LABELS[state]}</strong>
        </span>
      </div>
      <div
        className={styles.meterTrack}
        role="meter"
        aria-label={`${label}: ${STATE_LABELS[state]}`}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.min(rate, max)}
        aria-valuetext={`${percent(rate)}, warning at ${percent(warning)}, critical at ${percent(critical)}`}
      >
        <div className={styles.meterFill} data-state={state} style={{ width: at(rate) }} />
        <div className={styles.meterMark} style={{ left: at(warning) }} title={`Warning ${percent(warning)}`} />
        <div className={styles.meterMark} style={{ left: at(critical) }} title={`Critical ${percent(critical)}`} />
      </div>
      <div className={styles.meterLegend}>
        <span>Warning at {percent(warning)}</span>
        <span>Critical at {percent(critical)}</span>
      </div>
    </div>
  );
}
