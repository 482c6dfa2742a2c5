import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checkCompatibility, describeProblems, extendLock, lockJson, type EventsLock } from '@inkwell/platform';

/**
 * `npm run events:compat`: checks every event of the catalogue against docs/events-lock.json (the
 * schema of every released type and version, services/platform/src/events/compatibility.ts). An
 * incompatible change within a released version fails, naming the type and the change; a new
 * (type, version) is added to the lock, whose existing entries are never rewritten. `--check` only
 * checks (fails when the lock lacks a version); `--lock=<file>` reads another lock file.
 */
export const EVENTS_LOCK = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/events-lock.json');

export function readLock(file = EVENTS_LOCK): EventsLock {
  if (!existsSync(file)) return { description: '', events: {} };
  return JSON.parse(readFileSync(file, 'utf8')) as EventsLock;
}

async function main(): Promise<number> {
  const checkOnly = process.argv.includes('--check');
  // `--lock=<file>`: another lock file (the tests plant changes in a copy).
  const lockFile = process.argv.find((arg) => arg.startsWith('--lock='))?.slice('--lock='.length) ?? EVENTS_LOCK;
  const lock = readLock(lockFile);
  const report = checkCompatibility(lock);
  const problems = describeProblems(report);
  for (const type of report.retired) console.warn(`note: ${type} is in the lock but no longer in the catalogue (its consumers get no new events)`);
  if (problems.length > 0) {
    console.error(`Incompatible event schema changes (docs/events.md, "Versions and compatibility"):\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    return 1;
  }
  if (report.added.length > 0) {
    const names = report.added.map(({ type, version }) => `${type} v${version}`).join(', ');
    if (checkOnly) {
      console.error(`Not in docs/events-lock.json yet: ${names}. Run \`npm run events:compat\` to add them.`);
      return 1;
    }
    await writeFile(lockFile, lockJson(extendLock(lock)));
    console.log(`docs/events-lock.json: added ${names}`);
  }
  console.log('Event schemas are compatible with every released version.');
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(await main());
}
