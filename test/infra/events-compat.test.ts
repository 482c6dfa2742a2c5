/**
 * The event compatibility check (services/platform/src/events/compatibility.ts, `npm run
 * events:compat`): planted incompatible changes of each kind fail naming the type and the change,
 * compatible ones pass, and the catalogue as it is passes against docs/events-lock.json, which holds
 * every (type, version) of the catalogue. So CI fails on an incompatible change of a released event.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Type, type TSchema } from '@sinclair/typebox';
import { describe, test } from 'vitest';
import { checkCompatibility, describeProblems, extendLock, EVENTS, lockJson, plainSchema, schemaChanges, type EventDefinition, type EventsLock } from '@inkwell/platform';
import { EVENTS_LOCK, readLock } from '../../scripts/events-compat';

const run = promisify(execFile);

const Money = Type.Object({ cents: Type.Integer(), currency: Type.String({ minLength: 3, maxLength: 3 }) });
/** The released schema the planted changes start from. */
const RELEASED = Type.Object({
  orderId: Type.String(),
  note: Type.Optional(Type.String()),
  count: Type.Number(),
  reason: Type.Union([Type.Literal('changed'), Type.Literal('emptied')]),
  status: Type.Literal('open'),
  total: Money,
  items: Type.Array(Type.Object({ productId: Type.String(), quantity: Type.Integer({ minimum: 1 }) })),
  tags: Type.Optional(Type.Array(Type.String())),
});

function event(schema: TSchema, version = 1): EventDefinition {
  return { type: 'planted.changed', version, source: 'planted', description: 'A planted event.', schema };
}

const LOCK: EventsLock = { description: 'test', events: { 'planted.changed': { '1': plainSchema(RELEASED) } } };

/** The failures of `current` checked against the released schema, as `npm run events:compat` prints them. */
function problemsOf(current: TSchema): string[] {
  return describeProblems(checkCompatibility(LOCK, [event(current)]));
}

/** RELEASED with some properties replaced or taken out. */
function changed(properties: Record<string, TSchema | undefined>, options: object = {}): TSchema {
  const next: Record<string, TSchema> = { ...RELEASED.properties };
  for (const [name, schema] of Object.entries(properties)) {
    if (schema === undefined) delete next[name];
    else next[name] = schema;
  }
  return Type.Object(next, options);
}

describe('incompatible changes within a released version fail, naming the type, the change, and the fix', () => {
  const planted: Array<[string, TSchema, RegExp]> = [
    ['a property removed', changed({ note: undefined }), /data\.note: property removed/],
    ['a required property removed', changed({ count: undefined }), /data\.count: property removed/],
    ['an optional property made required', changed({ note: Type.String() }), /data\.note: optional property made required/],
    ['a required property made optional', changed({ orderId: Type.Optional(Type.String()) }), /data\.orderId: required property made optional/],
    ['a new required property', changed({ createdAt: Type.String() }), /data\.createdAt: new property is required/],
    ['a type changed', changed({ orderId: Type.Integer() }), /data\.orderId: type changed from string to integer/],
    ['a type narrowed (number to integer)', changed({ count: Type.Integer() }), /data\.count: type changed from number to integer/],
    ['a nested type changed', changed({ total: Type.Object({ cents: Type.String(), currency: Type.String({ minLength: 3, maxLength: 3 }) }) }), /data\.total\.cents: type changed/],
    ['a property inside array items removed', changed({ items: Type.Array(Type.Object({ productId: Type.String() })) }), /data\.items\[\]\.quantity: property removed/],
    ['a union literal removed', changed({ reason: Type.Union([Type.Literal('changed')]) }), /data\.reason: allowed value "emptied" removed/],
    ['a union turned into a plain literal', changed({ reason: Type.Literal('changed') }), /data\.reason: allowed value "emptied" removed/],
    ['a literal changed', changed({ status: Type.Literal('closed') }), /data\.status: allowed value "open" removed/],
    ['a free string narrowed to a literal', changed({ orderId: Type.Literal('x') }), /data\.orderId: narrowed to the literal value "x"/],
    ['additionalProperties tightened', changed({}, { additionalProperties: false }), /data: additionalProperties tightened to false/],
    ['a nested additionalProperties tightened', changed({ total: Type.Object(Money.properties, { additionalProperties: false }) }), /data\.total: additionalProperties tightened/],
    ['a bound tightened', changed({ items: Type.Array(Type.Object({ productId: Type.String(), quantity: Type.Integer({ minimum: 2 }) })) }), /data\.items\[\]\.quantity: minimum tightened from 1 to 2/],
    ['a pattern added', changed({ orderId: Type.String({ pattern: '^[0-9]+$' }) }), /data\.orderId: pattern changed/],
  ];
  for (const [kind, schema, expected] of planted) {
    test(kind, () => {
      const problems = problemsOf(schema);
      assert.ok(problems.length > 0, `${kind} passed the check`);
      assert.ok(problems.some((line) => expected.test(line)), `got: ${problems.join(' | ')}`);
      for (const line of problems) assert.match(line, /^planted\.changed v1: .*Bump the version of planted\.changed in the event catalogue \(v2\)/);
    });
  }

  test('a version going backwards fails', () => {
    const lock: EventsLock = { description: 'test', events: { 'planted.changed': { '1': plainSchema(RELEASED), '2': plainSchema(RELEASED) } } };
    assert.deepEqual(describeProblems(checkCompatibility(lock, [event(RELEASED, 1)])), ['planted.changed: version 1 is lower than the released version 2; versions only go up.']);
  });
});

describe('compatible changes pass', () => {
  const fine: Array<[string, TSchema]> = [
    ['no change', RELEASED],
    ['an optional property added', changed({ discount: Type.Optional(Money) })],
    ['an optional property added inside array items', changed({ items: Type.Array(Type.Object({ productId: Type.String(), quantity: Type.Integer({ minimum: 1 }), name: Type.Optional(Type.String()) })) })],
    ['a union value added', changed({ reason: Type.Union([Type.Literal('changed'), Type.Literal('emptied'), Type.Literal('merged')]) })],
    ['a bound loosened', changed({ items: Type.Array(Type.Object({ productId: Type.String(), quantity: Type.Integer({ minimum: 0 }) })) })],
    ['a description added', changed({ orderId: Type.String({ description: 'The order.' }) })],
    ['properties reordered', Type.Object(Object.fromEntries(Object.entries(RELEASED.properties).reverse()))],
  ];
  for (const [kind, schema] of fine) {
    test(kind, () => {
      assert.deepEqual(problemsOf(schema), []);
    });
  }

  test('an incompatible change under a NEW version passes, and the new version is what gets added to the lock', () => {
    const bumped = event(changed({ note: undefined, orderId: Type.Integer() }), 2);
    const report = checkCompatibility(LOCK, [bumped]);
    assert.deepEqual(describeProblems(report), []);
    assert.deepEqual(report.added, [{ type: 'planted.changed', version: 2 }]);
    const extended = extendLock(LOCK, [bumped]);
    assert.deepEqual(Object.keys(extended.events['planted.changed']!), ['1', '2']);
    assert.deepEqual(extended.events['planted.changed']!['1'], LOCK.events['planted.changed']!['1'], 'a released version is never rewritten');
    assert.deepEqual(extended.events['planted.changed']!['2'], plainSchema(bumped.schema));
  });

  test('extending the lock never rewrites an existing entry, even when the schema changed compatibly', () => {
    const extended = extendLock(LOCK, [event(changed({ discount: Type.Optional(Money) }))]);
    assert.deepEqual(extended.events, LOCK.events);
  });

  test('a type dropped from the catalogue is reported as retired, not as an error', () => {
    const report = checkCompatibility(LOCK, []);
    assert.deepEqual(report.retired, ['planted.changed']);
    assert.deepEqual(describeProblems(report), []);
  });

  test('schemaChanges compares nested parts on their own', () => {
    assert.deepEqual(schemaChanges(plainSchema(Type.String()), plainSchema(Type.String())), []);
    assert.deepEqual(schemaChanges(plainSchema(Type.String()), plainSchema(Type.Number())), [{ path: 'data', change: 'type changed from string to number' }]);
  });
});

describe('the catalogue against docs/events-lock.json', () => {
  test('every event of the catalogue is compatible with its released schema, and every (type, version) is locked', () => {
    const report = checkCompatibility(readLock());
    assert.deepEqual(describeProblems(report), [], 'incompatible event schema change: bump the version (docs/events.md, "Versions and compatibility")');
    assert.deepEqual(report.added, [], 'docs/events-lock.json lacks these versions: run `npm run events:compat`');
    for (const definition of Object.values(EVENTS)) assert.ok(readLock().events[definition.type]?.[String(definition.version)], `${definition.type} v${definition.version} is not locked`);
  });

  test('the lock is as `npm run events:compat` writes it (sorted, stable)', async () => {
    const text = await readFile(EVENTS_LOCK, 'utf8');
    assert.equal(text, lockJson(extendLock(readLock())));
  });

  test('`npm run events:compat -- --check` passes now, and fails naming the type and change when a released schema is planted differently in the lock', async () => {
    const ok = await run('npx', ['tsx', 'scripts/events-compat.ts', '--check'], { cwd: process.cwd() });
    assert.match(ok.stdout, /compatible with every released version/);
    // Plant: the lock says order.placed v1 had a required property the catalogue no longer has.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'events-lock-'));
    try {
      const lock = readLock();
      const placed = lock.events['order.placed']!['1']! as { properties: Record<string, unknown>; required: string[] };
      placed.properties.channel = { type: 'string' };
      placed.required.push('channel');
      const planted = path.join(dir, 'events-lock.json');
      await writeFile(planted, lockJson(lock));
      const failure = await run('npx', ['tsx', 'scripts/events-compat.ts', '--check', `--lock=${planted}`], { cwd: process.cwd() }).then(
        () => assert.fail('the check passed on a planted incompatible change'),
        (error: { code: number; stderr: string }) => error,
      );
      assert.equal(failure.code, 1);
      assert.match(failure.stderr, /order\.placed v1: data\.channel: property removed\. Bump the version of order\.placed/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
