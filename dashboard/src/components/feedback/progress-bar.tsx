import { Label, ProgressBar as AriaProgressBar } from 'react-aria-components';
import { cx } from '@/lib/format';
import styles from './progress-bar.module.css';

interface ProgressBarProps {
  label: string;
  /** 0–100 (or within minValue–maxValue); leave undefined while the total is unknown. */
  value?: number | undefined;
  minValue?: number;
  maxValue?: number;
  /** Text beside the label instead of the percentage ("12 of 80 pages"). */
  valueLabel?: string;
  className?: string;
}

/** A labelled progress bar (React Aria: role progressbar with its value announced). */
export function ProgressBar({ label, value, minValue = 0, maxValue = 100, valueLabel, className }: ProgressBarProps) {
  return (
    <AriaProgressBar
      value={value ?? 0}
      minValue={minValue}
      maxValue={maxValue}
      isIndeterminate={value === undefined}
      valueLabel={valueLabel}
      className={cx(styles.root, className)}
    >
      {({ percentage, valueText, isIndeterminate }) => (
        <>
          <div className={styles.labels}>
            <Label className={styles.label}>{label}</Label>
            {!isIndeterminate && <span className={styles.value}>{valueText}</span>}
          </div>
          <div className={styles.track}>
            <div className={cx(styles.fill, isIndeterminate && styles.indeterminate)} style={isIndeterminate ? undefined : { width: `${percentage ?? 0}%` }} />
          </div>
        </>
      )}
    </AriaProgressBar>
  );
}
