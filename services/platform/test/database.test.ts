import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { Database } from '@inkwell/platform';
import { createTestDatabase, testLogger, type TestDatabase } from '@inkwell/platform/testing';

describe('the database wrapper (real Postgres)', () => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase('database');
    db = new Database(database.url, testLogger, { max: 2 });
  });

  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  it('survives a connection killed while a transaction holds it: the transaction fails, the process and the pool go on', async () => {
    const unhandled: unknown[] = [];
    const onUncaught = (error: unknown) => unhandled.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const outcome = db.transaction(async (tx) => {
        const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        // Another connection ends this one while the transaction is open and idle.
        const killer = new Database(database.url, testLogger, { max: 1 });
        try {
          await killer.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
        } finally {
          await killer.close();
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.query('SELECT 1');
      });
      await assert.rejects(outcome);
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.deepEqual(unhandled, [], 'no uncaught error event');
      // The broken client was not given back: both pool slots still answer.
      const answers = await Promise.all([db.query<{ n: number }>('SELECT 1 AS n'), db.transaction((tx) => tx.query<{ n: number }>('SELECT 2 AS n'))]);
      assert.deepEqual(answers.map((answer) => answer.rows[0]!.n), [1, 2]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
