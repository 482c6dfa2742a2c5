import { createHash } from 'node:crypto';
import { topicFor } from './bus';
import { EVENTS, type EventDefinition } from './catalogue';

/**
 * The AsyncAPI 3.0 document of the integration events, generated from the event catalogue: one
 * channel per event type (its Kafka topic), the envelope with the type's `data` schema, the message
 * key, the Kafka headers, one example per event, a `send` operation by the owning service and a
 * `receive` operation for consumers, and the dead-letter topics. `docs/asyncapi.json` is this
 * document (`npm run docs:asyncapi`); the gateway serves it at `/api/events/asyncapi.json`.
 * Pure: the same catalogue always gives the same document.
 */

/** Where the gateway serves the document. */
export const ASYNCAPI_PATH = '/api/events/asyncapi.json';

/** The Kafka headers every published event carries (kafka-bus.ts). */
const HEADER_EVENT_ID = 'event-id';
const HEADER_EVENT_TYPE = 'event-type';

/**
 * How an event type's Kafka message key (the envelope's `key`) is made: the aggregate whose events
 * must stay in order. `field` names the data property holding the id, `prefix` goes before it;
 * `constant` keys are fixed strings (one ordering for the whole type).
 */
export type EventKeyRule = { field: string; prefix?: string; aggregate: string } | { constant: readonly string[]; aggregate: string };

/** Per event type, its key as the producers write it (grep `outbox.add` for the type). */
export const EVENT_KEYS: Readonly<Record<string, EventKeyRule>> = {
  'account.created': { field: 'userId', aggregate: 'the account' },
  'account.verified': { field: 'userId', aggregate: 'the account' },
  'account.verification-requested': { field: 'userId', aggregate: 'the account' },
  'account.email-changed': { field: 'userId', aggregate: 'the account' },
  'account.password-reset-requested': { field: 'userId', aggregate: 'the account' },
  'account.deleted': { field: 'userId', aggregate: 'the account' },
  'badge.claimed': { field: 'userId', aggregate: 'the account that claimed the badge' },
  'product.created': { field: 'productId', aggregate: 'the product' },
  'product.changed': { field: 'productId', aggregate: 'the product' },
  'product.published': { field: 'productId', aggregate: 'the product' },
  'product.unpublished': { field: 'productId', aggregate: 'the product' },
  'product.removed': { field: 'productId', aggregate: 'the product' },
  'series.changed': { field: 'seriesId', prefix: 'series:', aggregate: 'the series' },
  'bundle.changed': { field: 'bundleId', prefix: 'bundle:', aggregate: 'the bundle' },
  'sales-campaign.changed': { field: 'campaignId', prefix: 'sales-campaign:', aggregate: 'the sales campaign' },
  'home.changed': { constant: ['home'], aggregate: 'the home page (one key for all)' },
  'news.changed': { field: 'articleId', prefix: 'news:', aggregate: 'the news article' },
  'catalog.cache-invalidated': { constant: ['cache', 'search'], aggregate: 'the whole cache (`cache`) or the search index (`search`)' },
  'publisher.changed': { field: 'publisherId', prefix: 'publisher:', aggregate: 'the publisher' },
  'cart.updated': { field: 'cartId', aggregate: 'the cart' },
  'coupon.redeemed': { field: 'couponId', aggregate: 'the coupon' },
  'order.placed': { field: 'orderId', aggregate: 'the order' },
  'order.cancelled': { field: 'orderId', aggregate: 'the order' },
  'order.completed': { field: 'orderId', aggregate: 'the order' },
  'order.refunded': { field: 'orderId', aggregate: 'the order' },
  'order.shipped': { field: 'orderId', aggregate: 'the order' },
  'order.edited': { field: 'orderId', aggregate: 'the order' },
  'reading.progress-updated': { field: 'publicationId', aggregate: 'the publication' },
  'reading.session-recorded': { field: 'comicId', aggregate: 'the comic' },
  'comic.ingested': { field: 'productId', aggregate: 'the product' },
  'support.ticket-created': { field: 'ticketId', aggregate: 'the ticket' },
  'report.ready': { field: 'jobId', aggregate: 'the report job' },
};

/** The key rule of `type`, in words (for the document and docs/events.md). */
export function describeKey(type: string): string {
  const rule = EVENT_KEYS[type];
  if (!rule) return 'the aggregate id';
  if ('constant' in rule) return `${rule.constant.map((key) => `\`${key}\``).join(' or ')}: ${rule.aggregate}`;
  return `${rule.prefix ? `\`${rule.prefix}\` + ` : ''}\`data.${rule.field}\`: ${rule.aggregate}`;
}

/** The key an event with `data` is published under, by its type's rule. */
export function keyOf(type: string, data: Record<string, unknown>): string {
  const rule = EVENT_KEYS[type];
  if (!rule) return 'aggregate-id';
  if ('constant' in rule) return rule.constant[0]!;
  return `${rule.prefix ?? ''}${String(data[rule.field])}`;
}

type JsonSchema = Record<string, unknown>;

/** The schema as plain JSON (TypeBox's symbols dropped). */
function plain(schema: unknown): JsonSchema {
  return JSON.parse(JSON.stringify(schema)) as JsonSchema;
}

/** A made-up uuid, the same for the same name: examples stay stable and tell their ids apart. */
function exampleUuid(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
const EXAMPLE_TIME = '2026-01-15T09:30:00.000Z';

/** A plausible string for a property, by its name. */
function exampleString(name: string, schema: JsonSchema): string {
  if (typeof schema.pattern === 'string') return exampleUuid(name);
  if (schema.minLength === 3 && schema.maxLength === 3) return 'EUR';
  const lower = name.toLowerCase();
  if (lower.includes('email') || lower.includes('recipient')) return lower.startsWith('old') ? 'old.reader@example.com' : 'reader@example.com';
  if (lower === 'start') return EXAMPLE_TIME;
  if (lower === 'end') return '2026-01-15T09:30:42.000Z';
  if (lower.endsWith('date') || lower.endsWith('at')) return EXAMPLE_TIME;
  if (lower.endsWith('url')) return 'https://inkwell.example/media/example.webp';
  if (lower === 'jobid' || lower === 'refundid' || lower === 'purchaseid' || lower === 'orderid' || lower === 'cartid' || lower === 'userid' || lower === 'actorid') return exampleUuid(name);
  if (lower.endsWith('id')) return '42';
  const words: Record<string, string> = {
    status: 'Completed',
    reason: 'Customer request',
    code: 'WELCOME10',
    carrier: 'DHL',
    trackingnumber: '00340434161094042557',
    distributiontype: 'Digital',
    name: 'Moonlit Harbor #1',
    mode: 'single-page',
    platform: 'web',
  };
  return words[lower] ?? 'example';
}

/**
 * A deterministic example value valid against `schema` (the catalogue's TypeBox schemas: objects with
 * every property, arrays of one item, the first member of a union, the minimum of a number).
 */
export function exampleOf(schema: JsonSchema, name = ''): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.anyOf)) return exampleOf(schema.anyOf[0] as JsonSchema, name);
  if (Array.isArray(schema.oneOf)) return exampleOf(schema.oneOf[0] as JsonSchema, name);
  switch (schema.type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      return Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, exampleOf(value, key)]));
    }
    case 'array': {
      const count = typeof schema.minItems === 'number' ? Math.max(1, schema.minItems) : 1;
      return Array.from({ length: count }, () => exampleOf((schema.items ?? {}) as JsonSchema, name));
    }
    case 'string':
      return exampleString(name, schema);
    case 'integer':
    case 'number': {
      const numbers: Record<string, number> = { cents: 499, saveAmount: 1.5, amount: 1, page: 12, pageNumber: 3, width: 320, height: 480, units: 1, quantity: 1, pageCount: 24 };
      const value = numbers[name] ?? 1;
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, value) : value;
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return {};
  }
}

/** A complete envelope of `definition`, as a consumer would read it off its topic. */
export function exampleEnvelope(definition: EventDefinition): { id: string; type: string; version: number; occurredAt: string; source: string; key: string; data: unknown } {
  const data = exampleOf(plain(definition.schema)) as Record<string, unknown>;
  return { id: exampleUuid(`event:${definition.type}`), type: definition.type, version: definition.version, occurredAt: EXAMPLE_TIME, source: definition.source, key: keyOf(definition.type, data), data };
}

/** `order.placed` → `orderPlaced` (AsyncAPI component and channel ids). */
function idOf(type: string): string {
  return type.replace(/[.-]+([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A version for the whole catalogue: its types, versions and schemas, hashed. */
export function catalogueVersion(events: readonly EventDefinition[]): string {
  const digest = createHash('sha256')
    .update(JSON.stringify(events.map(({ type, version, source, schema }) => [type, version, source, plain(schema)])))
    .digest('hex')
    .slice(0, 12);
  return `1.0.0+${digest}`;
}

const DESCRIPTION = [
  'The integration events of Inkwell (comics storefront, reader and staff dashboard), for downstream consumers such as data pipelines.',
  '',
  'Delivery: each service writes its events into an outbox table in the same transaction as the change, and a relay publishes them to Kafka, one topic per event type (`inkwell.<type>`), keyed by the aggregate id. Delivery is **at least once**: an event may arrive more than once, and consumers must de-duplicate on the envelope `id`. Order is kept per key within a partition (one aggregate\'s events arrive in the order they happened); there is no order across keys or topics.',
  '',
  'Versions: `version` (in the envelope) is the schema version of `data` for the type. Within a version a schema only changes compatibly (optional properties added); anything else is a new version, checked by `npm run events:compat` against `docs/events-lock.json`. Consumers should ignore properties they do not know.',
  '',
  'Events never carry secrets (tokens, passwords, card data). With `KAFKA_NAMESPACE` set, every topic and consumer group name is prefixed with it.',
].join('\n');

/** The AsyncAPI 3.0 document of `events` (the whole catalogue by default). */
export function asyncApiDocument(events: readonly EventDefinition[] = Object.values(EVENTS)): Record<string, unknown> {
  const channels: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  const messages: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {
    EventId: { type: 'string', format: 'uuid', description: 'Unique per event; consumers de-duplicate on it.' },
    OccurredAt: { type: 'string', format: 'date-time', description: 'ISO-8601 time the change happened.' },
    Headers: {
      type: 'object',
      required: [HEADER_EVENT_ID, HEADER_EVENT_TYPE],
      properties: {
        [HEADER_EVENT_ID]: { type: 'string', format: 'uuid', description: 'The envelope id, to route or de-duplicate without parsing the value.' },
        [HEADER_EVENT_TYPE]: { type: 'string', description: 'The envelope type.' },
        traceparent: { type: 'string', description: 'W3C trace context of the publish, when tracing is on.' },
        tracestate: { type: 'string', description: 'W3C trace state, when there is one.' },
      },
    },
    DeadLetterHeaders: {
      type: 'object',
      required: [HEADER_EVENT_ID, HEADER_EVENT_TYPE, 'dead-letter-origin', 'dead-letter-attempts', 'dead-letter-error'],
      properties: {
        [HEADER_EVENT_ID]: { type: 'string', format: 'uuid' },
        [HEADER_EVENT_TYPE]: { type: 'string' },
        'dead-letter-origin': { type: 'string', description: '`<topic>/<partition>/<offset>` the event was read from.' },
        'dead-letter-attempts': { type: 'string', description: 'Deliveries to the group before it gave up (a number).' },
        'dead-letter-error': { type: 'string', description: "The handler's last error: class and message, at most 2000 characters." },
      },
    },
    AnyEnvelope: {
      type: 'object',
      required: ['id', 'type', 'version', 'occurredAt', 'source', 'key', 'data'],
      properties: {
        id: { $ref: '#/components/schemas/EventId' },
        type: { type: 'string' },
        version: { type: 'integer', minimum: 1 },
        occurredAt: { $ref: '#/components/schemas/OccurredAt' },
        source: { type: 'string' },
        key: { type: 'string' },
        data: { type: 'object' },
      },
    },
  };

  for (const definition of events) {
    const id = idOf(definition.type);
    const topic = topicFor(definition.type);
    const key = describeKey(definition.type);
    const dataSchema = plain(definition.schema);
    schemas[`${id}Data`] = { ...dataSchema, description: definition.description };
    const example = exampleEnvelope(definition);
    messages[id] = {
      name: definition.type,
      title: `${definition.type} v${definition.version}`,
      summary: definition.description,
      contentType: 'application/json',
      correlationId: { description: 'The event id (also the `event-id` header).', location: '$message.payload#/id' },
      headers: { $ref: '#/components/schemas/Headers' },
      payload: {
        type: 'object',
        required: ['id', 'type', 'version', 'occurredAt', 'source', 'key', 'data'],
        properties: {
          id: { $ref: '#/components/schemas/EventId' },
          type: { type: 'string', const: definition.type },
          version: { type: 'integer', const: definition.version, description: 'Schema version of `data`.' },
          occurredAt: { $ref: '#/components/schemas/OccurredAt' },
          source: { type: 'string', const: definition.source, description: 'The service that owns the change.' },
          key: { type: 'string', description: `The Kafka message key: ${key}.` },
          data: { $ref: `#/components/schemas/${id}Data` },
        },
      },
      bindings: { kafka: { key: { type: 'string', description: key }, bindingVersion: '0.5.0' } },
      examples: [{ name: `${id}Example`, summary: `A ${definition.type} event`, headers: { [HEADER_EVENT_ID]: example.id, [HEADER_EVENT_TYPE]: example.type }, payload: example }],
      'x-event-version': definition.version,
      'x-key': key,
    };
    channels[id] = {
      address: topic,
      title: definition.type,
      description: `${definition.description} Keyed by ${key}.`,
      messages: { [id]: { $ref: `#/components/messages/${id}` } },
      bindings: { kafka: { topic, bindingVersion: '0.5.0' } },
    };
    operations[`send${capitalised(id)}`] = {
      action: 'send',
      title: `The ${definition.source} service publishes ${definition.type}`,
      description: `Written to the ${definition.source} service's outbox with the change, published by its relay.`,
      channel: { $ref: `#/channels/${id}` },
      messages: [{ $ref: `#/channels/${id}/messages/${id}` }],
    };
    operations[`receive${capitalised(id)}`] = {
      action: 'receive',
      title: `Consume ${definition.type}`,
      description: 'Every consumer group receives each event at least once; replicas sharing a group split the partitions. De-duplicate on `id`.',
      channel: { $ref: `#/channels/${id}` },
      messages: [{ $ref: `#/channels/${id}/messages/${id}` }],
      bindings: {
        kafka: {
          groupId: { type: 'string', description: 'A consumer group of your own (e.g. `<team>.<purpose>`), prefixed with KAFKA_NAMESPACE when that is set; a new group (or reset offsets) replays the topic from the start of its retention.' },
          bindingVersion: '0.5.0',
        },
      },
    };
  }

  messages.deadLetter = {
    name: 'dead-letter',
    title: 'A dead-lettered event',
    summary: "An event a consumer group's handler failed on too often, moved aside with its error so the partition moves on; `npm run events:redrive -- <group>` sends it back to that group only.",
    contentType: 'application/json',
    headers: { $ref: '#/components/schemas/DeadLetterHeaders' },
    payload: { $ref: '#/components/schemas/AnyEnvelope' },
  };
  channels.deadLetters = {
    address: 'inkwell.dead-letter.{group}',
    title: 'Dead letters of a consumer group',
    description: "Events the group's handler failed on after its delivery attempts (KAFKA_MAX_DELIVERY_ATTEMPTS, default 5), unless the group's service kept them in its own `dead_letters` table. The message is the original envelope, keyed as before.",
    parameters: { group: { description: 'The consumer group, e.g. `support.account-emails`.' } },
    messages: { deadLetter: { $ref: '#/components/messages/deadLetter' } },
  };
  operations.receiveDeadLetters = {
    action: 'receive',
    title: 'Inspect a group\'s dead letters',
    channel: { $ref: '#/channels/deadLetters' },
    messages: [{ $ref: '#/channels/deadLetters/messages/deadLetter' }],
  };

  return {
    asyncapi: '3.0.0',
    id: 'urn:inkwell:events',
    info: {
      title: 'Inkwell integration events',
      version: catalogueVersion(events),
      description: DESCRIPTION,
    },
    defaultContentType: 'application/json',
    servers: {
      kafka: {
        host: '{broker}',
        protocol: 'kafka',
        title: 'The Kafka cluster of the deployment',
        description: 'The brokers of KAFKA_BROKERS (comma-separated host:port). With KAFKA_SSL=true the connection is TLS; with KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD it authenticates with SASL (KAFKA_SASL_MECHANISM: plain, scram-sha-256 or scram-sha-512). Ask the operators for credentials of your own; never reuse a service\'s.',
        variables: { broker: { default: 'localhost:9092', description: 'One of KAFKA_BROKERS.' } },
        security: [{ $ref: '#/components/securitySchemes/scramSha512' }, { $ref: '#/components/securitySchemes/scramSha256' }, { $ref: '#/components/securitySchemes/plain' }],
      },
    },
    channels,
    operations,
    components: {
      schemas,
      messages,
      securitySchemes: {
        scramSha512: { type: 'scramSha512', description: 'SASL/SCRAM-SHA-512 (KAFKA_SASL_MECHANISM=scram-sha-512).' },
        scramSha256: { type: 'scramSha256', description: 'SASL/SCRAM-SHA-256 (KAFKA_SASL_MECHANISM=scram-sha-256).' },
        plain: { type: 'plain', description: 'SASL/PLAIN, over TLS only (KAFKA_SSL=true).' },
      },
    },
  };
}

/** The document as `docs/asyncapi.json` holds it. */
export function asyncApiJson(events?: readonly EventDefinition[]): string {
  return `${JSON.stringify(asyncApiDocument(events), null, 2)}\n`;
}
