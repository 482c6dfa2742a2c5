/**
 * The query of every §7 Analytics call, shared by the traffic and commerce routes: `start` and `end`
 * are calendar days (YYYY-MM-DD, both included, in the reporting zone), `timespan` daily (default)
 * or monthly. A bad argument answers 400 naming its field with the contract's message.
 */
import { Type } from '@sinclair/typebox';
import { ANALYTICS_MAX_RANGE_DAYS, ANALYTICS_MESSAGES, ANALYTICS_TIMESPANS, AnalyticsRangeQuerySchema, type AnalyticsTimespan } from '@inkwell/contracts/dashboard-analytics';
import { BadRequestError } from '@inkwell/platform';
import { coverOf, daysBetween, isCalendarDay, periodsOf, type Cover, type Period } from '../domain/periods';

/**
 * The route schema of the range query: the contract's `start` and `end`, with `timespan` checked by
 * `parseAnalyticsRange` (so a bad one answers the contract's message, naming the field).
 */
export const AnalyticsRangeQueryRoute = Type.Object({
  start: AnalyticsRangeQuerySchema.properties.start,
  end: AnalyticsRangeQuerySchema.properties.end,
  timespan: Type.Optional(Type.String({ maxLength: 20, description: 'daily (default) or monthly' })),
});

export interface AnalyticsRange {
  start: string;
  end: string;
  timespan: AnalyticsTimespan;
  /** The periods of the series, empty ones included, each clipped to the range. */
  periods: Period[];
  /** The range as whole months plus edge days (for rollups kept per day and per month). */
  cover: Cover;
}

export function parseAnalyticsRange(query: { start?: unknown; end?: unknown; timespan?: unknown }): AnalyticsRange {
  const { start, end } = query;
  if (!isCalendarDay(start)) throw new BadRequestError(ANALYTICS_MESSAGES.start, { field: 'start' });
  if (!isCalendarDay(end)) throw new BadRequestError(ANALYTICS_MESSAGES.end, { field: 'end' });
  if (end < start) throw new BadRequestError(ANALYTICS_MESSAGES.order, { field: 'end' });
  if (daysBetween(start, end) + 1 > ANALYTICS_MAX_RANGE_DAYS) throw new BadRequestError(ANALYTICS_MESSAGES.tooLong, { field: 'end' });
  const timespan = query.timespan ?? 'daily';
  if (!(ANALYTICS_TIMESPANS as readonly unknown[]).includes(timespan)) throw new BadRequestError(ANALYTICS_MESSAGES.timespan, { field: 'timespan' });
  const span = timespan as AnalyticsTimespan;
  return { start, end, timespan: span, periods: periodsOf(start, end, span), cover: coverOf(start, end) };
}

/** Zero-filled points: one per period, `fill` giving the figures of those that have some. */
export function zeroFilled<P extends Record<string, number>>(periods: readonly Period[], zero: P, figures: ReadonlyMap<string, Partial<P>>): Array<P & { period: string }> {
  return periods.map((period) => ({ ...zero, ...(figures.get(period.period) ?? {}), period: period.period }));
}
