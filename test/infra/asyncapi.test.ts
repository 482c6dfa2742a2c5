/**
 * The AsyncAPI document of the integration events (docs/asyncapi.json): generated from the event
 * catalogue, valid for a real AsyncAPI parser (@asyncapi/parser: schema and Spectral rules), with
 * an example per event that matches its schema, and served by the gateway. CI fails when the
 * catalogue changes and the document was not regenerated (`npm run docs:asyncapi`).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Parser } from '@asyncapi/parser';
import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { ASYNCAPI_PATH, asyncApiDocument, asyncApiJson, EVENT_KEYS, EVENTS, exampleEnvelope, loadGatewayConfig, topicFor, type App } from '@inkwell/platform';
import { testLogger } from '@inkwell/platform/testing';
import { createGateway } from '../../services/gateway/src';
import { ASYNCAPI_DOC } from '../../scripts/asyncapi';

const DEFINITIONS = Object.values(EVENTS);
const ERROR = 0;

type Doc = {
  info: { version: string };
  channels: Record<string, { address: string; messages: Record<string, unknown> }>;
  operations: Record<string, { action: string; channel: { $ref: string } }>;
  components: { messages: Record<string, { name: string; examples: Array<{ payload: ReturnType<typeof exampleEnvelope>; headers: Record<string, string> }>; bindings?: { kafka: { key: unknown } } }> };
};

describe('docs/asyncapi.json', () => {
  test('is what `npm run docs:asyncapi` writes from the event catalogue', () => {
    assert.ok(readFileSync(ASYNCAPI_DOC, 'utf8') === asyncApiJson(), 'docs/asyncapi.json is out of date: run `npm run docs:asyncapi`');
  });

  test('parses with @asyncapi/parser without a diagnostic of error severity', async () => {
    const { document, diagnostics } = await new Parser().parse(readFileSync(ASYNCAPI_DOC, 'utf8'));
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === ERROR).map((diagnostic) => `${diagnostic.path.join('.')}: ${diagnostic.message}`);
    assert.deepEqual(errors, []);
    assert.ok(document, 'the parser gave no document');
    assert.equal(document.version(), '3.0.0');
    // One channel per event type plus the dead letters, each event's topic as the parser reads it.
    assert.equal(document.channels().length, DEFINITIONS.length + 1);
    const addresses = document.channels().all().map((channel) => channel.address());
    for (const definition of DEFINITIONS) assert.ok(addresses.includes(topicFor(definition.type)), `no channel for ${definition.type}`);
    assert.ok(addresses.includes('inkwell.dead-letter.{group}'));
    assert.equal(document.allServers().get('kafka')?.protocol(), 'kafka');
  });

  test('the parser refuses a broken document (a planted dangling reference), so the test above can fail', async () => {
    const broken = asyncApiDocument() as Doc;
    const first = Object.keys(broken.channels)[0]!;
    broken.channels[first]!.messages = { gone: { $ref: '#/components/messages/noSuchMessage' } };
    const { document, diagnostics } = await new Parser().parse(JSON.stringify(broken));
    assert.equal(document, undefined);
    assert.ok(diagnostics.some((diagnostic) => diagnostic.severity === ERROR && /noSuchMessage/.test(diagnostic.message)));
  });

  test('every event has a send and a receive operation, a key rule and an example valid against its schema', () => {
    const doc = asyncApiDocument() as Doc;
    for (const definition of DEFINITIONS) {
      assert.ok(EVENT_KEYS[definition.type], `${definition.type} has no key rule in services/platform/src/events/asyncapi.ts (EVENT_KEYS): say which aggregate id it is keyed by`);
      const message = Object.values(doc.components.messages).find((candidate) => candidate.name === definition.type);
      assert.ok(message, `no message for ${definition.type}`);
      assert.ok(message.bindings?.kafka.key, `${definition.type} has no Kafka key binding`);
      const [example] = message.examples;
      assert.ok(example);
      assert.ok(Value.Check(definition.schema, example.payload.data), `the example of ${definition.type} does not match its schema: ${[...Value.Errors(definition.schema, example.payload.data)].map((error) => `${error.path} ${error.message}`).join('; ')}`);
      assert.equal(example.payload.type, definition.type);
      assert.equal(example.payload.version, definition.version);
      assert.equal(example.payload.source, definition.source);
      assert.equal(example.headers['event-type'], definition.type);
      assert.equal(example.headers['event-id'], example.payload.id);
      const rule = EVENT_KEYS[definition.type]!;
      if ('field' in rule) assert.equal(example.payload.key, `${rule.prefix ?? ''}${String((example.payload.data as Record<string, unknown>)[rule.field])}`);
      else assert.ok(rule.constant.includes(example.payload.key));
      const actions = Object.values(doc.operations).filter((operation) => operation.channel.$ref === `#/channels/${Object.keys(doc.channels).find((id) => doc.channels[id]!.address === topicFor(definition.type))}`).map((operation) => operation.action).sort();
      assert.deepEqual(actions, ['receive', 'send'], definition.type);
    }
  });

  test("a key rule's field is a required string property of the event's data", () => {
    for (const definition of DEFINITIONS) {
      const rule = EVENT_KEYS[definition.type];
      if (!rule || !('field' in rule)) continue;
      const schema = definition.schema as unknown as { required?: string[]; properties: Record<string, { type?: string }> };
      assert.ok(schema.required?.includes(rule.field), `${definition.type}: key field ${rule.field} is not required in its data`);
      assert.equal(schema.properties[rule.field]?.type, 'string', `${definition.type}: key field ${rule.field}`);
    }
  });

  test('the info version changes with the catalogue and only with it', () => {
    const now = (asyncApiDocument() as Doc).info.version;
    assert.equal((asyncApiDocument() as Doc).info.version, now);
    const [first, ...rest] = DEFINITIONS;
    const bumped = (asyncApiDocument([{ ...first!, version: first!.version + 1 }, ...rest]) as Doc).info.version;
    assert.notEqual(bumped, now);
  });
});

describe('GET /api/events/asyncapi.json (gateway)', () => {
  let gateway: App;

  beforeAll(async () => {
    const config = loadGatewayConfig({ WEB_DIST: '/nonexistent/web', DASHBOARD_DIST: '/nonexistent/dashboard' }, process.cwd());
    gateway = await createGateway({ config, logger: testLogger });
    await gateway.ready();
  });

  afterAll(async () => {
    await gateway.close();
  });

  test('serves the document to anyone, cacheable, and answers 304 to a matching If-None-Match', async () => {
    const response = await gateway.inject({ method: 'GET', url: ASYNCAPI_PATH });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^application\/json/);
    assert.equal(response.headers['cache-control'], 'public, max-age=3600');
    assert.equal(response.body, readFileSync(ASYNCAPI_DOC, 'utf8'));
    const etag = String(response.headers.etag);
    assert.match(etag, /^".+"$/);
    const again = await gateway.inject({ method: 'GET', url: ASYNCAPI_PATH, headers: { 'if-none-match': etag } });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    const other = await gateway.inject({ method: 'GET', url: ASYNCAPI_PATH, headers: { 'if-none-match': '"stale"' } });
    assert.equal(other.statusCode, 200);
  });

  test('other paths under /api/events are still the route table\'s (no owner: 404)', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/api/events/other.json' });
    assert.equal(response.statusCode, 404);
  });
});
