import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { Database, migrate } from '@inkwell/platform';
import { createTestDatabase, testLogger, type TestDatabase } from '@inkwell/platform/testing';

describe('numbered SQL migrations (real Postgres)', () => {
  let database: TestDatabase;
  let db: Database;
  let dir: string;

  beforeAll(async () => {
    database = await createTestDatabase('migrate');
    db = new Database(database.url, testLogger);
    dir = await mkdtemp(path.join(os.tmpdir(), 'migrations-'));
    await writeFile(path.join(dir, '001_series.sql'), 'CREATE TABLE series (id text PRIMARY KEY);');
    await writeFile(path.join(dir, '002_series_title.sql'), "ALTER TABLE series ADD COLUMN title text NOT NULL DEFAULT '';");
  });

  afterAll(async () => {
    await db.close();
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('applies pending migrations in order, once, even when two replicas start together', async () => {
    const applied = await Promise.all([migrate(db, 'svc', dir, testLogger), migrate(db, 'svc', dir, testLogger)]);
    // The two may split the work between them; together they apply each migration exactly once.
    assert.equal(applied[0]! + applied[1]!, 2);
    await db.query("INSERT INTO series (id, title) VALUES ('s1', 'Tidewater')");
    assert.equal(await migrate(db, 'svc', dir, testLogger), 0);
    const versions = await db.query<{ version: number }>("SELECT version FROM schema_migrations WHERE scope = 'svc' ORDER BY version");
    assert.deepEqual(versions.rows.map((row) => row.version), [1, 2]);
  });

  it('rolls back a failing migration whole and stops', async () => {
    await writeFile(path.join(dir, '003_broken.sql'), 'CREATE TABLE half (id int); SELECT no_such_function();');
    await assert.rejects(migrate(db, 'svc', dir, testLogger), /no_such_function/);
    assert.equal((await db.query("SELECT to_regclass('half') AS t")).rows[0]!.t, null, 'nothing of the failed migration remains');
    await rm(path.join(dir, '003_broken.sql'));
  });

  it('refuses to start when an applied migration was edited', async () => {
    await writeFile(path.join(dir, '001_series.sql'), 'CREATE TABLE series (id text PRIMARY KEY, extra int);');
    await assert.rejects(migrate(db, 'svc', dir, testLogger), /was changed after it was applied/);
  });

  it('rejects badly named files', async () => {
    const bad = await mkdtemp(path.join(os.tmpdir(), 'migrations-bad-'));
    await writeFile(path.join(bad, 'init.sql'), 'SELECT 1;');
    await assert.rejects(migrate(db, 'other', bad, testLogger), /must be named NNN_name.sql/);
    await rm(bad, { recursive: true, force: true });
  });
});
