import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { DEFAULT_USER_EXPORT_FIELDS } from '@inkwell/contracts/dashboard-customers';
import { signInNewAdmin } from '../support/dashboard-calls';
import { startTestStack, type TestStack } from '../support/stack';

// Answers are checked field by field; their shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/**
 * A user export through the gateway as the dashboard runs it (issue 23): started and polled with
 * the staff token, downloaded by its link with none (a browser download carries no bearer token),
 * and never reachable at `/media/`, where the gateway serves the public files.
 */
describe('user export through the gateway', () => {
  let stack: TestStack;
  let token: string;

  const staff = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await fetch(stack.url + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  beforeAll(async () => {
    stack = await startTestStack();
    token = await signInNewAdmin(stack, 'exporter');
  });
  afterAll(() => stack?.stop());

  it('starts, polls and downloads an export by its link alone', async () => {
    const started = await staff('POST', '/api/dashboard/users/user-export/start', {});
    assert.equal(started.status, 202, JSON.stringify(started.body));
    const id = started.body.response.id as string;
    let job: Json;
    for (;;) {
      job = (await staff('GET', `/api/dashboard/users/user-export/${id}`)).body.response;
      if (job.status === 'completed' || job.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal(job.status, 'completed', job.error);

    const file = await fetch(stack.url + job.location);
    assert.equal(file.status, 200);
    assert.match(file.headers.get('content-disposition') ?? '', /^attachment; filename="users-/);
    const [header, ...rows] = parse(await file.text(), { bom: true }) as string[][];
    assert.deepEqual(header, [...DEFAULT_USER_EXPORT_FIELDS]);
    assert.equal(rows.length, job.rowsTotal);
    assert.ok(rows.some((row) => row[1] === `exporter-${process.pid}@example.com`), 'the staff member who asked is among the accounts');

    const forged = await fetch(stack.url + job.location.replace(/signature=[^&]+/, `signature=${'A'.repeat(43)}`));
    assert.equal(forged.status, 403);
    for (const path of [`/media/exports/users/${id}.csv`, `/media/%65xports/users/${id}.csv`]) {
      const direct = await fetch(stack.url + path);
      assert.equal(direct.status, 404, path);
    }
  });
});
