import { parseDate } from '@internationalized/date';
import {
  Button,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DateRangePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Popover,
  RangeCalendar,
} from 'react-aria-components';
import { CalendarIcon, ChevronLeftIcon, ChevronRightIcon } from '@inkwell/ui-kit/icons';
import { FieldHelp, FieldLabel, fieldStyles } from '@/components/form/field-parts';
import { cx } from '@/lib/format';
import type { DayRange } from '../range';
import styles from './analytics.module.css';

interface DateRangeFieldProps {
  label: string;
  value: DayRange;
  onChange: (range: DayRange) => void;
  error?: string | undefined;
  description?: string;
  className?: string;
}

function toValue(range: DayRange) {
  try {
    return { start: parseDate(range.start), end: parseDate(range.end) };
  } catch {
    return null;
  }
}

/**
 * A labelled range of days (React Aria DateRangePicker): both ends typed segment by segment or
 * picked in a calendar, keyboard-operable throughout.
 */
export function DateRangeField({ label, value, onChange, error, description, className }: DateRangeFieldProps) {
  return (
    <DateRangePicker
      value={toValue(value)}
      onChange={(next) => {
        // While a year is still being typed ("2", "20") the picker already holds a date: wait for four digits.
        if (next && next.start.year >= 1000 && next.end.year >= 1000) onChange({ start: next.start.toString(), end: next.end.toString() });
      }}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      className={cx(fieldStyles.field, className)}
    >
      <FieldLabel label={label} />
      <Group className={cx(fieldStyles.group, styles.rangeGroup)}>
        <DateInput slot="start" className={fieldStyles.dateInput}>
          {(segment) => <DateSegment segment={segment} className={fieldStyles.segment} />}
        </DateInput>
        <span aria-hidden="true" className={styles.rangeDash}>
          –
        </span>
        <DateInput slot="end" className={fieldStyles.dateInput}>
          {(segment) => <DateSegment segment={segment} className={fieldStyles.segment} />}
        </DateInput>
        <Button className={fieldStyles.iconButton} aria-label="Open the calendar">
          <CalendarIcon size={16} />
        </Button>
      </Group>
      <FieldHelp description={description} error={error} />
      <Popover className={fieldStyles.popover} offset={4}>
        <Dialog className={fieldStyles.dialog}>
          <RangeCalendar>
            <header className={fieldStyles.calendarHeader}>
              <Button slot="previous" className={fieldStyles.iconButton}>
                <ChevronLeftIcon size={16} />
              </Button>
              <Heading className={fieldStyles.calendarHeading} />
              <Button slot="next" className={fieldStyles.iconButton}>
                <ChevronRightIcon size={16} />
              </Button>
            </header>
            <CalendarGrid className={fieldStyles.calendarGrid}>{(date) => <CalendarCell date={date} className={fieldStyles.cell} />}</CalendarGrid>
          </RangeCalendar>
        </Dialog>
      </Popover>
    </DateRangePicker>
  );
}
