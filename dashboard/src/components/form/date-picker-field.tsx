import type { Ref } from 'react';
import {
  getLocalTimeZone,
  parseAbsoluteToLocal,
  parseDate,
  today,
  type CalendarDate,
  type ZonedDateTime,
} from '@internationalized/date';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Popover,
  type DateValue,
} from 'react-aria-components';
import { CalendarIcon, ChevronLeftIcon, ChevronRightIcon } from '@inkwell/ui-kit/icons';
import { cx } from '@/lib/format';
import { FieldHelp, FieldLabel, fieldStyles as styles, type FieldProps } from './field-parts';

interface DatePickerFieldProps extends FieldProps {
  /**
   * With granularity `day`, a calendar date `YYYY-MM-DD`; with `minute`, an ISO instant
   * (`2025-03-12T13:05:00.000Z`), shown and picked in the staff member's time zone. null when empty.
   */
  value?: string | null | undefined;
  onChange?: (value: string | null) => void;
  granularity?: 'day' | 'minute';
  /** Refuse days before today (schedule dates, delay dates). */
  isFutureOnly?: boolean;
  ref?: Ref<HTMLDivElement>;
}

function toPickerValue(value: string | null | undefined, granularity: 'day' | 'minute'): DateValue | null {
  if (!value) return null;
  try {
    return granularity === 'day' ? parseDate(value.slice(0, 10)) : parseAbsoluteToLocal(value);
  } catch {
    return null;
  }
}

function fromPickerValue(value: DateValue | null, granularity: 'day' | 'minute'): string | null {
  if (!value) return null;
  if (granularity === 'day') return (value as CalendarDate).toString().slice(0, 10);
  return (value as ZonedDateTime).toDate().toISOString();
}

/**
 * A labelled date (or date and time) picker: typed segment by segment or picked in a calendar,
 * keyboard-operable throughout (React Aria DatePicker).
 */
export function DatePickerField({
  label,
  description,
  error,
  className,
  value,
  onChange,
  granularity = 'day',
  isFutureOnly = false,
  ref,
  ...props
}: DatePickerFieldProps) {
  const zone = getLocalTimeZone();
  return (
    <DatePicker
      {...props}
      ref={ref}
      value={toPickerValue(value, granularity)}
      onChange={(next) => onChange?.(fromPickerValue(next, granularity))}
      granularity={granularity}
      hideTimeZone
      minValue={isFutureOnly ? today(zone) : undefined}
      placeholderValue={granularity === 'minute' ? undefined : today(zone)}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      className={cx(styles.field, className)}
    >
      <FieldLabel label={label} isRequired={props.isRequired} />
      <Group className={styles.group}>
        <DateInput className={styles.dateInput}>{(segment) => <DateSegment segment={segment} className={styles.segment} />}</DateInput>
        <Button className={styles.iconButton} aria-label="Open the calendar">
          <CalendarIcon size={16} />
        </Button>
      </Group>
      <FieldHelp description={description} error={error} />
      <Popover className={styles.popover} offset={4}>
        <Dialog className={styles.dialog}>
          <Calendar>
            <header className={styles.calendarHeader}>
              <Button slot="previous" className={styles.iconButton}>
                <ChevronLeftIcon size={16} />
              </Button>
              <Heading className={styles.calendarHeading} />
              <Button slot="next" className={styles.iconButton}>
                <ChevronRightIcon size={16} />
              </Button>
            </header>
            <CalendarGrid className={styles.calendarGrid}>{(date) => <CalendarCell date={date} className={styles.cell} />}</CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </DatePicker>
  );
}
