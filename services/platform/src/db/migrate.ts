import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger';
import type { Database } from './database';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

const FILE_PATTERN = /^(\d+)_([\w-]+)\.sql$/;

export async function readMigrations(dir: string): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = FILE_PATTERN.exec(file);
    if (!match) throw new Error(`Migration file ${path.join(dir, file)} must be named NNN_name.sql`);
    const sql = await readFile(path.join(dir, file), 'utf8');
    migrations.push({
      version: Number(match[1]),
      name: match[2]!,
      sql,
      checksum: createHash('sha256').update(sql).digest('hex'),
    });
  }
  const versions = new Set<number>();
  for (const migration of migrations) {
    if (versions.has(migration.version)) throw new Error(`Two migrations in ${dir} share version ${migration.version}`);
    versions.add(migration.version);
  }
  return migrations;
}

/**
 * Applies numbered SQL migrations in order, each in its own transaction, under an advisory lock so
 * replicas starting together apply each migration once. `scope` keeps the platform's own tables
 * (outbox, inbox) and the service's tables in separate sequences. An applied migration whose file
 * has since changed stops start-up: schema history is append-only.
 */
export async function migrate(db: Database, scope: string, dir: string, logger: Logger): Promise<number> {
  const migrations = await readMigrations(dir);
  // Under the lock too: concurrent CREATE TABLE IF NOT EXISTS can still collide in the catalogue.
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['migrate:history']);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      scope text NOT NULL,
      version integer NOT NULL,
      name text NOT NULL,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (scope, version)
    )`);
  });
  let applied = 0;
  for (const migration of migrations) {
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`migrate:${scope}`]);
      const existing = await tx.query<{ checksum: string }>(
        'SELECT checksum FROM schema_migrations WHERE scope = $1 AND version = $2',
        [scope, migration.version],
      );
      if (existing.rows[0]) {
        if (existing.rows[0].checksum !== migration.checksum) {
          throw new Error(`Migration ${scope}/${migration.version}_${migration.name} was changed after it was applied; add a new migration instead`);
        }
        return false;
      }
      await tx.query(migration.sql);
      await tx.query('INSERT INTO schema_migrations (scope, version, name, checksum) VALUES ($1, $2, $3, $4)', [
        scope,
        migration.version,
        migration.name,
        migration.checksum,
      ]);
      return true;
    });
    if (done) {
      applied += 1;
      logger.info({ scope, version: migration.version, name: migration.name }, 'migration applied');
    }
  }
  return applied;
}
