import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { CreateBucketCommand, DeleteBucketCommand, DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { DEFAULT_USER_EXPORT_FIELDS, USER_EXPORT_FIELDS, USER_EXPORT_LINK_TTL_SECONDS } from '@inkwell/contracts/dashboard-customers';
import { Database, EVENTS, LocalFileStorage, applyMigrations, createEnvelope, erasedUserToken } from '@inkwell/platform';
import { buildTestService, createTestDatabase, signTestToken, skipBecause, testKeys, testLogger, testServiceConfig, type TestDatabase, type TestService } from '@inkwell/platform/testing';
import { accountService } from '../src';
import { exportLinkKey, signExportLink } from '../src/domain/export-rows';
import { DEFAULT_USER_EXPORTS, UserExportWorker } from '../src/flows/user-export';
import { claimUserExport } from '../src/store/user-exports';

// Answers are checked field by field; their shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const START = '/api/dashboard/users/user-export/start';
const LIST = '/api/dashboard/users/user-export';

/** Drives one built account service: staff tokens for real accounts, calls, polling a job to its end. */
function harness(service: () => TestService) {
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown, token?: string) => {
    const response = await service().app.inject({
      method,
      url,
      ...(body === undefined ? {} : { payload: body as object }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
    return { status: response.statusCode, body: (isJson ? response.json() : undefined) as Json, text: response.body, headers: response.headers };
  };
  /** An account in the database and a token for it (staff routes check the account's roles too). */
  const account = async (roles: string[], email = `staff-${randomBytes(4).toString('hex')}@example.com`) => {
    const { rows } = await service().context.db.query<{ id: string }>("INSERT INTO accounts (email, password_hash, roles, verified) VALUES ($1, 'x', $2, true) RETURNING id", [email, roles]);
    const id = rows[0]!.id;
    return { id, email, token: await signTestToken({ userId: id, email, roles }) };
  };
  /** Polls the job until the worker has finished it (the test's own timeout bounds the wait). */
  const finished = async (id: string, token: string, onPoll?: () => void) => {
    for (;;) {
      const polled = await call('GET', `${LIST}/${id}`, undefined, token);
      assert.equal(polled.status, 200, JSON.stringify(polled.body));
      onPoll?.();
      if (polled.body.response.status === 'completed' || polled.body.response.status === 'failed') return polled.body.response;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  /** The download link as the service would be asked through the gateway (path and query). */
  const download = (location: string) => {
    const url = new URL(location, 'http://inkwell.test');
    return call('GET', url.pathname + url.search);
  };
  return { call, account, finished, download };
}

describe('user export jobs', () => {
  let service: TestService;
  let dataDir: string;
  const { call, account, finished, download } = harness(() => service);
  let admin: Awaited<ReturnType<typeof account>>;
  const linkKey = exportLinkKey(testKeys().privateKeyPem);

  const accountCount = async () => Number((await service.context.db.query<{ n: string }>('SELECT count(*) AS n FROM accounts')).rows[0]!.n);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'inkwell-user-export-'));
    service = await buildTestService(accountService, { config: { dataDir } });
    admin = await account(['admin'], 'export-admin@example.com');
  });
  afterAll(async () => {
    await service?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses anonymous callers (401), readers and demoted admins (403)', async () => {
    const reader = await account([]);
    const demoted = await account([]);
    const demotedToken = await signTestToken({ userId: demoted.id, email: demoted.email, roles: ['admin'] });
    const someId = randomUUID();
    for (const [method, url, body] of [
      ['POST', START, {}],
      ['GET', LIST, undefined],
      ['GET', `${LIST}/${someId}`, undefined],
    ] as const) {
      assert.equal((await call(method, url, body)).status, 401, `${url} anonymous`);
      assert.equal((await call(method, url, body, reader.token)).status, 403, `${url} reader`);
      assert.equal((await call(method, url, body, demotedToken)).status, 403, `${url}: a token still saying admin for an account that no longer is`);
    }
    const { rows } = await service.context.db.query('SELECT 1 FROM user_exports');
    assert.equal(rows.length, 0, 'nothing started');
  });

  it('exports every account to CSV with the default fields, escaped and guarded against formulas, downloadable by its link', async () => {
    const nasty = await account([], `=cmd-${randomBytes(3).toString('hex')}@example.com`);
    await service.context.db.query("UPDATE accounts SET name = $2, login_count = 3, last_login_at = '2026-01-02T03:04:05Z' WHERE id = $1", [nasty.id, 'Eve, "the" tester\nline two']);
    const formula = await account(['support', 'finance']);
    await service.context.db.query("UPDATE accounts SET name = '+SUM(A1:A9)' WHERE id = $1", [formula.id]);

    const started = await call('POST', START, {}, admin.token);
    assert.equal(started.status, 202, JSON.stringify(started.body));
    const job = started.body.response;
    assert.equal(job.type, 'users_export');
    assert.equal(job.format, 'csv');
    assert.deepEqual(job.fields, [...DEFAULT_USER_EXPORT_FIELDS]);
    assert.ok(['pending', 'processing', 'completed'].includes(job.status));
    assert.equal(job.requestedById, admin.id);
    assert.equal(job.requestedByEmail, admin.email);
    assert.equal(job.isExpired, false);

    const done = await finished(job.id, admin.token);
    const total = await accountCount();
    assert.equal(done.status, 'completed', done.error);
    assert.equal(done.rowsTotal, total);
    assert.equal(done.rowsDone, total);
    assert.equal(done.isExpired, false);
    assert.equal(done.error, null);
    assert.match(done.location, /^\/api\/account\/user-export\//, 'relative: the dashboard shares the gateway origin');
    const location = new URL(done.location, 'http://inkwell.test');
    assert.equal(location.pathname, `/api/account/user-export/${job.id}/file`);
    const expires = Number(location.searchParams.get('expires'));
    const finishedAt = (await service.context.db.query<{ finished_at: Date }>('SELECT finished_at FROM user_exports WHERE id = $1', [job.id])).rows[0]!.finished_at;
    assert.equal(expires, Math.floor(finishedAt.getTime() / 1000) + USER_EXPORT_LINK_TTL_SECONDS, 'the link works for the TTL after the job finished');

    const file = await download(done.location);
    assert.equal(file.status, 200, file.text);
    assert.match(String(file.headers['content-type']), /^text\/csv/);
    assert.match(String(file.headers['content-disposition']), /^attachment; filename="users-.*\.csv"$/);
    assert.equal(file.headers['cache-control'], 'private, no-store');
    const [header, ...rows] = parse(file.text, { bom: true }) as string[][];
    assert.deepEqual(header, [...DEFAULT_USER_EXPORT_FIELDS]);
    assert.equal(rows.length, total);
    assert.equal(new Set(rows.map((row) => row[0])).size, total, 'each account once');
    const byId = new Map(rows.map((row) => [row[0], row]));
    const nastyRow = byId.get(nasty.id)!;
    assert.equal(nastyRow[1], `'${nasty.email}`, 'an email a spreadsheet would run as a formula gets a leading apostrophe');
    assert.equal(nastyRow[2], '', 'no country is held');
    assert.equal(nastyRow[5], '2026-01-02T03:04:05.000Z');
    assert.equal(nastyRow[6], '3');
    assert.equal(nastyRow[7], 'true');
    assert.ok(file.text.includes('\r\n'), 'CRLF line ends');

    // The same accounts with the name and roles columns: quotes, commas and a line break survive.
    const withNames = await call('POST', START, { fields: ['roles', 'name', 'user_id'] }, admin.token);
    assert.equal(withNames.status, 202);
    assert.deepEqual(withNames.body.response.fields, ['user_id', 'name', 'roles'], 'the header follows the contract order');
    const named = await finished(withNames.body.response.id, admin.token);
    const [namedHeader, ...namedRows] = parse((await download(named.location)).text, { bom: true }) as string[][];
    assert.deepEqual(namedHeader, ['user_id', 'name', 'roles']);
    const namedById = new Map(namedRows.map((row) => [row[0], row]));
    assert.deepEqual(namedById.get(nasty.id), [nasty.id, 'Eve, "the" tester\nline two', '']);
    assert.deepEqual(namedById.get(formula.id), [formula.id, "'+SUM(A1:A9)", 'support;finance']);
    assert.deepEqual(namedById.get(admin.id), [admin.id, '', 'admin']);

    // Starting is audited with who asked.
    const { rows: audit } = await service.context.db.query<Json>("SELECT action, actor_id, actor_email, changes FROM staff_audit WHERE entity = 'user_export' AND entity_id = $1", [job.id]);
    assert.deepEqual(audit, [{ action: 'start', actor_id: admin.id, actor_email: admin.email, changes: { format: { from: null, to: 'csv' }, fields: { from: null, to: [...DEFAULT_USER_EXPORT_FIELDS] } } }]);

    // The list, newest first, with the spec's entry fields.
    const listed = await call('GET', LIST, undefined, admin.token);
    assert.equal(listed.status, 200);
    assert.deepEqual(
      listed.body.response.slice(0, 2).map((entry: Json) => entry.jobId),
      [withNames.body.response.id, job.id],
    );
    assert.deepEqual(listed.body.response[1], { jobId: job.id, created: job.created_at, isExpired: false, requestedById: admin.id, requestedByEmail: admin.email, status: 'completed', rowsDone: total, rowsTotal: total });
  });

  it('exports JSON lines', async () => {
    const started = await call('POST', START, { format: 'json', fields: ['user_id', 'email_verified', 'logins_count', 'user_metadata.country', 'roles'] }, admin.token);
    assert.equal(started.status, 202, JSON.stringify(started.body));
    const done = await finished(started.body.response.id, admin.token);
    assert.equal(done.status, 'completed');
    const file = await download(done.location);
    assert.equal(file.status, 200);
    assert.match(String(file.headers['content-type']), /^application\/x-ndjson/);
    assert.match(String(file.headers['content-disposition']), /\.ndjson"$/);
    const lines = file.text.split('\n');
    assert.equal(lines.pop(), '', 'ends with a line break');
    assert.equal(lines.length, await accountCount());
    const adminLine = lines.map((line) => JSON.parse(line)).find((row) => row.user_id === admin.id);
    assert.deepEqual(adminLine, { user_id: admin.id, 'user_metadata.country': null, logins_count: 0, email_verified: true, roles: ['admin'] });
  });

  it('refuses unknown fields and formats with 400 naming the field, starting nothing', async () => {
    const before = await service.context.db.query('SELECT id FROM user_exports');
    const unknown = await call('POST', START, { fields: ['email', 'password_hash'] }, admin.token);
    assert.equal(unknown.status, 400);
    assert.deepEqual(unknown.body.status, { type: 'BadRequest', message: 'Unknown export field: password_hash.', problems: [{ field: 'fields', message: 'Unknown export field: password_hash.' }] });
    for (const body of [{ format: 'xlsx' }, { fields: [] }, { fields: ['email', 7] }, { fields: Array.from({ length: USER_EXPORT_FIELDS.length + 1 }, () => 'email') }]) {
      const refused = await call('POST', START, body, admin.token);
      assert.equal(refused.status, 400, JSON.stringify(body));
      assert.ok(refused.body.status.problems?.length >= 1, JSON.stringify(refused.body));
    }
    const after = await service.context.db.query('SELECT id FROM user_exports');
    assert.equal(after.rows.length, before.rows.length);
  });

  it('fails the job, saying so, when the file cannot be stored', async () => {
    // The storage's folder for exports made unusable: a file where the folder should be.
    const folder = path.join(dataDir, 'media', 'exports', 'users');
    await rename(folder, `${folder}.aside`);
    await writeFile(folder, 'not a folder');
    try {
      const started = await call('POST', START, {}, admin.token);
      const done = await finished(started.body.response.id, admin.token);
      assert.equal(done.status, 'failed');
      assert.equal(done.error, 'The export failed; start it again.');
      assert.equal(done.location, null);
      assert.equal(done.isExpired, false);
    } finally {
      await rm(folder);
      await rename(`${folder}.aside`, folder);
    }
  });

  it('answers 404 for an unknown export and 400 for a malformed id', async () => {
    const unknown = await call('GET', `${LIST}/${randomUUID()}`, undefined, admin.token);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.status.message, 'No such export.');
    assert.equal((await call('GET', `${LIST}/not-a-uuid`, undefined, admin.token)).status, 400);
    // A link signed for an export that does not exist.
    const ghost = randomUUID();
    const expires = Math.floor(Date.now() / 1000) + 600;
    const missing = await call('GET', `/api/account/user-export/${ghost}/file?expires=${expires}&signature=${signExportLink(linkKey, ghost, expires)}`);
    assert.equal(missing.status, 404);
  });

  it('refuses an altered or made-up link with 403, and an expired one with 410; the job then says isExpired', async () => {
    const started = await call('POST', START, { fields: ['user_id'] }, admin.token);
    const done = await finished(started.body.response.id, admin.token);
    const url = new URL(done.location, 'http://inkwell.test');
    const id = started.body.response.id as string;
    const expires = url.searchParams.get('expires')!;
    const signature = url.searchParams.get('signature')!;
    const base = `/api/account/user-export/${id}/file`;
    assert.equal((await call('GET', `${base}?expires=${expires}&signature=${signature}`)).status, 200, 'the link as given works without a token');

    const tampered = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const otherId = (await call('GET', LIST, undefined, admin.token)).body.response.find((entry: Json) => entry.jobId !== id).jobId;
    for (const forged of [
      `${base}?expires=${expires}&signature=${tampered}`,
      `${base}?expires=${Number(expires) + 86_400}&signature=${signature}`,
      `${base}?expires=${expires}`,
      `${base}`,
      `/api/account/user-export/${otherId}/file?expires=${expires}&signature=${signature}`,
    ]) {
      const refused = await call('GET', forged);
      assert.equal(refused.status, 403, forged);
      assert.equal(refused.body.status.message, 'This download link is not valid: open the export again in the dashboard for a working one.');
    }

    // A link we signed whose expiry has passed.
    const past = Math.floor(Date.now() / 1000) - 1;
    const lapsed = await call('GET', `${base}?expires=${past}&signature=${signExportLink(linkKey, id, past)}`);
    assert.equal(lapsed.status, 410);
    assert.deepEqual(lapsed.body.status, { type: 'Gone', message: 'This download link has expired: start the export again.' });

    // The export itself expires (its clock moved back through the store): the job says so, has no
    // link, and the link it gave before stops working.
    await service.context.db.query("UPDATE user_exports SET expires_at = now() - interval '1 second' WHERE id = $1", [id]);
    const polled = (await call('GET', `${LIST}/${id}`, undefined, admin.token)).body.response;
    assert.equal(polled.isExpired, true);
    assert.equal(polled.location, null);
    assert.equal((await call('GET', LIST, undefined, admin.token)).body.response.find((entry: Json) => entry.jobId === id).isExpired, true);
    const gone = await call('GET', `${base}?expires=${expires}&signature=${signature}`);
    assert.equal(gone.status, 410);

    // The worker's next round removes the expired file.
    const started2 = await call('POST', START, { fields: ['user_id'] }, admin.token);
    await finished(started2.body.response.id, admin.token);
    for (;;) {
      const { rows } = await service.context.db.query<{ file_deleted_at: Date | null }>('SELECT file_deleted_at FROM user_exports WHERE id = $1', [id]);
      if (rows[0]!.file_deleted_at) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await assert.rejects(stat(path.join(dataDir, 'media', 'exports', 'users', `${id}.csv`)), /ENOENT/);
  });

  it('gives each job to one worker (SKIP LOCKED), and takes again a job whose worker stopped renewing its lease', async () => {
    const { db } = service.context;
    // Two jobs a crashed replica left: one claimed moments ago (lease running), one long ago.
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO user_exports (format, fields, requested_by_id, status, attempts, lease_token, lease_expires_at)
       VALUES ('csv', '{user_id}', $1, 'processing', 1, gen_random_uuid(), now() + interval '10 minutes'),
              ('csv', '{user_id}', $1, 'processing', 1, gen_random_uuid(), now() - interval '1 second')
       RETURNING id`,
      [admin.id],
    );
    const [running, abandoned] = rows.map((row) => row.id) as [string, string];
    const done = await finished(abandoned, admin.token);
    assert.equal(done.status, 'completed', 'the abandoned job was taken again and finished');
    assert.equal((await db.query<{ attempts: number }>('SELECT attempts FROM user_exports WHERE id = $1', [abandoned])).rows[0]!.attempts, 2);
    const stillRunning = (await call('GET', `${LIST}/${running}`, undefined, admin.token)).body.response;
    assert.equal(stillRunning.status, 'processing', 'a job under a live lease is left to its worker');

    // A job another replica is claiming right now (its row locked) is skipped, not waited for.
    await db.query("UPDATE user_exports SET status = 'failed' WHERE id = $1", [running]);
    const insertPending = async () =>
      (await db.query<{ id: string }>("INSERT INTO user_exports (format, fields, requested_by_id) VALUES ('csv', '{user_id}', $1) RETURNING id", [admin.id])).rows[0]!.id;
    const locked = await insertPending();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let lockTaken!: () => void;
    const taken = new Promise<void>((resolve) => (lockTaken = resolve));
    const holder = db.transaction(async (tx) => {
      await tx.query('SELECT id FROM user_exports WHERE id = $1 FOR UPDATE', [locked]);
      lockTaken();
      await held;
    });
    await taken;
    const whileLocked = await claimUserExport(db, randomUUID(), 600);
    assert.notEqual(whileLocked?.id, locked, 'the locked job is skipped');
    release();
    await holder;
    // Two claimers at once never get the same job.
    await Promise.all([insertPending(), insertPending()]);
    const claimed = await Promise.all([claimUserExport(db, randomUUID(), 600), claimUserExport(db, randomUUID(), 600)]);
    const ids = claimed.flatMap((job) => (job ? [job.id] : []));
    assert.equal(new Set(ids).size, ids.length, 'no job claimed twice');
  });

  it('after an erasure, ends the links of exports written before it, restarts one being written, and keeps the requester only as a token', async () => {
    const { db } = service.context;
    await service.bus.start();
    const staff = await account(['admin']);
    const reader = await account([]);
    const started = await call('POST', START, {}, staff.token);
    const done = await finished(started.body.response.id, staff.token);
    assert.equal((await download(done.location)).status, 200);
    const stolenLease = randomUUID();
    const { rows: written } = await db.query<{ id: string }>(
      "INSERT INTO user_exports (format, fields, requested_by_id, status, attempts, lease_token, lease_expires_at) VALUES ('csv', '{user_id}', $1, 'processing', 1, $2, now() + interval '1 hour') RETURNING id",
      [staff.id, stolenLease],
    );

    // The erasure flow deletes the account, then says so.
    const erased = async (userId: string) => {
      await db.query('DELETE FROM accounts WHERE id = $1', [userId]);
      await service.bus.publish(createEnvelope('account', { type: EVENTS.accountDeleted.type, key: userId, data: { userId } }));
      await service.bus.idle();
    };
    await erased(reader.id);
    const after = (await call('GET', `${LIST}/${done.id}`, undefined, admin.token)).body.response;
    assert.equal(after.isExpired, true);
    assert.equal(after.location, null);
    assert.equal((await download(done.location)).status, 410, 'the file may hold the erased reader: its link no longer works');
    const { rows: restarted } = await db.query<{ lease_token: string | null }>('SELECT lease_token FROM user_exports WHERE id = $1', [written[0]!.id]);
    assert.notEqual(restarted[0]!.lease_token, stolenLease, 'the job being written was taken from its worker, to start again');

    await erased(staff.id);
    const { rows: mentions } = await db.query('SELECT id FROM user_exports WHERE requested_by_id = $1', [staff.id]);
    assert.deepEqual(mentions, [], 'the erased staff member is not named in clear');
    const requester = (await call('GET', `${LIST}/${done.id}`, undefined, admin.token)).body.response;
    assert.equal(requester.requestedById, erasedUserToken(staff.id));
    assert.equal(requester.requestedByEmail, null);
  });

  /**
   * 200,000 accounts exported with the memory of the process sampled throughout: what stays live
   * grows by less than a quarter of the file's size (over 40 MB), so the rows were never all in
   * memory (the file's text alone would take its size, the rows as objects several times that),
   * and the heap with its uncollected garbage stays well below the file.
   */
  it('exports 200,000 accounts with flat memory', async () => {
    const { db } = service.context;
    await db.transaction(async (tx) => {
      // The trigram indexes (the users search) take the new entries in their pending list, merged
      // later, so the insert takes seconds rather than tens.
      await tx.query("SET LOCAL gin_pending_list_limit = '1GB'");
      await tx.query(
        `INSERT INTO accounts (email, password_hash, name, verified, login_count, created_at, updated_at)
       SELECT 'bulk-' || g || '@example.com', '$argon2id$v=19$m=19456,t=2,p=1$ZHVtbXk$ZHVtbXk', 'Bulk reader number ' || g || ', of the "load" test, whose export the worker streams batch by batch',
              g % 2 = 0, g % 17, now() - g * interval '1 minute', now()
         FROM generate_series(1, 200000) AS g`,
      );
    });
    const total = await accountCount();
    assert.ok(total >= 200_000);

    // What the process holds (after a full collection) is what the export keeps; the heap between
    // collections also holds garbage the young generation has not swept yet.
    v8.setFlagsFromString('--expose-gc');
    const collect = vm.runInNewContext('gc') as () => void;
    collect();
    const baseline = process.memoryUsage();
    let peakHeap = baseline.heapUsed;
    let peakLive = baseline.heapUsed;
    let peakRss = baseline.rss;
    let samples = 0;
    const sample = () => {
      const usage = process.memoryUsage();
      peakHeap = Math.max(peakHeap, usage.heapUsed);
      peakRss = Math.max(peakRss, usage.rss);
      // Every fifth sample, what is still live.
      if (++samples % 5 === 0) {
        collect();
        peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
      }
    };
    const sampler = setInterval(sample, 100);
    let done: Json;
    try {
      const started = await call('POST', START, { fields: [...USER_EXPORT_FIELDS] }, admin.token);
      assert.equal(started.status, 202);
      done = await finished(started.body.response.id, admin.token, sample);
    } finally {
      clearInterval(sampler);
    }
    assert.equal(done.status, 'completed', done.error);
    assert.equal(done.rowsDone, total);
    assert.equal(done.rowsTotal, total);
    const fileBytes = (await stat(path.join(dataDir, 'media', 'exports', 'users', `${done.id}.csv`))).size;
    const heapGrowth = peakHeap - baseline.heapUsed;
    const liveGrowth = peakLive - baseline.heapUsed;
    const rssGrowth = peakRss - baseline.rss;
    const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
    console.info(`user export of ${total} accounts: file ${mb(fileBytes)}; peak growth over ${samples} samples: live heap ${mb(liveGrowth)}, heap ${mb(heapGrowth)}, rss ${mb(rssGrowth)}`);
    assert.ok(fileBytes > 40e6, `the file is large enough to tell (${fileBytes} bytes)`);
    assert.ok(samples >= 10, 'sampled throughout');
    assert.ok(liveGrowth < fileBytes / 4, `live heap grew by ${liveGrowth} bytes for a file of ${fileBytes}`);
    assert.ok(heapGrowth < fileBytes * 0.75, `heap (garbage included) grew by ${heapGrowth} bytes for a file of ${fileBytes}`);
    // Resident memory is reported, not bounded: freed memory is not always given back to the system.

    const rows = (await download(done.location)).text.split('\r\n');
    assert.equal(rows.pop(), '');
    assert.equal(rows.length, total + 1, 'a header and a line per account (no name holds a line break now)');
  });
});

/** A worker of its own on a database of its own, so no other worker takes its job. */
describe('the user export worker stopping', () => {
  let database: TestDatabase;
  let db: Database;
  let folder: string;

  beforeAll(async () => {
    database = await createTestDatabase('account');
    db = new Database(database.url, testLogger);
    await applyMigrations(db, accountService, testLogger);
    folder = await mkdtemp(path.join(os.tmpdir(), 'inkwell-user-export-stop-'));
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('hands its job back between two batches, leaving no file, and the next worker writes it whole', async () => {
    await db.query("INSERT INTO accounts (email, password_hash) SELECT 'stop-' || g || '@example.com', 'x' FROM generate_series(1, 2000) AS g");
    const { rows } = await db.query<{ id: string }>("INSERT INTO user_exports (format, fields, requested_by_id) VALUES ('csv', '{user_id}', $1) RETURNING id", [randomUUID()]);
    const id = rows[0]!.id;
    const files = new LocalFileStorage(folder);
    // One account per batch: 2,000 batches, so the stop lands in the middle.
    const stopping = new UserExportWorker({ db, files, logger: testLogger }, { ...DEFAULT_USER_EXPORTS, batchSize: 1 });
    const round = stopping.runOnce();
    for (;;) {
      const { rows: progress } = await db.query<{ rows_done: number }>('SELECT rows_done FROM user_exports WHERE id = $1', [id]);
      if (progress[0]!.rows_done > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await stopping.stop();
    assert.equal(await round, 1);
    const { rows: handedBack } = await db.query('SELECT status, rows_done, attempts, lease_token FROM user_exports WHERE id = $1', [id]);
    assert.deepEqual(handedBack, [{ status: 'pending', rows_done: 0, attempts: 0, lease_token: null }]);
    assert.deepEqual(await readdir(folder, { recursive: true }).then((names) => names.filter((name) => name.endsWith('.csv') || name.endsWith('.tmp'))), [], 'no file, whole or partial');

    const next = new UserExportWorker({ db, files, logger: testLogger }, { ...DEFAULT_USER_EXPORTS, batchSize: 500 });
    assert.equal(await next.runOnce(), 1);
    await next.stop();
    const { rows: done } = await db.query('SELECT status, rows_done, rows_total FROM user_exports WHERE id = $1', [id]);
    assert.deepEqual(done, [{ status: 'completed', rows_done: 2000, rows_total: 2000 }]);
    const lines = (await readFile(path.join(folder, 'exports', 'users', `${id}.csv`), 'utf8')).split('\r\n');
    assert.equal(lines.length, 2002, 'header, 2,000 accounts and the empty end');
  });
});

const s3Endpoint = process.env.TEST_S3_ENDPOINT;

/** The export in an S3 bucket (production's file storage), uploaded in parts as it is written. */
describe('user export to S3', { skip: skipBecause(s3Endpoint ? false : 'TEST_S3_ENDPOINT not set: the user export to S3 was not tested in this run (scripts/infra.sh s3 start runs an S3 server)') }, () => {
  const region = process.env.TEST_S3_REGION ?? 'us-east-1';
  const credentials = { accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? 'inkwell-test', secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? 'inkwell-test' };
  const bucket = `inkwell-export-${randomBytes(5).toString('hex')}`;
  const s3 = new S3Client({ region, endpoint: s3Endpoint, forcePathStyle: true, credentials });
  let service: TestService;
  const { call, account, finished, download } = harness(() => service);

  beforeAll(async () => {
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    const { media } = testServiceConfig('account', 'postgres://unused');
    service = await buildTestService(accountService, {
      config: { media: { ...media, s3: { bucket, region, endpoint: s3Endpoint!, forcePathStyle: true, credentials, prefix: 'store/' } } },
    });
  });
  afterAll(async () => {
    await service?.close();
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket }));
    const objects = (listed.Contents ?? []).map((object) => ({ Key: object.Key! }));
    if (objects.length > 0) await s3.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: objects } }));
    await s3.send(new DeleteBucketCommand({ Bucket: bucket }));
    s3.destroy();
  });

  it('streams the file into the bucket and downloads it by the signed link', async () => {
    const admin = await account(['admin']);
    // Enough for a file over the 8 MB part size, so it goes up as a multipart upload.
    await service.context.db.transaction(async (tx) => {
      await tx.query("SET LOCAL gin_pending_list_limit = '1GB'");
      await tx.query("INSERT INTO accounts (email, password_hash, name) SELECT 's3-' || g || '@example.com', 'x', 'Reader number ' || g || ' of the bucket test' FROM generate_series(1, 90000) AS g");
    });
    const started = await call('POST', START, { fields: [...USER_EXPORT_FIELDS] }, admin.token);
    const done = await finished(started.body.response.id, admin.token);
    assert.equal(done.status, 'completed', done.error);
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'store/exports/users/' }));
    assert.deepEqual(
      (listed.Contents ?? []).map((object) => object.Key),
      [`store/exports/users/${done.id}.csv`],
    );
    const { rows: stored } = await service.context.db.query<{ file_bytes: string }>('SELECT file_bytes FROM user_exports WHERE id = $1', [done.id]);
    assert.equal(listed.Contents![0]!.Size, Number(stored[0]!.file_bytes));
    assert.ok(Number(stored[0]!.file_bytes) > 8 * 1024 * 1024, 'more than one part');
    const file = await download(done.location);
    assert.equal(file.status, 200);
    const [header, ...rows] = parse(file.text, { bom: true }) as string[][];
    assert.deepEqual(header, [...USER_EXPORT_FIELDS]);
    assert.equal(rows.length, 90_001);
  });
});
