import type { Database } from '../db/database';
import type { EventBus, EventHandler } from '../events/bus';
import { defineCounter, defineGauge, defineHistogram, DURATION_BUCKETS, metricsEnabled } from './metrics';

/**
 * The event pipeline's instruments, in prom-client's default registry: the outbox (backlog and age
 * of its oldest unpublished row, read on scrape; events published), and each consumer group
 * (`<service>.<subscription>`, a set fixed by the code): events handled, failed deliveries, time
 * per delivery, lag and dead letters. The scraped gauges read the services registered with
 * `trackServiceEvents`: one query per service database and scrape, and one lag reading per bus.
 */

/** One service's event pipeline: its database (outbox, dead letters), its bus and its consumer groups. */
export interface ServiceEvents {
  service: string;
  db: Database;
  bus: EventBus;
  groups: readonly string[];
}

/** The outbox and dead letters of one service, as one query reads them. */
export interface ServiceEventState {
  backlog: number;
  /** Age of the oldest unpublished row; null when there is none. */
  oldestAgeSeconds: number | null;
  /** Dead letters per consumer group of the service (every group, 0 for none). */
  deadLetters: Map<string, number>;
}

/** A state read this recently is reused: the gauges of one scrape share one query. */
const STATE_REUSE_MS = 1_000;

const tracked = new Map<ServiceEvents, { at: number; state: Promise<ServiceEventState> } | undefined>();
/** Failed deliveries per group since the process started (also shown in the System area). */
const retriesByGroup = new Map<string, number>();

/**
 * Adds a service to what the scraped gauges read, until the returned function is called (when the
 * service stops: its database is closed after).
 */
export function trackServiceEvents(source: ServiceEvents): () => void {
  tracked.set(source, undefined);
  return () => {
    tracked.delete(source);
  };
}

/** The outbox backlog and dead-letter counts of a service, from one query, now. */
export async function serviceEventState({ db, groups }: ServiceEvents): Promise<ServiceEventState> {
  const { rows } = await db.query<{ backlog: number; oldest_age_seconds: number | null; dead_letters: Record<string, number> }>(
    `SELECT (SELECT count(*)::int FROM outbox WHERE published_at IS NULL) AS backlog,
            (SELECT extract(epoch FROM now() - min(occurred_at))::float8 FROM outbox WHERE published_at IS NULL) AS oldest_age_seconds,
            (SELECT coalesce(jsonb_object_agg(consumer_group, n), '{}'::jsonb)
               FROM (SELECT consumer_group, count(*)::int AS n FROM dead_letters GROUP BY consumer_group) d) AS dead_letters`,
  );
  const row = rows[0]!;
  const deadLetters = new Map<string, number>(groups.map((group) => [group, 0]));
  for (const [group, count] of Object.entries(row.dead_letters)) deadLetters.set(group, count);
  return { backlog: row.backlog, oldestAgeSeconds: row.oldest_age_seconds === null ? null : Math.max(0, row.oldest_age_seconds), deadLetters };
}

/** Lag per group of the tracked services, asking each bus once for all its groups. */
async function lagOfTracked(): Promise<Map<string, number | null>> {
  const groupsByBus = new Map<EventBus, string[]>();
  for (const { bus, groups } of tracked.keys()) groupsByBus.set(bus, [...(groupsByBus.get(bus) ?? []), ...groups]);
  const lag = new Map<string, number | null>();
  await Promise.all(
    [...groupsByBus].map(async ([bus, groups]) => {
      if (!bus.lag || groups.length === 0) return;
      for (const [group, value] of await bus.lag(groups).catch(() => new Map<string, number | null>())) lag.set(group, value);
    }),
  );
  return lag;
}

/** A tracked service's state, read once for the gauges of one scrape (reused for a second). */
function scrapedState(source: ServiceEvents): Promise<ServiceEventState> {
  const recent = tracked.get(source);
  if (recent && Date.now() - recent.at < STATE_REUSE_MS) return recent.state;
  const state = serviceEventState(source);
  tracked.set(source, { at: Date.now(), state });
  // A failed read is not reused.
  state.catch(() => tracked.has(source) && tracked.set(source, undefined));
  return state;
}

/** Each tracked service's state; one that cannot be read now (its database away) is left out of the scrape. */
async function trackedStates(): Promise<Array<[ServiceEvents, ServiceEventState]>> {
  const states = await Promise.all([...tracked.keys()].map(async (source) => [source, await scrapedState(source).catch(() => undefined)] as const));
  return states.filter((entry): entry is [ServiceEvents, ServiceEventState] => entry[1] !== undefined);
}

const outboxBacklog = defineGauge({
  name: 'inkwell_outbox_backlog',
  help: 'Outbox rows not yet published, per service.',
  labelNames: ['service'],
  async collect() {
    const states = await trackedStates();
    this.reset();
    for (const [{ service }, { backlog }] of states) this.set({ service }, backlog);
  },
});

const outboxOldestAge = defineGauge({
  name: 'inkwell_outbox_oldest_age_seconds',
  help: 'Age of the oldest unpublished outbox row, per service (0 when none).',
  labelNames: ['service'],
  async collect() {
    const states = await trackedStates();
    this.reset();
    for (const [{ service }, { oldestAgeSeconds }] of states) this.set({ service }, oldestAgeSeconds ?? 0);
  },
});

const deadLetters = defineGauge({
  name: 'inkwell_dead_letters',
  help: 'Events a consumer group gave up on, kept in its service until re-driven.',
  labelNames: ['group'],
  async collect() {
    const states = await trackedStates();
    this.reset();
    for (const [, state] of states) for (const [group, count] of state.deadLetters) this.set({ group }, count);
  },
});

const consumerLag = defineGauge({
  name: 'inkwell_consumer_lag',
  help: 'Events published and not yet handled, per consumer group (groups whose lag cannot be read now are left out).',
  labelNames: ['group'],
  async collect() {
    const lag = await lagOfTracked();
    this.reset();
    for (const [group, value] of lag) if (value !== null) this.set({ group }, value);
  },
});

const outboxPublished = defineCounter({ name: 'inkwell_outbox_published_total', help: 'Outbox rows published to the bus, per service.', labelNames: ['service'] });

const consumerHandled = defineCounter({ name: 'inkwell_consumer_handled_total', help: 'Events a consumer group handled (or found already handled).', labelNames: ['group'] });

const consumerRetries = defineCounter({ name: 'inkwell_consumer_retries_total', help: "Failed deliveries of a consumer group's events (each retried or dead-lettered).", labelNames: ['group'] });

const consumerDuration = defineHistogram({
  name: 'inkwell_consumer_duration_seconds',
  help: 'Time a consumer group took over one delivery (inbox and effect), failed or not.',
  labelNames: ['group'],
  buckets: DURATION_BUCKETS,
});

// Referenced so the scraped gauges stay registered; they are read only through the registry.
void [outboxBacklog, outboxOldestAge, deadLetters, consumerLag];

/** Counts rows the relay of `service` published. */
export function countPublished(service: string, rows: number): void {
  if (rows > 0 && metricsEnabled()) outboxPublished.inc({ service }, rows);
}

/** Failed deliveries of `group` since the process started. */
export function retriesOf(group: string): number {
  return retriesByGroup.get(group) ?? 0;
}

/**
 * Wraps a group's handler with its instruments: time per delivery, handled and failed deliveries;
 * `onFailure` hears of each failure (the System area's last errors) before the bus does. With
 * metrics off only the failures are counted (for the System area).
 */
export function instrumentConsumer(group: string, handler: EventHandler, onFailure: (error: unknown) => void = () => undefined): EventHandler {
  const failed = (error: unknown) => {
    retriesByGroup.set(group, retriesOf(group) + 1);
    onFailure(error);
  };
  if (!metricsEnabled()) {
    return async (event) => {
      try {
        await handler(event);
      } catch (error) {
        failed(error);
        throw error;
      }
    };
  }
  // Present from the start at 0, so a rate over them is defined before the first event.
  consumerHandled.inc({ group }, 0);
  consumerRetries.inc({ group }, 0);
  return async (event) => {
    const stop = consumerDuration.startTimer({ group });
    try {
      await handler(event);
      consumerHandled.inc({ group });
    } catch (error) {
      consumerRetries.inc({ group });
      failed(error);
      throw error;
    } finally {
      stop();
    }
  };
}
