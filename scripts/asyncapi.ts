import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { asyncApiJson, EVENTS } from '@inkwell/platform';

/**
 * `npm run docs:asyncapi`: writes docs/asyncapi.json, the AsyncAPI 3.0 document of the integration
 * events, from the event catalogue (services/platform/src/events/asyncapi.ts). Checked in; a test
 * fails when it is out of date.
 */
export const ASYNCAPI_DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/asyncapi.json');

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await writeFile(ASYNCAPI_DOC, asyncApiJson());
  console.log(`docs/asyncapi.json: ${Object.keys(EVENTS).length} event types`);
}
