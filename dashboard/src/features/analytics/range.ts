/**
 * The range an Analytics or Reports screen covers: calendar days `YYYY-MM-DD`, both included, in
 * the store's reporting time zone (the answers carry it as `timeZone`). Presets, the previous
 * period of the same length, and the range as the screen's URL holds it.
 */
import { parseDate, today, type CalendarDate } from '@internationalized/date';
import { ANALYTICS_MAX_RANGE_DAYS, type AnalyticsTimespan } from '@inkwell/contracts/dashboard-analytics';

export interface DayRange {
  start: string;
  end: string;
}

export const RANGE_PRESETS = [
  { id: 'today', label: 'Today' },
  { id: 'last7', label: 'Last 7 days' },
  { id: 'last30', label: 'Last 30 days' },
  { id: 'last90', label: 'Last 90 days' },
  { id: 'thisMonth', label: 'This month' },
  { id: 'lastMonth', label: 'Last month' },
  { id: 'thisYear', label: 'This year' },
  { id: 'last12Months', label: 'Last 12 months' },
  { id: 'custom', label: 'Custom' },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['id'];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today in a time zone, falling back to UTC for a zone the browser does not know. */
export function todayIn(timeZone: string): CalendarDate {
  try {
    return today(timeZone);
  } catch {
    return today('UTC');
  }
}

/** The days a preset covers, counted back from `now` (today in the reporting zone). */
export function presetRange(preset: RangePreset, now: CalendarDate): DayRange {
  const end = now.toString();
  switch (preset) {
    case 'today':
      return { start: end, end };
    case 'last7':
      return { start: now.subtract({ days: 6 }).toString(), end };
    case 'last90':
      return { start: now.subtract({ days: 89 }).toString(), end };
    case 'thisMonth':
      return { start: now.set({ day: 1 }).toString(), end };
    case 'lastMonth': {
      const first = now.set({ day: 1 }).subtract({ months: 1 });
      return { start: first.toString(), end: now.set({ day: 1 }).subtract({ days: 1 }).toString() };
    }
    case 'thisYear':
      return { start: now.set({ month: 1, day: 1 }).toString(), end };
    case 'last12Months':
      return { start: now.set({ day: 1 }).subtract({ months: 11 }).toString(), end };
    case 'last30':
    case 'custom':
    default:
      return { start: now.subtract({ days: 29 }).toString(), end };
  }
}

/** The preset whose days these are, else `custom`. */
export function presetOf(range: DayRange, now: CalendarDate): RangePreset {
  for (const { id } of RANGE_PRESETS) {
    if (id === 'custom') continue;
    const days = presetRange(id, now);
    if (days.start === range.start && days.end === range.end) return id;
  }
  return 'custom';
}

/** How many days the range covers (both ends included). */
export function lengthInDays(range: DayRange): number {
  const start = parseDate(range.start);
  const end = parseDate(range.end);
  return end.compare(start) + 1;
}

/** The period of the same length immediately before the range. */
export function previousPeriod(range: DayRange): DayRange {
  const days = lengthInDays(range);
  const end = parseDate(range.start).subtract({ days: 1 });
  return { start: end.subtract({ days: days - 1 }).toString(), end: end.toString() };
}

function validDay(value: string | null): string | undefined {
  if (!value || !DAY.test(value)) return undefined;
  try {
    return parseDate(value).toString() === value ? value : undefined;
  } catch {
    return undefined;
  }
}

export interface RangeState extends DayRange {
  timespan: AnalyticsTimespan;
  compare: boolean;
}

/** The range the URL holds; what is missing or not a real day falls back to the last 30 days. */
export function rangeFromParams(params: URLSearchParams, now: CalendarDate): RangeState {
  const start = validDay(params.get('start'));
  const end = validDay(params.get('end'));
  const fallback = presetRange('last30', now);
  const range = start && end && start <= end ? { start, end } : fallback;
  const timespan = params.get('timespan') === 'monthly' ? 'monthly' : 'daily';
  return { ...range, timespan, compare: params.get('compare') === '1' };
}

export function rangeToParams(state: RangeState): Record<string, string> {
  const params: Record<string, string> = { start: state.start, end: state.end, timespan: state.timespan };
  if (state.compare) params.compare = '1';
  return params;
}

/** A problem with a range the staff member typed, in the API's words, else undefined. */
export function rangeProblem(range: DayRange): string | undefined {
  if (range.end < range.start) return 'end must not be before start.';
  if (lengthInDays(range) > ANALYTICS_MAX_RANGE_DAYS) return `A range covers at most ${ANALYTICS_MAX_RANGE_DAYS} days.`;
  return undefined;
}

/** The change from `previous` to `current` in per cent; null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return ((current - previous) / Math.abs(previous)) * 100;
}

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "12 Mar 2025" for a day, "Mar 2025" for a month (`YYYY-MM`). */
export function formatPeriod(period: string): string {
  const date = new Date(period.length === 7 ? `${period}-01T00:00:00Z` : `${period}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return period;
  return period.length === 7 ? monthFormat.format(date) : dayFormat.format(date);
}

/** "12 Mar 2025 – 18 Mar 2025", or one day. */
export function formatRange(range: DayRange): string {
  return range.start === range.end ? formatPeriod(range.start) : `${formatPeriod(range.start)} – ${formatPeriod(range.end)}`;
}
