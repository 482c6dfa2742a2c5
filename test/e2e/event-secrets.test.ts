import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { EVENTS, SERVICE_NAMES, type EventEnvelope } from '@inkwell/platform';
import { waitForMail } from '../support/mailbox';
import { startTestStack, type TestStack } from '../support/stack';

// Answers are checked field by field; their shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** Names of fields that hold secrets. */
const SECRET_NAME = /token|secret|password|passwd|credential|cvc|cvv|card.?number/i;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * Whether a string holds something shaped like a secret: a run of base64url characters with
 * upper- and lower-case letters, 20 long with a digit or 32 long without (random values of 128
 * bits or more: link and refresh tokens, access-token parts, API keys), or 32 or more hex digits
 * (hashes, keys). Uuids, the ids every event carries, are not secrets.
 */
function tokenLike(value: string): boolean {
  const runs = value.replace(UUID, ' ').match(/[A-Za-z0-9_-]{20,}/g) ?? [];
  return runs.some((run) => (/[a-z]/.test(run) && /[A-Z]/.test(run) && (/[0-9]/.test(run) || run.length >= 32)) || /^[0-9a-f]{32,}$/i.test(run));
}

/** Every place in `value` that is named like a secret or holds a token-like or known secret string. */
function secretsIn(value: unknown, known: readonly string[], where = '$'): string[] {
  if (typeof value === 'string') {
    const found = known.filter((secret) => value.includes(secret)).map(() => `${where} holds a secret from a mail`);
    return tokenLike(value) ? [...found, `${where} is token-like: ${value}`] : found;
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => secretsIn(item, known, `${where}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([name, item]) => [
      ...(SECRET_NAME.test(name) ? [`${where}.${name} is named like a secret`] : []),
      ...secretsIn(item, known, `${where}.${name}`),
    ]);
  }
  return [];
}

/** The field names a JSON Schema declares, at any depth. */
function fieldNames(schema: Json): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const own = schema.properties ? Object.keys(schema.properties) : [];
  return [...own, ...Object.values(schema.properties ?? {}).flatMap(fieldNames), ...fieldNames(schema.items)];
}

describe('events carry no secrets', () => {
  it('tells token-like strings from the ids, addresses and names events hold', () => {
    for (const secret of [randomBytes(32).toString('base64url'), randomBytes(32).toString('hex'), 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEifQ', `https://store.example/reset-password/?token=${randomBytes(32).toString('base64url')}`]) {
      assert.equal(tokenLike(secret), true, secret);
    }
    for (const plain of [randomUUID(), 'reader-12345@example.com', '2024-05-01T09:30:00.000Z', 'account.password-reset-requested', 'inkwell-manga-volume-12', 'RestrictedButOwnedVolumeTwelve', 'https://store.example/support-center/']) {
      assert.equal(tokenLike(plain), false, plain);
    }
  });

  it('declares no field named like a secret in the event catalogue', () => {
    const named = Object.values(EVENTS).flatMap((event) => fieldNames(event.schema).filter((name) => SECRET_NAME.test(name)).map((name) => `${event.type}: ${name}`));
    assert.deepEqual(named, []);
  });

  describe('after sign-up, verification, a forgotten password and an email change on the running store', () => {
    let stack: TestStack;
    const published: EventEnvelope[] = [];

    beforeAll(async () => {
      stack = await startTestStack({ PUBLIC_URL: 'https://store.example' });
      // What the bus carries (what Kafka topics would keep), seen as one more consumer group.
      await stack.service('account').context.bus.subscribe({
        group: 'test.secret-scan',
        types: Object.values(EVENTS).map((event) => event.type),
        handler: async (event) => void published.push(event),
      });
    });
    afterAll(() => stack?.stop());

    const post = async (path: string, body?: unknown, token?: string) => {
      const response = await fetch(stack.url + path, {
        method: 'POST',
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      assert.equal(response.status, 200, `${path}: ${response.status}`);
      return (await response.json()) as Json;
    };
    const tokenIn = (links: string[], path: string): string => {
      const token = links.map((link) => new URL(link)).find((url) => url.pathname === path)?.searchParams.get('token');
      assert.ok(token, `a ${path} link among ${links.join(', ')}`);
      return token;
    };

    it('finds none on the bus, in any outbox row or in the analytics store', async () => {
      const email = `secrets-${process.pid}@example.com`;
      const newEmail = `secrets-renamed-${process.pid}@example.com`;
      const password = 'first password 1';
      const secrets: string[] = [password, 'second password 2'];

      await post('/api/account/signupCustomerV2', { email: Buffer.from(email).toString('base64'), password: Buffer.from(password).toString('base64') });
      const verification = await waitForMail(stack, { to: email, subject: /verif|confirm/i });
      secrets.push(tokenIn(verification.links, '/email-verified/'));
      await post('/api/account/verifyEmail', { Token: secrets.at(-1) });

      await post(`/api/account/forgotPassword?email=${encodeURIComponent(email)}`);
      const reset = await waitForMail(stack, { to: email, subject: /password/i });
      secrets.push(tokenIn(reset.links, '/reset-password/'));
      await post('/api/account/changePassword', { Token: secrets.at(-1), Password: 'second password 2' });

      const login = await post('/api/account/token', { UserName: email, Password: 'second password 2' });
      secrets.push(login.response.access_token, login.response.refresh_token);
      await post('/api/account/initiateChangeEmail', { NewEmail: newEmail, Password: 'second password 2' }, login.response.access_token);
      const confirm = await waitForMail(stack, { to: newEmail });
      secrets.push(tokenIn(confirm.links, '/change-email/'));
      await post('/api/account/completeChangeEmail', { Token: secrets.at(-1) });
      await waitForMail(stack, { to: email, subject: /email/i });

      const analytics = stack.service('analytics').context.db;
      const journey = ['account.created', 'account.verified', 'account.password-reset-requested', 'account.email-changed'];
      const deadline = Date.now() + 20_000;
      for (;;) {
        const { rows } = await analytics.query<{ n: number }>('SELECT count(*)::int AS n FROM domain_events WHERE type = ANY($1)', [journey]);
        // Sign-up, verification, reset, and the change requested then completed.
        if (rows[0]!.n >= 5) break;
        assert.ok(Date.now() < deadline, `analytics holds ${rows[0]!.n} of the journey's 5 account events`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }

      // Every consumer group, the scan's own included, has handled what the journey published.
      await stack.eventsDelivered();
      const stored = (await analytics.query<{ type: string; data: Json }>('SELECT type, data FROM domain_events ORDER BY received_at')).rows;
      const outboxes = await Promise.all(
        SERVICE_NAMES.map(async (name) => ({ name, rows: (await stack.service(name).context.db.query<{ type: string; data: Json }>('SELECT type, data FROM outbox ORDER BY seq')).rows })),
      );
      const accountRows = outboxes.find((outbox) => outbox.name === 'account')!.rows;
      assert.deepEqual(new Set(accountRows.map((row) => row.type)), new Set(journey), 'the journey wrote the account events it mails from');
      assert.ok(published.some((event) => event.type === 'account.password-reset-requested'), 'the scan saw the bus');

      const findings = [
        ...published.flatMap((event) => secretsIn(event, secrets, `bus ${event.type}`)),
        ...outboxes.flatMap(({ name, rows }) => rows.flatMap((row) => secretsIn(row.data, secrets, `${name} outbox ${row.type}`))),
        ...stored.flatMap((row) => secretsIn(row.data, secrets, `analytics ${row.type}`)),
      ];
      assert.deepEqual(findings, []);
    });
  });
});
