import { setTimeout as delay } from 'node:timers/promises';
import kafkajs from 'kafkajs';
import { Database, type Logger, type ServiceName } from '@inkwell/platform';
import type { Cluster } from '../../scripts/cluster';

/**
 * A connection to each service's own database of a running cluster, opened when first asked for,
 * so a test reads what each service wrote; `close` ends them all.
 */
export function serviceDatabases(cluster: () => Cluster | undefined, logger: Logger): { db: (service: ServiceName) => Database; close: () => Promise<void> } {
  const databases = new Map<ServiceName, Database>();
  return {
    db(service) {
      let database = databases.get(service);
      if (!database) {
        const running = cluster();
        if (!running) throw new Error('the cluster is not running');
        database = new Database(running.env(service).DATABASE_URL!, logger);
        databases.set(service, database);
      }
      return database;
    },
    close: async () => {
      await Promise.all([...databases.values()].map((database) => database.close()));
    },
  };
}

/** Deletes a cluster's Kafka consumer groups and topics (everything named with its namespace). */
export async function deleteNamespace(brokers: string[], namespace: string): Promise<void> {
  const admin = new kafkajs.Kafka({ brokers, clientId: `cluster-cleanup-${process.pid}`, logLevel: kafkajs.logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const groups = (await admin.listGroups()).groups.map((group) => group.groupId).filter((group) => group.startsWith(namespace));
    // A group that still has a member (a process that could not be stopped) is refused; the broker
    // drops it once its offsets expire.
    if (groups.length > 0) await admin.deleteGroups(groups).catch(() => undefined);
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(namespace));
    if (topics.length > 0) await admin.deleteTopics({ topics });
  } finally {
    await admin.disconnect();
  }
}

/**
 * Polls `probe` until it returns a value, failing after `timeoutMs` with what it last saw: the last
 * error it threw (also the failure's cause), or what it put in `seen.last` when it found something
 * short of the goal.
 */
export async function waitFor<T>(
  what: string,
  probe: (seen: { last?: unknown }) => Promise<T | undefined>,
  { timeoutMs, pollMs }: { timeoutMs: number; pollMs: number },
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  const seen: { last?: unknown } = {};
  let lastError: unknown;
  for (;;) {
    try {
      const found = await probe(seen);
      if (found !== undefined) return found;
    } catch (error) {
      lastError = error;
      seen.last = error instanceof Error ? error.message : error;
    }
    if (Date.now() >= deadline) {
      const last = typeof seen.last === 'string' ? seen.last : JSON.stringify(seen.last);
      throw new Error(`${what}: not within ${timeoutMs} ms; last seen: ${last}`, { cause: lastError });
    }
    await delay(pollMs);
  }
}
