import type pg from 'pg';
import { defineGauge, metricsEnabled } from './metrics';

/**
 * Database pools by service, read when Prometheus scrapes: a pool's counts are already kept by
 * node-postgres, so nothing is done per query.
 */
const pools = new Map<pg.Pool, string>();

defineGauge({
  name: 'inkwell_db_pool_clients',
  help: 'Database pool clients by state: total open, idle, and requests waiting for one',
  labelNames: ['service', 'state'] as const,
  collect() {
    this.reset();
    for (const [pool, service] of pools) {
      this.inc({ service, state: 'total' }, pool.totalCount);
      this.inc({ service, state: 'idle' }, pool.idleCount);
      this.inc({ service, state: 'waiting' }, pool.waitingCount);
    }
  },
});

/** Reports `pool` under `service` until the returned function is called (when the pool ends). */
export function trackPool(service: string, pool: pg.Pool): () => void {
  if (!metricsEnabled()) return () => undefined;
  pools.set(pool, service);
  return () => void pools.delete(pool);
}
