import { ConfigError, Database, createLogger, ensureDatabase, loadGatewayConfig, loadKafkaSettings, redriveDeadLetters, runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedPostgresServer, type Logger } from '@inkwell/platform';
import { BUS_DATABASE, ROOT_DIR, withDatabase } from './stack';

/**
 * `npm run events:redrive -- <consumer group>` (e.g. `support.account-emails`): once the cause of a
 * poison event is fixed, sends the events the bus itself dead-lettered for the group back to that
 * group only. A service's groups keep what they give up on in the service's own `dead_letters`,
 * re-driven one by one from the dashboard's System area; the bus keeps a dead letter only when
 * that fails (the service's database away, say), and this command is for those. On Kafka
 * (the same KAFKA_* settings as the services) they come from the topic `inkwell.dead-letter.<group>`;
 * otherwise they are the group's dead rows in the embedded bus's database, found as `npm start` finds
 * it: BUS_DATABASE_URL, or `inkwell_bus` on the server of DATABASE_URL, or on the embedded Postgres
 * under DATA_DIR (the running one if the app is up, otherwise started for the moment). Events
 * dead-lettered while it runs wait for the next re-drive.
 */
async function main(): Promise<number> {
  const group = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
  if (!group || !/^[a-z][a-z0-9-]*\.[a-z0-9.-]+$/.test(group)) {
    console.error('Usage: npm run events:redrive -- <consumer group>, a service and a subscription such as support.account-emails');
    return 2;
  }
  const logger = createLogger('redrive', process.env.LOG_LEVEL ?? 'warn');
  const kafka = loadKafkaSettings(process.env);
  const moved = kafka ? await redriveDeadLetters({ kafka }, group, logger) : await redriveEmbedded(group, logger);
  console.log(`Re-drove ${moved} dead-lettered event(s) to ${group}.`);
  return 0;
}

async function redriveEmbedded(group: string, logger: Logger): Promise<number> {
  const { BUS_DATABASE_URL: busUrl, DATABASE_URL: serverUrl } = process.env;
  const { dataDir } = loadGatewayConfig(process.env, ROOT_DIR);
  let embedded: EmbeddedPostgresServer | undefined;
  if (!busUrl && serverUrl) await ensureDatabase(serverUrl, BUS_DATABASE);
  let url = busUrl ?? (serverUrl ? withDatabase(serverUrl, BUS_DATABASE) : await runningEmbeddedUrl(dataDir, BUS_DATABASE));
  if (!url) {
    embedded = await startEmbeddedPostgres(dataDir, logger);
    await embedded.ensureDatabase(BUS_DATABASE);
    url = embedded.urlFor(BUS_DATABASE);
  }
  const busDatabase = new Database(url, logger);
  try {
    return await redriveDeadLetters({ busDatabase }, group, logger);
  } finally {
    await busDatabase.close();
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
