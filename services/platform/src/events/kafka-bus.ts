import kafkajs from 'kafkajs';
import type {
  Admin,
  Consumer,
  EachMessagePayload,
  Kafka as KafkaClient,
  logCreator,
  Producer,
  SASLOptions,
} from 'kafkajs';
import { topicFor, type EventBus, type Subscription } from './bus';
import type { EventEnvelope } from './envelope';

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
}

/** Kafka headers carried by every published event, so tools can route or trace without parsing the value. */
export const EVENT_ID_HEADER = 'event-id';
export const EVENT_TYPE_HEADER = 'event-type';

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
  private admin: Promise<Admin> | undefined;
  private producer: Promise<Producer> | undefined;
  private stopped: Promise<void> | undefined;

  constructor(options: KafkaEventBusOptions) {
    this.logger = options.logger;
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

  async publish(event: EventEnvelope): Promise<void> {
    this.assertOpen();
    const topic = topicFor(event.type);
    await this.ensureTopics([topic]);
    const connecting = this.connectedProducer();
    const producer = await connecting;
    try {
      await producer.send({
        topic,
        acks: -1,
        messages: [
          {
            key: event.key,
            value: JSON.stringify(event),
            headers: { [EVENT_ID_HEADER]: event.id, [EVENT_TYPE_HEADER]: event.type },
          },
        ],
      });
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
    const topics = [...new Set(subscription.types.map(topicFor))];
    if (topics.length === 0) {
      throw new Error(`KafkaEventBus: consumer group "${group}" subscribes to no event types`);
    }
    const consumer = this.kafka.consumer({ groupId: group });
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
      await consumer.subscribe({ topics, fromBeginning: true });
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

  private async disconnectAll(): Promise<void> {
    const clients: Promise<{ disconnect(): Promise<void> }>[] = [...this.groups.values()].map(({ consumer }) =>
      Promise.resolve(consumer),
    );
    if (this.producer) clients.push(this.producer);
    if (this.admin) clients.push(this.admin);
    this.groups.clear();
    this.producer = undefined;
    this.admin = undefined;
    const results = await Promise.allSettled(clients.map(async (client) => (await client).disconnect()));
    for (const result of results) {
      if (result.status === 'rejected') {
        this.logger.warn({ err: result.reason }, 'A Kafka client did not disconnect cleanly');
      }
    }
  }

  private async deliver(subscription: Subscription, { topic, partition, message }: EachMessagePayload): Promise<void> {
    const where = { group: subscription.group, topic, partition, offset: message.offset };
    const event = parseEnvelope(message.value);
    if (!event) {
      // Redelivering it would fail the same way and block the partition behind it: skip it.
      this.logger.warn(where, 'Skipped a malformed event message: the value is not a JSON envelope with an id and a type');
      return;
    }
    try {
      await subscription.handler(event);
    } catch (error) {
      this.logger.error(
        { ...where, eventId: event.id, eventType: event.type, err: error },
        'Event handler failed; the event will be delivered again',
      );
      throw new EventHandlerFailed(error);
    }
  }

  /** Creates the topics that are missing; the topics known to exist are remembered. */
  private async ensureTopics(topics: readonly string[]): Promise<void> {
    const unknown = topics.filter((topic) => !this.knownTopics.has(topic));
    if (unknown.length === 0) return;
    const admin = await this.connectedAdmin();
    const existing = new Set(await admin.listTopics());
    const missing = unknown.filter((topic) => !existing.has(topic));
    if (missing.length > 0) {
      // Resolves false when another replica created them first: they exist either way. Partition
      // count and replication factor are the cluster's defaults (num.partitions,
      // default.replication.factor), which operators set per environment.
      await admin.createTopics({ topics: missing.map((topic) => ({ topic })), waitForLeaders: true });
    }
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
