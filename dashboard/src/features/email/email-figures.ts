/**
 * The figures the Email screens draw, from what the support service answers: the provider's
 * 15-minute statistics summed per day, and the range of the sent-email timeline on step boundaries.
 */
import type { DeliveryStatisticsPoint } from '@inkwell/contracts/dashboard-support';
import { EMAIL_TIMELINE_STEP_MS } from '@inkwell/contracts/support-rules';

export interface DayTotals {
  date: string;
  deliveryAttempts: number;
  bounces: number;
  complaints: number;
  rejects: number;
}

/** The 15-minute points summed per UTC day, oldest first; a day appears when any point of it was given (the service gives every step). */
export function byDay(points: readonly DeliveryStatisticsPoint[]): DayTotals[] {
  const days = new Map<string, DayTotals>();
  for (const point of points) {
    const date = point.timestamp.slice(0, 10);
    const day = days.get(date) ?? { date, deliveryAttempts: 0, bounces: 0, complaints: 0, rejects: 0 };
    day.deliveryAttempts += point.deliveryAttempts;
    day.bounces += point.bounces;
    day.complaints += point.complaints;
    day.rejects += point.rejects;
    days.set(date, day);
  }
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** [end − span, end) where end is the first 15-minute step boundary after `now`: the current step is included. */
export function timelineRange(spanMs: number, now = Date.now()): { start: string; end: string } {
  const end = Math.floor(now / EMAIL_TIMELINE_STEP_MS) * EMAIL_TIMELINE_STEP_MS + EMAIL_TIMELINE_STEP_MS;
  return { start: new Date(end - spanMs).toISOString(), end: new Date(end).toISOString() };
}

/** The steps with anything in them: what the timeline's table lists (a day has 96 steps, most of them empty). */
export function busySteps<T extends DeliveryStatisticsPoint>(points: readonly T[]): T[] {
  return points.filter((point) => point.deliveryAttempts + point.deliveries + point.bounces + point.complaints + point.rejects > 0);
}
