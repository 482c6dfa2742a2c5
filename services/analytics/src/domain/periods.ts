/**
 * Calendar days `YYYY-MM-DD` and months in the reporting zone, as plain strings: the days of a
 * range, its periods (daily or monthly, empty ones included) and its cover by whole months + days.
 */
import type { AnalyticsTimespan } from '@inkwell/contracts/dashboard-analytics';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** A real calendar day written YYYY-MM-DD (2025-02-30 is not). */
export function isCalendarDay(text: unknown): text is string {
  if (typeof text !== 'string') return false;
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function toUtc(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const time = new Date(0);
  time.setUTCFullYear(year, month - 1, date);
  return time.getTime();
}

function fromUtc(time: number): string {
  const date = new Date(time);
  const year = String(date.getUTCFullYear()).padStart(4, '0');
  return `${year}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}`;
}

export function addDays(day: string, days: number): string {
  return fromUtc(toUtc(day) + days * MS_PER_DAY);
}

/** Days from `from` to `to` (0 when equal, negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / MS_PER_DAY);
}

/** The first day of the day's month. */
export function monthOf(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The last day of the day's month. */
export function monthEnd(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const next = month === 12 ? `${String(year + 1).padStart(4, '0')}-01-01` : `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-01`;
  return addDays(next, -1);
}

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** One period of a series: its label and the days of the range it covers. */
export interface Period {
  /** `YYYY-MM-DD` (daily) or `YYYY-MM` (monthly). */
  period: string;
  from: string;
  to: string;
}

/** The periods of a range: one per day, or one per calendar month touched (clipped to the range). */
export function periodsOf(start: string, end: string, timespan: AnalyticsTimespan): Period[] {
  if (timespan === 'daily') return daysOf(start, end).map((day) => ({ period: day, from: day, to: day }));
  const periods: Period[] = [];
  for (let first = monthOf(start); first <= end; first = addDays(monthEnd(first), 1)) {
    const last = monthEnd(first);
    periods.push({ period: first.slice(0, 7), from: first < start ? start : first, to: last > end ? end : last });
  }
  return periods;
}

/** A range as whole calendar months (their first days) plus the days left at its edges. */
export interface Cover {
  months: string[];
  days: string[];
}

export function coverOf(from: string, to: string): Cover {
  const cover: Cover = { months: [], days: [] };
  let day = from;
  while (day <= to) {
    const last = monthEnd(day);
    if (day === monthOf(day) && last <= to) {
      cover.months.push(day);
      day = addDays(last, 1);
    } else {
      const stop = last < to ? last : to;
      cover.days.push(...daysOf(day, stop));
      day = addDays(stop, 1);
    }
  }
  return cover;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of an instant in a time zone (IANA name). */
export function dayInZone(instant: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const part = (type: string) => parts.find((item) => item.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}
