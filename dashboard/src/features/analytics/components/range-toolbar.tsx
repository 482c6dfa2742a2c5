import type { CalendarDate } from '@internationalized/date';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import type { AnalyticsTimespan } from '@inkwell/contracts/dashboard-analytics';
import { CheckboxField } from '@/components/form/checkbox-field';
import { SelectField } from '@/components/form/select-field';
import { RANGE_PRESETS, presetOf, presetRange, rangeProblem, type DayRange, type RangePreset } from '../range';
import { DateRangeField } from './date-range-field';
import styles from './analytics.module.css';

interface RangeToolbarProps {
  range: DayRange;
  onRange: (range: DayRange) => void;
  /** Today in the reporting zone, which the presets count back from. */
  now: CalendarDate;
  timeZone: string;
  /** The server's word on the range (a 400's message), shown under the picker. */
  serverError?: string | undefined;
  timespan?: AnalyticsTimespan;
  onTimespan?: (timespan: AnalyticsTimespan) => void;
  compare?: boolean;
  onCompare?: (compare: boolean) => void;
}

/** The range of a screen: a preset or any days, optionally compared with the period before, daily or monthly. */
export function RangeToolbar({ range, onRange, now, timeZone, serverError, timespan, onTimespan, compare, onCompare }: RangeToolbarProps) {
  const preset = presetOf(range, now);
  const problem = rangeProblem(range) ?? serverError;
  return (
    <div className={styles.toolbar} role="group" aria-label="Range">
      <SelectField<RangePreset>
        label="Period"
        options={RANGE_PRESETS.map(({ id, label }) => ({ id, label }))}
        value={preset}
        onChange={(id) => id && id !== 'custom' && onRange(presetRange(id, now))}
        className={styles.preset}
      />
      <DateRangeField label="Days" value={range} onChange={onRange} error={problem} description={`Both days included, in the store's time zone (${timeZone}).`} className={styles.range} />
      {onTimespan && (
        <div className={styles.timespan}>
          <span className={styles.toggleLabel} id="timespan-label">
            Points
          </span>
          <ToggleButtonGroup
            aria-labelledby="timespan-label"
            selectionMode="single"
            disallowEmptySelection
            selectedKeys={[timespan ?? 'daily']}
            onSelectionChange={(keys) => {
              const [key] = [...keys];
              if (key === 'daily' || key === 'monthly') onTimespan(key);
            }}
            className={styles.toggleGroup}
          >
            <ToggleButton id="daily" className={styles.toggle}>
              Daily
            </ToggleButton>
            <ToggleButton id="monthly" className={styles.toggle}>
              Monthly
            </ToggleButton>
          </ToggleButtonGroup>
        </div>
      )}
      {onCompare && <CheckboxField label="Compare with the previous period" value={compare} onChange={onCompare} className={styles.compare} />}
    </div>
  );
}
