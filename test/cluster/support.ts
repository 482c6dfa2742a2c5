import kafkajs from 'kafkajs';

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
