import kafkajs from 'kafkajs';
import type {
  Admin,
  Consumer,
  EachMessagePayload,
  Kafka as KafkaClient,
  KafkaMessage,
  logCreator,
  Producer,
  SASLOptions,
} from 'kafkajs';
import { DEFAULT_MAX_DELIVERY_ATTEMPTS, errorText, handedOver, topicFor, type EventBus, type Subscription } from './bus';
import type { EventEnvelope } from './envelope';
import { consumeTraced, type TraceCarrier } from './tracing';

// kafkajs is CommonJS and spreads its error classes into its exports, which Node cannot see as
// named ESM exports: take everything from the default export.
const { Kafka, KafkaJSError, Partitioners, logLevel } = kafkajs;

/** A pino-style logger: structured fields first, then the message. */
export interface KafkaBusLogger {
  info(fields: object, message?: string): void;
  warn(fields: object, message?: string): void;
  error(fields: object, message?: string): void;
}

export interface KafkaEventBusOptions {
  brokers: string[];
  clientId: string;
  ssl?: boolean;
  sasl?: { mechanism: 'plain' | 'scram-sha-256' | 'scram-sha-512'; username: string; password: string };
  logger: KafkaBusLogger;
  /** Partitions of the topics the bus creates; the broker's `num.partitions` when absent. */
  topicPartitions?: number;
  /** Replication factor of the topics the bus creates; the broker's `default.replication.factor` when absent. */
  replicationFactor?: number;
  /**
   * Deliveries of one event to one group before it is moved to the group's dead-letter topic, so a
   * poison event does not hold its partition forever (default 5).
   */
  maxDeliveryAttempts?: number;
  /** How long a silent group member is waited for before its partitions go to the others (default 30 s). */
  sessionTimeoutMs?: number;
  /**
   * Put before every topic and consumer group name (`KAFKA_NAMESPACE`, e.g. `staging.`), so
   * deployments or test runs sharing a broker neither read each other's events nor share offsets.
   */
  namespace?: string;
}

/** Kafka headers carried by every published event, so tools can route or trace without parsing the value. */
export const EVENT_ID_HEADER = 'event-id';
export const EVENT_TYPE_HEADER = 'event-type';
/** On a dead-lettered message: why the handler failed, after how many deliveries, and where it came from. */
export const DEAD_LETTER_ERROR_HEADER = 'dead-letter-error';
export const DEAD_LETTER_ATTEMPTS_HEADER = 'dead-letter-attempts';
export const DEAD_LETTER_ORIGIN_HEADER = 'dead-letter-origin';
/** On a re-driven message: the one group it is meant for; every other group passes it by. */
export const REDRIVE_GROUP_HEADER = 'redrive-for';

/** How long a group's lag reading is reused (scrapes and the System area ask often). */
const LAG_CACHE_MS = 5_000;

/** The topic a group's poison events are moved to, with the error; `redrive` sends them back. */
export function deadLetterTopicFor(group: string): string {
  return `inkwell.dead-letter.${group}`;
}

interface GroupConsumer {
  subscription: Subscription;
  consumer: Consumer;
  running: boolean;
}

/**
 * A handler's failure handed back to kafkajs. Being a retriable KafkaJSError, it is retried with the
 * consumer's backoff whatever the handler threw (kafkajs takes a TypeError or a RangeError as
 * unrecoverable and stops the group for good), and once retries run out the consumer restarts from the last committed offset, so
 * the event is delivered again. kafkajs does not log KafkaJSErrors from `eachMessage` itself: the
 * failure is logged once, by the bus, with the event's id.
 */
class EventHandlerFailed extends KafkaJSError {
  override readonly name = 'EventHandlerFailed';

  constructor(cause: unknown) {
    super(cause instanceof Error ? cause : String(cause), { retriable: true });
  }
}

/**
 * The production event bus driver (chosen when `KAFKA_BROKERS` is set): one topic per event type
 * (`topicFor`), keyed by the aggregate id so one aggregate's events keep their order; one Kafka
 * consumer group per subscription. Delivery is at least once: consumers de-duplicate on the event id.
 */
export class KafkaEventBus implements EventBus {
  readonly driver = 'kafka';

  private readonly kafka: KafkaClient;
  private readonly logger: KafkaBusLogger;
  private readonly knownTopics = new Set<string>();
  private readonly groups = new Map<string, GroupConsumer>();
  /** Failed deliveries per group and message (topic, partition, offset) not yet handled or dead-lettered. */
  private readonly failures = new Map<string, number>();
  /** Recent lag readings per group (see `lag`). */
  private readonly lagCache = new Map<string, { at: number; lag: Promise<number | null> }>();
  private readonly topicPartitions: number | undefined;
  private readonly replicationFactor: number | undefined;
  private readonly maxDeliveryAttempts: number;
  private readonly sessionTimeoutMs: number | undefined;
  private readonly namespace: string;
  private admin: Promise<Admin> | undefined;
  private producer: Promise<Producer> | undefined;
  private stopped: Promise<void> | undefined;

  constructor(options: KafkaEventBusOptions) {
    this.logger = options.logger;
    this.topicPartitions = options.topicPartitions;
    this.replicationFactor = options.replicationFactor;
    this.maxDeliveryAttempts = options.maxDeliveryAttempts ?? DEFAULT_MAX_DELIVERY_ATTEMPTS;
    this.sessionTimeoutMs = options.sessionTimeoutMs;
    this.namespace = options.namespace ?? '';
    this.kafka = new Kafka({
      brokers: options.brokers,
      clientId: options.clientId,
      ssl: options.ssl ?? false,
      // kafkajs types its SASL options as one object type per mechanism; every mechanism offered
      // here takes exactly a username and a password.
      ...(options.sasl ? { sasl: options.sasl as SASLOptions } : {}),
      logCreator: kafkaLogCreator(options.logger),
    });
  }

  async publish(event: EventEnvelope, trace?: TraceCarrier): Promise<void> {
    this.assertOpen();
    await this.send(this.topicOf(event.type), {
      key: event.key,
      value: JSON.stringify(event),
      // The trace context travels as the W3C headers (`traceparent`, `tracestate`).
      headers: { ...trace, [EVENT_ID_HEADER]: event.id, [EVENT_TYPE_HEADER]: event.type },
    });
  }

  /**
   * Per group, the messages of its topics past its committed offsets (a partition it never committed
   * counts from its start), read with the admin client and kept for `LAG_CACHE_MS` so frequent
   * scrapes do not load the broker; null for a group whose offsets cannot be read now.
   */
  async lag(groups: readonly string[]): Promise<Map<string, number | null>> {
    const lag = new Map<string, number | null>();
    await Promise.all(
      groups.map(async (group) => {
        const cached = this.lagCache.get(group);
        if (cached && Date.now() - cached.at < LAG_CACHE_MS) {
          lag.set(group, await cached.lag);
          return;
        }
        const measured = this.measureLag(group).catch((error: unknown) => {
          this.logger.warn({ group, err: error }, 'Could not read the consumer lag of a group');
          return null;
        });
        this.lagCache.set(group, { at: Date.now(), lag: measured });
        lag.set(group, await measured);
      }),
    );
    return lag;
  }

  private async measureLag(group: string): Promise<number | null> {
    const subscription = this.groups.get(group)?.subscription;
    if (!subscription) return null;
    const topics = [...new Set(subscription.types.map((type) => this.topicOf(type)))];
    const admin = await this.connectedAdmin();
    const committed = new Map<string, bigint>();
    for (const { topic, partitions } of await admin.fetchOffsets({ groupId: this.namespace + group, topics })) {
      for (const { partition, offset } of partitions) committed.set(`${topic}/${partition}`, BigInt(offset));
    }
    let total = 0n;
    for (const topic of topics) {
      for (const { partition, low, high } of await admin.fetchTopicOffsets(topic)) {
        const done = committed.get(`${topic}/${partition}`) ?? -1n;
        const from = done >= 0n ? done : BigInt(low);
        if (BigInt(high) > from) total += BigInt(high) - from;
      }
    }
    return Number(total);
  }

  async ping(): Promise<void> {
    const admin = await this.connectedAdmin();
    await admin.describeCluster();
  }

  /**
   * Sends the events in `group`'s dead-letter topic back to their own topics, for that group only
   * (other groups pass them by), and returns how many. Run it once the cause is fixed:
   * `npm run events:redrive -- <group>`. What arrives in the dead-letter topic while it runs waits
   * for the next re-drive.
   */
  async redrive(group: string): Promise<number> {
    this.assertOpen();
    const topic = this.deadLetterTopicOf(group);
    const admin = await this.connectedAdmin();
    if (!(await admin.listTopics()).includes(topic)) return 0;
    // A re-drive reads from where the last one stopped (its group's committed offsets, else the
    // partition's start) up to where each partition ends now.
    const redriveGroup = `${this.namespace}${group}.redrive`;
    const committed = new Map<number, bigint>();
    for (const { partitions } of await admin.fetchOffsets({ groupId: redriveGroup, topics: [topic] })) {
      for (const { partition, offset } of partitions) committed.set(partition, BigInt(offset));
    }
    const ends = new Map<number, bigint>();
    const remaining = new Set<number>();
    for (const { partition, low, high } of await admin.fetchTopicOffsets(topic)) {
      ends.set(partition, BigInt(high));
      const start = committed.get(partition) ?? -1n;
      if ((start >= 0n ? start : BigInt(low)) < BigInt(high)) remaining.add(partition);
    }
    if (remaining.size === 0) return 0;

    const consumer = this.kafka.consumer({ groupId: redriveGroup });
    let moved = 0;
    try {
      await consumer.connect();
      await whileTopicsSettle(() => consumer.subscribe({ topics: [topic], fromBeginning: true }));
      await new Promise<void>((resolve, reject) => {
        consumer.on(consumer.events.CRASH, ({ payload }) => reject(payload.error));
        consumer
          .run({
            eachMessage: async ({ partition, message }) => {
              if (!remaining.has(partition)) return;
              const origin = message.headers?.[DEAD_LETTER_ORIGIN_HEADER]?.toString();
              if (origin && message.value) {
                const headers: Record<string, string> = { [REDRIVE_GROUP_HEADER]: group };
                for (const name of [EVENT_ID_HEADER, EVENT_TYPE_HEADER]) {
                  const value = message.headers?.[name]?.toString();
                  if (value !== undefined) headers[name] = value;
                }
                await this.send(origin.split('/')[0]!, { key: message.key, value: message.value, headers });
                moved += 1;
              }
              if (BigInt(message.offset) + 1n >= ends.get(partition)!) {
                remaining.delete(partition);
                if (remaining.size === 0) resolve();
              }
            },
          })
          .catch(reject);
      });
    } finally {
      await consumer.disconnect().catch(() => undefined);
    }
    this.logger.info({ group, moved }, 'Re-drove dead-lettered events');
    return moved;
  }

  private async send(topic: string, message: { key: string | Buffer | null; value: string | Buffer; headers: Record<string, string> }): Promise<void> {
    this.assertOpen();
    await this.ensureTopics([topic]);
    const connecting = this.connectedProducer();
    const producer = await connecting;
    try {
      await producer.send({ topic, acks: -1, messages: [message] });
    } catch (error) {
      // The idempotent producer's retries are bounded (see connectedProducer) so that this throws and
      // the outbox relay retries. Its sequence numbers may now disagree with the broker's: a batch
      // written whose acknowledgement was lost would make the broker drop the next, different event
      // as a duplicate. A new producer id starts a clean sequence; at worst the relay's retry is a
      // duplicate, which consumers skip by event id.
      if (this.producer === connecting) {
        this.producer = undefined;
        producer.disconnect().catch((disconnectError: unknown) => {
          this.logger.warn({ err: disconnectError }, 'Could not disconnect the discarded Kafka producer');
        });
      }
      throw error;
    }
  }

  async subscribe(subscription: Subscription): Promise<void> {
    this.assertOpen();
    const { group } = subscription;
    if (this.groups.has(group)) {
      throw new Error(`KafkaEventBus: consumer group "${group}" is already subscribed; a group has one subscription`);
    }
    const topics = [...new Set(subscription.types.map((type) => this.topicOf(type)))];
    if (topics.length === 0) {
      throw new Error(`KafkaEventBus: consumer group "${group}" subscribes to no event types`);
    }
    const consumer = this.kafka.consumer({ groupId: this.namespace + group, ...(this.sessionTimeoutMs ? { sessionTimeout: this.sessionTimeoutMs } : {}) });
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (!payload.restart) {
        this.logger.error({ group, err: payload.error }, 'Kafka consumer stopped for good; this group receives no more events');
      }
    });
    // Registered before the awaits so that a concurrent subscribe of the same group is refused and
    // stop() disconnects a consumer that is still connecting.
    this.groups.set(group, { subscription, consumer, running: false });
    try {
      await this.ensureTopics(topics);
      await consumer.connect();
      // A group's first start reads each topic from its beginning: events published before the
      // group first joined (a new service, a first deployment) are delivered, not skipped.
      await whileTopicsSettle(() => consumer.subscribe({ topics, fromBeginning: true }));
    } catch (error) {
      this.groups.delete(group);
      await consumer.disconnect().catch(() => undefined);
      throw error;
    }
  }

  async start(): Promise<void> {
    this.assertOpen();
    const pending = [...this.groups.values()].filter((group) => !group.running);
    for (const group of pending) group.running = true;
    await Promise.all(
      pending.map(({ subscription, consumer }) =>
        consumer.run({ eachMessage: (payload) => this.deliver(subscription, payload) }),
      ),
    );
  }

  stop(): Promise<void> {
    this.stopped ??= this.disconnectAll();
    return this.stopped;
  }

  /**
   * Consumers first (kafkajs waits for the message each is handling), then the producer and the
   * admin: a handler finishing during shutdown may still publish (a dead letter, a follow-up event).
   */
  private async disconnectAll(): Promise<void> {
    const consumers = [...this.groups.values()].map(({ consumer }) => Promise.resolve(consumer));
    const others: Promise<{ disconnect(): Promise<void> }>[] = [];
    if (this.producer) others.push(this.producer);
    if (this.admin) others.push(this.admin);
    this.groups.clear();
    this.producer = undefined;
    this.admin = undefined;
    const disconnect = (clients: Promise<{ disconnect(): Promise<void> }>[]) => Promise.allSettled(clients.map(async (client) => (await client).disconnect()));
    const results = [...(await disconnect(consumers)), ...(await disconnect(others))];
    for (const result of results) {
      if (result.status === 'rejected') {
        this.logger.warn({ err: result.reason }, 'A Kafka client did not disconnect cleanly');
      }
    }
  }

  private async deliver(subscription: Subscription, { topic, partition, message }: EachMessagePayload): Promise<void> {
    const { group } = subscription;
    const where = { group, topic, partition, offset: message.offset };
    const redriveFor = message.headers?.[REDRIVE_GROUP_HEADER]?.toString();
    if (redriveFor !== undefined && redriveFor !== group) return;
    const event = parseEnvelope(message.value);
    if (!event) {
      // Redelivering it would fail the same way and block the partition behind it: skip it.
      this.logger.warn(where, 'Skipped a malformed event message: the value is not a JSON envelope with an id and a type');
      return;
    }
    const attemptKey = `${group}/${topic}/${partition}/${message.offset}`;
    try {
      await consumeTraced(group, event, traceHeaders(message.headers), () => subscription.handler(event));
      this.failures.delete(attemptKey);
    } catch (error) {
      const attempts = (this.failures.get(attemptKey) ?? 0) + 1;
      const fields = { ...where, eventId: event.id, eventType: event.type, attempts, err: error };
      if (attempts < this.maxDeliveryAttempts) {
        this.failures.set(attemptKey, attempts);
        this.logger.error(fields, 'Event handler failed; the event will be delivered again');
        throw new EventHandlerFailed(error);
      }
      // A poison event: the group keeps it (its service's dead letters), else it is parked with its
      // error in the group's dead-letter topic, so the partition moves on; `redrive` brings it back.
      // Should parking fail too (Kafka away), the event is delivered again and parking retried.
      if (await handedOver(subscription, { event, error: errorText(error), attempts }, this.logger)) {
        this.failures.delete(attemptKey);
        this.logger.error(fields, 'Event handler failed too often; the event is kept as a dead letter of its group');
        return;
      }
      await this.send(this.deadLetterTopicOf(group), {
        key: message.key,
        value: message.value!,
        headers: {
          [EVENT_ID_HEADER]: event.id,
          [EVENT_TYPE_HEADER]: event.type,
          [DEAD_LETTER_ORIGIN_HEADER]: `${topic}/${partition}/${message.offset}`,
          [DEAD_LETTER_ATTEMPTS_HEADER]: String(attempts),
          [DEAD_LETTER_ERROR_HEADER]: errorText(error),
        },
      });
      this.failures.delete(attemptKey);
      this.logger.error({ ...fields, deadLetterTopic: this.deadLetterTopicOf(group) }, 'Event handler failed too often; the event was moved to the dead-letter topic');
    }
  }

  private topicOf(type: string): string {
    return this.namespace + topicFor(type);
  }

  private deadLetterTopicOf(group: string): string {
    return this.namespace + deadLetterTopicFor(group);
  }

  /** Creates the topics that are missing; the topics known to exist are remembered. */
  private async ensureTopics(topics: readonly string[]): Promise<void> {
    const unknown = topics.filter((topic) => !this.knownTopics.has(topic));
    if (unknown.length === 0) return;
    const admin = await this.connectedAdmin();
    const existing = new Set(await admin.listTopics());
    const missing = unknown.filter((topic) => !existing.has(topic));
    if (missing.length > 0) {
      // Resolves false when another replica created them first: they exist either way. Without
      // settings, partition count and replication factor are the cluster's defaults.
      await admin.createTopics({
        topics: missing.map((topic) => ({
          topic,
          ...(this.topicPartitions ? { numPartitions: this.topicPartitions } : {}),
          ...(this.replicationFactor ? { replicationFactor: this.replicationFactor } : {}),
        })),
        // kafkajs' own wait for leaders gives up at once when the broker does not serve the new
        // topic's metadata yet (UNKNOWN_TOPIC_OR_PARTITION on a loaded broker): waited for below.
        waitForLeaders: false,
      });
    }
    // Listed or created is not yet served: a topic another process has just created, or this one
    // on a loaded broker, can still be unknown to metadata requests, or have no leader, for a
    // moment, and a consumer that joins then fails its start.
    await whileTopicsSettle(async () => {
      const { topics: served } = await admin.fetchTopicMetadata({ topics: unknown });
      const leaderless = served.filter(({ partitions }) => partitions.length === 0 || partitions.some(({ leader }) => leader < 0));
      if (leaderless.length > 0) throw new TopicsNotSettled(leaderless.map(({ name }) => name));
    });
    for (const topic of unknown) this.knownTopics.add(topic);
  }

  private connectedAdmin(): Promise<Admin> {
    this.admin ??= this.connect(this.kafka.admin(), () => {
      this.admin = undefined;
    });
    return this.admin;
  }

  private connectedProducer(): Promise<Producer> {
    this.producer ??= this.connect(
      this.kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        // Java-compatible murmur2 hashing, named so kafkajs does not warn: a key lands on the same
        // partition whichever client publishes it.
        createPartitioner: Partitioners.DefaultPartitioner,
        // kafkajs retries an idempotent producer's send forever by default, which would wedge the
        // outbox relay while Kafka is away. Bounded, the send fails and the relay retries it later
        // (kafkajs warns about the bound once per producer; publish() keeps it safe).
        retry: { retries: 5 },
      }),
      () => {
        this.producer = undefined;
      },
    );
    return this.producer;
  }

  /** Connects a client; if that fails, forgets it (`forget`) so the next call tries a fresh one. */
  private async connect<T extends Admin | Producer>(client: T, forget: () => void): Promise<T> {
    try {
      await client.connect();
      // Stopped meanwhile (a dead-lettering delivery still under way, say): stop() has already
      // disconnected what it knew of, so this client would stay connected and keep the process up.
      this.assertOpen();
      return client;
    } catch (error) {
      forget();
      await client.disconnect().catch(() => undefined);
      throw error;
    }
  }

  private assertOpen(): void {
    if (this.stopped) throw new Error('KafkaEventBus is stopped');
  }
}

/** Topics listed or created whose partitions have no leader yet. */
class TopicsNotSettled extends KafkaJSError {
  override readonly name = 'TopicsNotSettled';

  constructor(topics: readonly string[]) {
    super(`Topics without a leader yet: ${topics.join(', ')}`, { retriable: true });
  }
}

/** Broker answers that mean a topic just created is not served yet, rather than a real failure. */
const SETTLING_ERRORS = new Set(['UNKNOWN_TOPIC_OR_PARTITION', 'LEADER_NOT_AVAILABLE', 'NOT_LEADER_FOR_PARTITION']);

/** Whether `error` says a topic is still settling (also when kafkajs wraps it after its own retries). */
export function isTopicSettling(error: unknown): boolean {
  if (error instanceof TopicsNotSettled) return true;
  if (!(error instanceof KafkaJSError)) return false;
  const { type, cause } = error as { type?: string; cause?: unknown };
  if (type !== undefined && SETTLING_ERRORS.has(type)) return true;
  return cause !== undefined && cause !== error && isTopicSettling(cause);
}

/**
 * Runs `step` again while the broker says a topic it has just created is not hosted or led yet:
 * creation returns once the controller has it, and a loaded broker can take a while longer to serve
 * its metadata. Other errors, and this one after `patienceMs` (30 s), are thrown.
 */
export async function whileTopicsSettle<T>(
  step: () => Promise<T>,
  { patienceMs = 30_000, sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)) } = {},
): Promise<T> {
  let waited = 0;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await step();
    } catch (error) {
      if (!isTopicSettling(error) || waited >= patienceMs) throw error;
      const pause = Math.min(2_000, 100 * 2 ** attempt);
      waited += pause;
      await sleep(pause);
    }
  }
}

/** The W3C trace context headers of a message, if it carries any. */
function traceHeaders(headers: KafkaMessage['headers']): TraceCarrier | undefined {
  const traceparent = headers?.traceparent?.toString();
  if (!traceparent) return undefined;
  const tracestate = headers?.tracestate?.toString();
  return tracestate ? { traceparent, tracestate } : { traceparent };
}

/** The envelope in a message value, or undefined when the value is not JSON with an id and a type. */
function parseEnvelope(value: Buffer | null): EventEnvelope | undefined {
  if (!value) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value.toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { id, type } = parsed as Record<string, unknown>;
  if (typeof id !== 'string' || id === '' || typeof type !== 'string' || type === '') return undefined;
  return parsed as EventEnvelope;
}

/** Routes kafkajs' own logs to the service logger as structured entries. */
function kafkaLogCreator(logger: KafkaBusLogger): logCreator {
  return () =>
    ({ namespace, level, log }) => {
      // The service logger stamps its own time; kafkajs already names itself in `logger`.
      const { message, timestamp: _timestamp, ...fields } = log;
      const entry = { ...fields, namespace };
      if (level === logLevel.ERROR) logger.error(entry, message);
      else if (level === logLevel.WARN) logger.warn(entry, message);
      else logger.info(entry, message);
    };
}
