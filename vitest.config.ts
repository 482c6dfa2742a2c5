import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';

/**
 * `npm test` (`vitest run`): five projects, each runnable alone with `npm test -- --project <name>`,
 * and file-name words narrow any run (`npm test -- outbox gateway`). Every project but the frontend
 * units gets a Postgres and the other servers from scripts/test-servers.ts.
 */
const ROOT = path.dirname(fileURLToPath(import.meta.url));
const FRONTENDS = ['web', 'dashboard', 'ui-kit'];
const SERVERS = { globalSetup: ['scripts/test-servers.ts'] };
/**
 * A worker runs its files one after another in one module graph, instead of loading the services
 * and their dependencies again for every file (services/order's files: 94 s isolated, 64 s not).
 * Every file builds its own services, databases and stacks and stops them, and none mocks modules
 * or leaves globals changed, so nothing of one file reaches the next. The browser suites keep a
 * fresh process per file (each holds a Chromium of its own), and so do the frontend units, which
 * are quick and set the time zone their formats are built in.
 */
const SHARED_MODULES = { isolate: false };

/** `@/` means the importing frontend's own src/ (each frontend's tsconfig and Vite config say so). */
function frontendSourceAlias(): Plugin {
  return {
    name: 'inkwell-frontend-source-alias',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (!source.startsWith('@/') || !importer) return null;
      const frontend = FRONTENDS.find((name) => importer.startsWith(path.join(ROOT, name, 'src') + path.sep));
      if (!frontend) return null;
      return this.resolve(path.join(ROOT, frontend, 'src', source.slice(2)), importer, { ...options, skipSelf: true });
    },
  };
}

export default defineConfig({
  test: {
    // Two cores, and many files start a whole stack of services.
    maxWorkers: 2,
    // Generous bounds for slow machines; tests assert behaviour, never time.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    teardownTimeout: 60_000,
    projects: [
      {
        extends: true,
        plugins: [frontendSourceAlias()],
        test: { name: 'frontend', include: FRONTENDS.map((name) => `${name}/src/**/*.test.ts`) },
      },
      {
        extends: true,
        test: { name: 'services', include: ['services/*/test/**/*.test.ts', 'demo/test/**/*.test.ts'], ...SERVERS, ...SHARED_MODULES },
      },
      { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], ...SERVERS, ...SHARED_MODULES } },
      { extends: true, test: { name: 'browser', include: ['test/browser/**/*.test.ts', 'test/desktop/**/*.test.ts'], ...SERVERS } },
      { extends: true, test: { name: 'infra', include: ['test/infra/**/*.test.ts', 'test/cluster/**/*.test.ts'], ...SERVERS, ...SHARED_MODULES } },
    ],
  },
});
