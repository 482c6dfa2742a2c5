import type { Queryable } from '@inkwell/platform';
import { EMAIL_TIMELINE_STEP_MS, REPUTATION_THRESHOLDS, REPUTATION_WINDOW_DAYS } from '@inkwell/contracts/support-rules';

/**
 * The email provider's health as the support service sees it from its own tables (sent_emails,
 * sent_email_events, email_suppressions): the quota of the embedded and SMTP drivers, the 15-minute
 * delivery statistics and the reputation rates of every driver (with SES, the events are the ones its
 * SNS feed recorded).
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

export interface StatisticsPoint {
  timestamp: string;
  deliveryAttempts: number;
  deliveries: number;
  bounces: number;
  complaints: number;
  rejects: number;
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

/**
 * The delivery statistics of [from, to) in 15-minute steps (every step present, zeros included):
 * delivery attempts are Send events (a retry is another attempt), deliveries, bounces, complaints and
 * rejects the events of those types.
 */
export async function statisticsPoints(q: Queryable, from: Date, to: Date): Promise<StatisticsPoint[]> {
  const step = `${EMAIL_TIMELINE_STEP_MS / 1000} seconds`;
  const { rows } = await q.query<{ step: Date; attempts: string; deliveries: string; bounces: string; complaints: string; rejects: string }>(
    `WITH steps AS (
       SELECT generate_series(date_bin($3::interval, $1::timestamptz, 'epoch'), $2::timestamptz - interval '1 microsecond', $3::interval) AS step
     ), counted AS (
       SELECT date_bin($3::interval, event_at, 'epoch') AS step,
              count(*) FILTER (WHERE event_type = 'Send') AS attempts,
              count(*) FILTER (WHERE event_type = 'Delivery') AS deliveries,
              count(*) FILTER (WHERE event_type = 'Bounce') AS bounces,
              count(*) FILTER (WHERE event_type = 'Complaint') AS complaints,
              count(*) FILTER (WHERE event_type = 'Reject') AS rejects
         FROM sent_email_events
        WHERE event_at >= date_bin($3::interval, $1::timestamptz, 'epoch') AND event_at < $2
        GROUP BY 1
     )
     SELECT steps.step, COALESCE(attempts, 0) AS attempts, COALESCE(deliveries, 0) AS deliveries, COALESCE(bounces, 0) AS bounces,
            COALESCE(complaints, 0) AS complaints, COALESCE(rejects, 0) AS rejects
       FROM steps LEFT JOIN counted USING (step)
      ORDER BY steps.step`,
    [from.toISOString(), to.toISOString(), step],
  );
  return rows.map((row) => ({
    timestamp: new Date(row.step).toISOString(),
    deliveryAttempts: Number(row.attempts),
    deliveries: Number(row.deliveries),
    bounces: Number(row.bounces),
    complaints: Number(row.complaints),
    rejects: Number(row.rejects),
  }));
}

/** The send-statistics range: the last 14 days up to now. */
export const STATISTICS_DAYS = 14;
