import { createHash } from 'node:crypto';
import { Type, type Static } from '@sinclair/typebox';
import { DomainError, EnvelopeOf, success, UnixTime, type App, type ServiceContext } from '@inkwell/platform';
import { isBotAgent, saysAutomated } from '../domain/bots';
import { MESSAGES } from '../domain/messages';
import { dayInZone } from '../domain/periods';
import { VisitorHasher } from '../domain/visitor-hash';
import { IngestBatcher, type IngestBatcherOptions } from '../flows/ingest-batcher';
import { startPartitionMaintenance } from '../flows/partition-maintenance';
import { insertRawEvents, type RawEvent } from '../store/raw-events';
import { RollupApplier } from '../flows/rollup-applier';

/**
 * What the storefront posts for each analytics event (storefront spec §3 "Analytics event"):
 * session id and user proxy are MD5 hex digests made in the browser. `eventId` (a UUID, optional,
 * issue 25) makes a retried event stored once; without it the id is derived from the session,
 * name, path and timestamp.
 */
const Md5 = Type.String({ pattern: '^[a-fA-F0-9]{32}$', errorMessage: MESSAGES.notMd5 });

export const AnalyticsEventBody = Type.Object({
  version: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Number()])),
  eventId: Type.Optional(Type.String({ format: 'uuid', errorMessage: MESSAGES.eventId })),
  sessionId: Md5,
  userProxy: Md5,
  timestamp: Type.Optional(Type.Union([UnixTime(), Type.String({ format: 'date-time' })])),
  eventName: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' }),
  path: Type.Optional(Type.String({ maxLength: 2048 })),
  extraData: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});

export type AnalyticsEvent = Static<typeof AnalyticsEventBody>;

const Accepted = EnvelopeOf(Type.Null());
const MAX_PAYLOAD_BYTES = 8 * 1024;
const MAX_PATH_LENGTH = 512;
const DAY_MS = 86_400_000;

function clientTime(timestamp: AnalyticsEvent['timestamp']): Date | null {
  if (timestamp === undefined) return null;
  // Unix seconds or milliseconds, or an ISO string.
  const date = typeof timestamp === 'number' ? new Date(timestamp < 1e12 ? timestamp * 1000 : timestamp) : new Date(timestamp);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The path a page event is about, without its query or fragment (they may hold what people typed). */
function pagePath(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  let path = value;
  try {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) path = new URL(value).pathname;
  } catch {
    return null;
  }
  path = path.split(/[?#]/)[0]!;
  if (!path.startsWith('/')) return null;
  return path.slice(0, MAX_PATH_LENGTH);
}

function pathOf(event: AnalyticsEvent): string | null {
  const extra = event.extraData ?? {};
  if (event.eventName === 'landing_page') return pagePath(extra.url_path) ?? pagePath(event.path);
  if (event.eventName === 'PAGE_VIEW') return pagePath(event.path) ?? pagePath(extra.url);
  return pagePath(event.path);
}

/** A UUID (v5-style, from SHA-1) for an event its client sent without one. */
function derivedEventId(parts: readonly string[]): string {
  const hex = createHash('sha1').update(parts.join('\u0000')).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface Ingestion {
  batcher: IngestBatcher<RawEvent>;
  /** Adds the stored events to the rollups behind the batcher; `catchUp()` before reading them. */
  rollups: RollupApplier;
  hasher: VisitorHasher;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Key order of raw events: two flushes inserting the same events (a retry) lock them in one order, so neither waits on the other in a cycle. */
export const rawEventOrder = (a: RawEvent, b: RawEvent): number => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0);

/**
 * The ingestion's parts: the group-commit batcher (a batch's raw events and their places in the
 * rollup queue in one statement: a 200 means stored), the applier that adds them to the rollups
 * behind it on its own time (never on a request's), and the partition maintenance.
 */
export function createIngestion(context: ServiceContext, options: IngestBatcherOptions & { maintenance?: boolean } = {}): Ingestion {
  const batcher = new IngestBatcher<RawEvent>(
    context.db,
    async (db, events) => {
      await insertRawEvents(db, events, { queueRollups: true });
    },
    context.logger,
    { ...options, order: rawEventOrder },
  );
  const rollups = new RollupApplier(context.db, context.logger);
  let stopMaintenance: (() => Promise<void>) | undefined;
  return {
    batcher,
    rollups,
    hasher: new VisitorHasher(context.db),
    async start() {
      rollups.start();
      if (options.maintenance === false) return;
      const { timeZone, rawRetentionDays } = context.config.analytics;
      stopMaintenance = await startPartitionMaintenance(context.db, context.logger, { timeZone, retentionDays: rawRetentionDays });
    },
    async close() {
      await stopMaintenance?.();
      await batcher.close();
      await rollups.stop();
    },
  };
}

/** Events one `sendEvents` call carries at most. */
export const MAX_EVENTS_PER_BATCH = 100;

const CHANNELS = ['store', 'reader', 'cart'] as const;
type Channel = (typeof CHANNELS)[number];

/**
 * `POST /api/analytics/sendEvents` (issue 25, beyond the spec's one-event calls): up to
 * MAX_EVENTS_PER_BATCH events in one request, each as `sendEvent` takes it plus the inbox it is for
 * (`channel`: 'store' for sendEvent — the default —, 'reader' for sendReaderEvent, 'cart' for
 * updateCart). Each is checked as the single call checks it; a refused one refuses the whole
 * request (400 or 413) naming its index (`events.3.sessionId`), and nothing of it is stored.
 */
export const AnalyticsEventsBody = Type.Object({
  events: Type.Array(
    Type.Object({
      ...AnalyticsEventBody.properties,
      channel: Type.Optional(Type.Union(CHANNELS.map((channel) => Type.Literal(channel)))),
    }),
    { minItems: 1, maxItems: MAX_EVENTS_PER_BATCH },
  ),
});

/** `ingestion` defaults to one made here (its partition maintenance then not started). */
export async function ingestionRoutes(app: App, context: ServiceContext, ingestion: Ingestion = createIngestion(context)): Promise<void> {
  const channels = [
    ['/api/analytics/sendEvent', 'store'],
    ['/api/analytics/sendReaderEvent', 'reader'],
    ['/api/analytics/updateCart', 'cart'],
  ] as const;
  const { timeZone } = context.config.analytics;

  /** The raw event one posted event makes (its checks that the schema cannot make throw, naming `field`'s prefix). */
  const rawEventOf = (event: AnalyticsEvent, channel: Channel, received: Date, visitorHash: string, botAgent: boolean, prefix: string): RawEvent => {
    const payload = event.extraData ?? {};
    if (Buffer.byteLength(JSON.stringify(payload)) > MAX_PAYLOAD_BYTES) {
      throw new DomainError(413, 'PayloadTooLarge', MESSAGES.extraDataTooLarge, { field: `${prefix}extraData` });
    }
    const sent = clientTime(event.timestamp);
    // The event's own time, kept within a day of its receipt: its day (and so its partition) is
    // the same however late a retry comes.
    const occurred = sent === null ? received : new Date(Math.min(Math.max(sent.getTime(), received.getTime() - DAY_MS), received.getTime() + DAY_MS));
    const sessionId = event.sessionId.toLowerCase();
    const eventId = event.eventId?.toLowerCase() ?? derivedEventId([sessionId, event.eventName, event.path ?? '', sent?.toISOString() ?? received.toISOString()]);
    return {
      day: dayInZone(occurred, timeZone),
      eventId,
      channel,
      eventName: event.eventName,
      sessionId,
      userProxy: event.userProxy.toLowerCase(),
      visitorHash,
      path: pathOf(event),
      payload,
      occurredAt: occurred.toISOString(),
      // The agent is checked once a request; an event may still say its browser is automated.
      isBot: botAgent || saysAutomated(payload),
    };
  };

  for (const [url, channel] of channels) {
    app.post(url, {
      schema: { tags: ['analytics'], summary: `Record a ${channel} event from the storefront`, body: AnalyticsEventBody, response: { 200: Accepted } },
      handler: async (request) => {
        const received = new Date();
        const userAgent = request.headers['user-agent'];
        const visitorHash = await ingestion.hasher.hash(dayInZone(received, timeZone), request.ip, userAgent ?? '');
        await ingestion.batcher.add(rawEventOf(request.body, channel, received, visitorHash, isBotAgent(userAgent), ''));
        return success(null);
      },
    });
  }

  app.post('/api/analytics/sendEvents', {
    schema: {
      tags: ['analytics'],
      summary: `Record up to ${MAX_EVENTS_PER_BATCH} storefront, reader or cart events in one request (a refused event refuses the request, naming its index)`,
      body: AnalyticsEventsBody,
      response: { 200: Accepted },
    },
    handler: async (request) => {
      const received = new Date();
      const userAgent = request.headers['user-agent'];
      const visitorHash = await ingestion.hasher.hash(dayInZone(received, timeZone), request.ip, userAgent ?? '');
      // Every event checked before any is stored.
      const botAgent = isBotAgent(userAgent);
      const events = request.body.events.map(({ channel, ...event }, index) => rawEventOf(event, channel ?? 'store', received, visitorHash, botAgent, `events.${index}.`));
      await Promise.all(events.map((event) => ingestion.batcher.add(event)));
      return success(null);
    },
  });
}
