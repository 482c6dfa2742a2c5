/**
 * Every service is laid out alike (docs/architecture.md, "Service layout"): its src/ holds the
 * composition root `index.ts` and only folders of one list, so a newcomer who knows one service
 * reads the next. A stray folder or a loose file at the top of a service's src/ fails here.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'vitest';

const SERVICES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../services');

/** What a service's src/ may hold; each folder only when the service needs it. */
const LAYOUT = {
  files: ['index.ts'],
  folders: ['routes', 'flows', 'domain', 'store', 'peers', 'consumers', 'grpc', 'drivers', 'demo'],
} as const;

/** The platform is the library every service is built with, not a service. */
const NOT_A_SERVICE = new Set(['platform']);

/** The entries of a service's src/ that the layout has no place for, e.g. `folder views/`, `file access.ts`. */
function strayEntries(sourceDir: string): string[] {
  return readdirSync(sourceDir, { withFileTypes: true })
    .filter((entry) => (entry.isDirectory()
      ? !(LAYOUT.folders as readonly string[]).includes(entry.name)
      : !(LAYOUT.files as readonly string[]).includes(entry.name)))
    .map((entry) => `${entry.isDirectory() ? 'folder' : 'file'} ${entry.name}${entry.isDirectory() ? '/' : ''}`)
    .sort();
}

const services = readdirSync(SERVICES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !NOT_A_SERVICE.has(entry.name))
  .map((entry) => entry.name);

describe('services are laid out alike', () => {
  test('there are services to check', () => {
    assert.ok(services.length >= 8, `found only ${services.join(', ')}`);
  });

  for (const service of services) {
    test(`services/${service}/src holds index.ts and only the layout's folders`, () => {
      const source = path.join(SERVICES, service, 'src');
      assert.deepEqual(strayEntries(source), [], `services/${service}/src has entries outside the layout (${LAYOUT.folders.join(', ')})`);
      assert.ok(readdirSync(source).includes('index.ts'), `services/${service}/src/index.ts (the composition root) is missing`);
    });
  }

  test('the check names a stray folder and a loose file', () => {
    const planted = mkdtempSync(path.join(tmpdir(), 'inkwell-layout-'));
    try {
      for (const folder of ['routes', 'store', 'carts']) mkdirSync(path.join(planted, folder));
      for (const file of ['index.ts', 'visitor.ts']) writeFileSync(path.join(planted, file), '');
      assert.deepEqual(strayEntries(planted), ['file visitor.ts', 'folder carts/']);
    } finally {
      rmSync(planted, { recursive: true, force: true });
    }
  });
});
