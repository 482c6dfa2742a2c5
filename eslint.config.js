// `npm run lint`: ESLint's and typescript-eslint's recommended rules (syntax-only, no type
// information, so the whole repository lints in seconds) and the import boundaries of
// ../shared/ARCHITECTURE.md: the frontends import from `contracts` and `ui-kit` only and keep
// app → features → shared inside (no feature imports another feature), a service
// never imports another service nor the demo, the demo writes only through the catalog's store
// entry, and `contracts` imports nothing of the server.
import { readdirSync } from 'node:fs';
import { URL } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import inkwell from './scripts/lint/frontend-layers.js';

/** Every workspace under services/ except the platform, which every service may use. */
const SERVICES = readdirSync(new URL('./services/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'platform')
  .map((entry) => entry.name);

const serverCode = (names) => names.flatMap((name) => [`@inkwell/${name}`, `@inkwell/${name}/*`]);

const DEMO_IMPORTS = 'The demo uses @inkwell/contracts, @inkwell/platform and the catalog\'s store functions (@inkwell/catalog/store) only: it is a client of the domain, not part of it.';

/** The demo catalogue is a client of the services: only the composition in scripts/ hands it to them. */
const NOT_THE_DEMO = {
  group: ['@inkwell/demo', '@inkwell/demo/*', '**/demo/src/**'],
  message: 'Services do not know the demo data: scripts/ composes it (the reader is given its page source, the catalog is seeded through its store).',
};

export default tseslint.config(
  { ignores: ['**/node_modules/', '**/dist/', '**/dist-desktop/', 'data/', 'coverage/', 'test-results/', 'bench/results/', 'infra/*/lib/', 'infra/*/run/', 'desktop/target/'] },
  {
    // The desktop shell's bridge runs in the page, before the store's scripts (docs/desktop.md).
    files: ['desktop/bridge.js'],
    languageOptions: { sourceType: 'script', globals: { window: 'readonly', crypto: 'readonly', TextEncoder: 'readonly' } },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // `_name` marks a binding left unused on purpose (a destructured field dropped from a copy).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['web/**', 'dashboard/**', 'ui-kit/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          group: [...serverCode(['platform', ...SERVICES]), '**/services/**'],
          message: 'The frontends import shapes and constants from @inkwell/contracts or @inkwell/ui-kit, never from a service.',
        }],
      }],
    },
  },
  {
    // app → features → shared (scripts/lint/frontend-layers.js).
    files: ['web/src/**', 'dashboard/src/**'],
    plugins: { inkwell },
    rules: { 'inkwell/frontend-layers': 'error' },
  },
  {
    files: ['contracts/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          group: [...serverCode(['platform', ...SERVICES]), '**/services/**', 'node:*'],
          message: 'Contracts are imported by the browser too: they may use TypeBox and each other, nothing of the server or of Node.',
        }],
      }],
    },
  },
  {
    files: ['services/platform/src/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: serverCode(SERVICES), message: 'The platform serves every service and imports none of them.' }, NOT_THE_DEMO],
      }],
    },
  },
  ...SERVICES.map((service) => {
    const others = SERVICES.filter((name) => name !== service);
    return {
      files: [`services/${service}/src/**`],
      rules: {
        'no-restricted-imports': ['error', {
          patterns: [{
            group: serverCode(others),
            message: 'A service does not import another service: ask it over gRPC, keep a projection fed by its events, or move what both need into @inkwell/platform or @inkwell/contracts.',
          }, NOT_THE_DEMO],
        }],
      },
    };
  }),
  {
    files: ['services/*/test/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NOT_THE_DEMO] }] },
  },
  {
    // The demo writes through the catalog's public store entry, like any client of the domain.
    files: ['demo/src/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { regex: '^@inkwell/(?!(contracts|platform)(/|$)|catalog/store$)', message: DEMO_IMPORTS },
          { group: ['**/services/**'], message: DEMO_IMPORTS },
        ],
      }],
    },
  },
);
