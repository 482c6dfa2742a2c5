import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import kafkajs from 'kafkajs';
import type { SASLOptions } from 'kafkajs';
import { ConfigError, eventDefinition, EVENTS, loadKafkaSettings, topicFor, type KafkaSettings } from '@inkwell/platform';

const { Kafka, logLevel } = kafkajs;

/**
 * `npm run events:tail -- <type> [--from-beginning]`: prints each event of one type from its Kafka
 * topic, one envelope (JSON) per line, until Ctrl-C. It reads with a throwaway consumer group of its
 * own (`events-tail.<uuid>`), so it never takes events from, nor moves the offsets of, a service's
 * group. The same KAFKA_* settings as the services (KAFKA_BROKERS, KAFKA_NAMESPACE, TLS and SASL).
 */

export const TAIL_USAGE = 'Usage: npm run events:tail -- <event type> [--from-beginning], e.g. npm run events:tail -- order.completed --from-beginning';

export type TailArgs = { type: string; fromBeginning: boolean } | { error: string };

/** The command line after `--`: one known event type and the optional flag, or what is wrong. */
export function parseTailArgs(argv: readonly string[]): TailArgs {
  let type: string | undefined;
  let fromBeginning = false;
  for (const arg of argv) {
    if (arg === '--from-beginning') fromBeginning = true;
    else if (arg.startsWith('-')) return { error: `Unknown option ${arg}. ${TAIL_USAGE}` };
    else if (type !== undefined) return { error: `One event type at a time (got ${type} and ${arg}). ${TAIL_USAGE}` };
    else type = arg;
  }
  if (type === undefined) return { error: TAIL_USAGE };
  if (!eventDefinition(type)) {
    return { error: `${type} is not an event type of the catalogue. Known types: ${Object.values(EVENTS).map((event) => event.type).join(', ')}` };
  }
  return { type, fromBeginning };
}

export interface Tail {
  stop(): Promise<void>;
}

/**
 * Reads the topic of `type` with a new group and hands each message's value (the envelope JSON, on
 * one line) to `print`; resolves once the consumer runs.
 */
export async function tailEvents(settings: KafkaSettings, { type, fromBeginning }: { type: string; fromBeginning: boolean }, print: (line: string) => void): Promise<Tail> {
  const kafka = new Kafka({
    brokers: settings.brokers,
    clientId: `${settings.clientId}-events-tail`,
    ssl: settings.ssl,
    ...(settings.sasl ? { sasl: settings.sasl as SASLOptions } : {}),
    // kafkajs logs the broker's passing refusals (a new group's coordinator not ready yet) as errors;
    // what really stops the tail is reported below.
    logLevel: logLevel.NOTHING,
  });
  const consumer = kafka.consumer({ groupId: `${settings.namespace}events-tail.${randomUUID()}` });
  consumer.on(consumer.events.CRASH, ({ payload }) => {
    console.error(`events:tail stopped: ${payload.error.message}`);
  });
  await consumer.connect();
  try {
    await consumer.subscribe({ topics: [settings.namespace + topicFor(type)], fromBeginning });
    await consumer.run({
      eachMessage: async ({ message }) => {
        if (!message.value) return;
        const text = message.value.toString('utf8');
        try {
          print(JSON.stringify(JSON.parse(text)));
        } catch {
          print(text.replace(/\s*\n\s*/g, ' '));
        }
      },
    });
  } catch (error) {
    await consumer.disconnect().catch(() => undefined);
    throw error;
  }
  return { stop: () => consumer.disconnect() };
}

async function main(): Promise<number> {
  const args = parseTailArgs(process.argv.slice(2));
  if ('error' in args) {
    console.error(args.error);
    return 2;
  }
  const settings = loadKafkaSettings(process.env);
  if (!settings) {
    console.error(
      'KAFKA_BROKERS is not set: events travel on Kafka only when it is (the embedded bus keeps them in Postgres). Set KAFKA_BROKERS (and KAFKA_NAMESPACE, TLS and SASL settings as the services have them), e.g. KAFKA_BROKERS=localhost:9092 npm run events:tail -- order.completed',
    );
    return 2;
  }
  const tail = await tailEvents(settings, args, (line) => process.stdout.write(`${line}\n`));
  console.error(`Tailing ${settings.namespace}${topicFor(args.type)}${args.fromBeginning ? ' from the beginning' : ''}; Ctrl-C to stop.`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await tail.stop();
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof ConfigError ? error.message : error);
      process.exit(1);
    },
  );
}
