import { ConfigError, createLogger, loadKafkaSettings, redriveDeadLetters } from '@inkwell/platform';

/**
 * `npm run events:redrive -- <consumer group>` (e.g. `support.account-emails`): once the cause of a
 * poison event is fixed, sends the events the group dead-lettered (topic
 * `inkwell.dead-letter.<group>`) back to that group only. Reads the same KAFKA_* settings as the
 * services. Events dead-lettered while it runs wait for the next re-drive.
 */
async function main(): Promise<number> {
  const group = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
  if (!group || !/^[a-z][a-z0-9-]*\.[a-z0-9.-]+$/.test(group)) {
    console.error('Usage: npm run events:redrive -- <consumer group>, a service and a subscription such as support.account-emails');
    return 2;
  }
  const kafka = loadKafkaSettings(process.env);
  if (!kafka) {
    console.error('KAFKA_BROKERS is not set: dead-letter topics exist only on Kafka (the in-process bus retries in place).');
    return 2;
  }
  const moved = await redriveDeadLetters(kafka, group, createLogger('redrive', process.env.LOG_LEVEL ?? 'warn'));
  console.log(`Re-drove ${moved} dead-lettered event(s) to ${group}.`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
