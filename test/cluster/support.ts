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
