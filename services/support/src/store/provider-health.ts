import type { Queryable } from '@inkwell/platform';
import { REPUTATION_THRESHOLDS, REPUTATION_WINDOW_DAYS } from '@inkwell/contracts/support-rules';

/**
 * The email provider's health as the support service sees it from its own tables (sent_emails,
 * sent_email_events, email_suppressions): the quota of the embedded and SMTP drivers and the
 * reputation rates of every driver (with SES, the events are the ones its SNS feed recorded). The
 * 15-minute delivery statistics are `deliveryPoints` of store/sent-emails.ts.
 */

export type RateState = 'Healthy' | 'Warning' | 'AtRisk';

export interface RateMetric {
  rate: number;
  sends: number;
  count: number;
  warning: number;
  critical: number;
  state: RateState;
}

export interface Reputation {
  windowDays: number;
  bounceRateMetrics: RateMetric;
  complaintRateMetrics: RateMetric;
  suppressedAddresses: number;
}

/** Above `warning` a rate is a Warning, above `critical` the account is at risk (SES's published thresholds). */
export function rateState(rate: number, limits: { warning: number; critical: number }): RateState {
  if (rate > limits.critical) return 'AtRisk';
  if (rate > limits.warning) return 'Warning';
  return 'Healthy';
}

/** Our own standing in SES's words' place: the worse of the two rates. */
export function enforcementStatusOf(reputation: Reputation): string {
  const states = [reputation.bounceRateMetrics.state, reputation.complaintRateMetrics.state];
  if (states.includes('AtRisk')) return 'AT_RISK';
  if (states.includes('Warning')) return 'WARNING';
  return 'HEALTHY';
}

const metric = (count: number, sends: number, limits: { warning: number; critical: number }): RateMetric => {
  const rate = sends === 0 ? 0 : count / sends;
  return { rate, sends, count, warning: limits.warning, critical: limits.critical, state: rateState(rate, limits) };
};

/**
 * Bounce and complaint rates over the last REPUTATION_WINDOW_DAYS: mails bounced (or complained
 * about) among the mails the provider accepted in the window (`sent_at`), each mail counted once.
 */
export async function reputation(q: Queryable, now: Date = new Date()): Promise<Reputation> {
  const { rows } = await q.query<{ sends: string; bounces: string; complaints: string; suppressed: string }>(
    `SELECT
       (SELECT count(*) FROM sent_emails WHERE sent_at > $1::timestamptz - make_interval(days => $2) AND sent_at <= $1) AS sends,
       (SELECT count(DISTINCT sent_email_id) FROM sent_email_events
         WHERE event_type = 'Bounce' AND event_at > $1::timestamptz - make_interval(days => $2) AND event_at <= $1) AS bounces,
       (SELECT count(DISTINCT sent_email_id) FROM sent_email_events
         WHERE event_type = 'Complaint' AND event_at > $1::timestamptz - make_interval(days => $2) AND event_at <= $1) AS complaints,
       (SELECT count(*) FROM email_suppressions) AS suppressed`,
    [now.toISOString(), REPUTATION_WINDOW_DAYS],
  );
  const row = rows[0]!;
  const sends = Number(row.sends);
  return {
    windowDays: REPUTATION_WINDOW_DAYS,
    bounceRateMetrics: metric(Number(row.bounces), sends, REPUTATION_THRESHOLDS.bounce),
    complaintRateMetrics: metric(Number(row.complaints), sends, REPUTATION_THRESHOLDS.complaint),
    suppressedAddresses: Number(row.suppressed),
  };
}

/** Mails the provider accepted in the 24 hours before `now`. */
export async function sentLast24Hours(q: Queryable, now: Date = new Date()): Promise<number> {
  const { rows } = await q.query<{ sent: string }>(
    `SELECT count(*) AS sent FROM sent_emails WHERE sent_at > $1::timestamptz - interval '24 hours' AND sent_at <= $1`,
    [now.toISOString()],
  );
  return Number(rows[0]!.sent);
}

/** The send-statistics range: the last 14 days up to now. */
export const STATISTICS_DAYS = 14;
