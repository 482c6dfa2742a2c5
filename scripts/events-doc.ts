import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { EVENTS } from '@inkwell/platform';

/** docs/events.md, the event catalogue for downstream consumers, generated from the catalogue module. */
export const EVENTS_DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/events.md');

/** The whole page as `npm run docs:events` writes it. */
export function eventsPage(): string {
  const lines = [
    '# Integration events',
    '',
    'Generated from `services/platform/src/events/catalogue.ts` by `npm run docs:events`; do not edit by hand.',
    '',
    'Every event travels in the envelope `{ id, type, version, occurredAt, source, key, data }`: `id` is a',
    'uuid (consumers de-duplicate on it), `key` the aggregate id. On Kafka each type has its own topic,',
    '`inkwell.<type>`, keyed by `key`, so the events of one aggregate arrive in order. Delivery is at',
    'least once.',
    '',
    'Events carry no secrets (tokens, passwords, card data): they outlive the change on topics and in',
    'analytics. An account event names an emailed link by id (`verificationLinkId`, `resetLinkId`,',
    '`confirmationLinkId`); only the support service exchanges that id for the link, once, over gRPC',
    '(`inkwell.account.v1.AccountLinks`), so the id is worth nothing after the mail is composed.',
    '',
    '| type | version | source | meaning | data (JSON Schema) |',
    '|---|---|---|---|---|',
    ...Object.values(EVENTS).map(
      (event) => `| \`${event.type}\` | ${event.version} | ${event.source} | ${event.description} | \`${JSON.stringify(event.schema).replace(/\|/g, '\\|')}\` |`,
    ),
    '',
  ];
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await writeFile(EVENTS_DOC, eventsPage());
  console.log(`docs/events.md: ${Object.keys(EVENTS).length} event types`);
}
