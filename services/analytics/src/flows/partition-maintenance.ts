import type { Database, Logger } from '@inkwell/platform';
import { addDays, dayInZone } from '../domain/periods';

export interface PartitionSettings {
  timeZone: string;
  retentionDays: number;
  /** Days created ahead of today (default 3). */
  aheadDays?: number;
  now?: Date;
}

export interface MaintenanceResult {
  created: string[];
  dropped: string[];
}

const PARTITION = /^raw_events_(\d{4})(\d{2})(\d{2})$/;
const partitionName = (day: string) => `raw_events_${day.replaceAll('-', '')}`;

/**
 * Keeps raw_events' day partitions: creates yesterday's to `aheadDays` ahead (moving any strays of
 * those days out of the default partition first), drops those older than `retentionDays` (and
 * deletes such strays from the default), and deletes the visitor salts of days gone by. Safe with
 * replicas: one transaction under an advisory lock.
 */
export async function maintainPartitions(db: Database, settings: PartitionSettings): Promise<MaintenanceResult> {
  const today = dayInZone(settings.now ?? new Date(), settings.timeZone);
  const oldestKept = addDays(today, -settings.retentionDays);
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('analytics.raw-partitions'))");
    const { rows } = await tx.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'raw_events'::regclass`,
    );
    const existing = new Map<string, string>();
    for (const { name } of rows) {
      const match = PARTITION.exec(name);
      if (match) existing.set(`${match[1]}-${match[2]}-${match[3]}`, name);
    }
    const result: MaintenanceResult = { created: [], dropped: [] };
    for (const [day, name] of existing) {
      if (day < oldestKept) {
        await tx.query(`DROP TABLE ${name}`);
        result.dropped.push(day);
      }
    }
    await tx.query('DELETE FROM raw_events_default WHERE day < $1::date', [oldestKept]);
    for (let day = addDays(today, -1); day <= addDays(today, settings.aheadDays ?? 3); day = addDays(day, 1)) {
      if (existing.has(day) || day < oldestKept) continue;
      const name = partitionName(day);
      await tx.query(`CREATE TABLE ${name} (LIKE raw_events INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
      await tx.query(`WITH moved AS (DELETE FROM raw_events_default WHERE day = $1::date RETURNING *) INSERT INTO ${name} SELECT * FROM moved`, [day]);
      await tx.query(`ALTER TABLE raw_events ATTACH PARTITION ${name} FOR VALUES FROM ('${day}') TO ('${addDays(day, 1)}')`);
      result.created.push(day);
    }
    await tx.query('DELETE FROM visitor_salts WHERE day < $1::date', [today]);
    return result;
  });
}

/**
 * Runs the maintenance now and then every `intervalMs` (default hourly) until stopped; resolves once
 * the first run is over, so a service that awaits it before listening has today's partition before
 * its first event (an insert routed to the default partition while a run attaches that day's would
 * fail its partition check).
 */
export async function startPartitionMaintenance(db: Database, logger: Logger, settings: Omit<PartitionSettings, 'now'>, intervalMs = 3_600_000): Promise<() => Promise<void>> {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = maintainPartitions(db, settings).catch((error: unknown) => logger.error({ err: error }, 'analytics partition maintenance failed'));
  };
  run();
  await running;
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
