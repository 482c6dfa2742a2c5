/**
 * `npm run lint` keeps the import boundaries (eslint.config.js): planted files, linted as if they
 * stood at the given paths, must be refused for each boundary, and their well-behaved twins
 * accepted, so a rule that stopped matching (a renamed folder, a glob that no longer applies)
 * fails here instead of silently letting everything through.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, test } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: ROOT });

/** The rule ids ESLint reports for `code` as if it were the file at `file` (relative to the root). */
async function refusals(file: string, code: string): Promise<{ rule: string | null; message: string }[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  assert.ok(result, `ESLint linted nothing for ${file}`);
  return result.messages.map((message) => ({ rule: message.ruleId, message: message.message }));
}

function rulesOf(messages: { rule: string | null; message: string }[]): (string | null)[] {
  return boundaryRefusals(messages).map((item) => item.rule);
}

describe('the frontends keep app → features → shared', () => {
  for (const frontend of ['web', 'dashboard']) {
    test(`${frontend}: a feature importing another feature is refused, by alias and by relative path`, async () => {
      const found = await refusals(`${frontend}/src/features/planted/components/planted.tsx`, [
        "import { a } from '@/features/other/components/thing';",
        "import { b } from '../../other/api/thing';",
        "export { c } from '@/features/other';",
        'export const d = () => import("@/features/other/routes/page");',
        '',
      ].join('\n'));
      assert.deepEqual(rulesOf(found), Array(4).fill('inkwell/frontend-layers'));
      assert.match(boundaryRefusals(found)[0]!.message, /A feature does not import another feature \(features\/planted → features\/other\)/);
    });

    test(`${frontend}: a feature importing the app, and shared code importing a feature or the app, are refused`, async () => {
      const fromFeature = await refusals(`${frontend}/src/features/planted/planted.ts`, "import { routes } from '@/app/routes';\n");
      assert.deepEqual(rulesOf(fromFeature), ['inkwell/frontend-layers']);
      assert.match(boundaryRefusals(fromFeature)[0]!.message, /does not import the app/);
      const fromShared = await refusals(`${frontend}/src/components/planted.tsx`, "import { a } from '@/features/other/components/thing';\nimport { b } from '../app/provider';\n");
      assert.deepEqual(rulesOf(fromShared), ['inkwell/frontend-layers', 'inkwell/frontend-layers']);
      assert.match(boundaryRefusals(fromShared)[0]!.message, /Shared code \(shared\) does not import features\/other/);
    });

    test(`${frontend}: imports within a feature, of shared code, and the app composing features are accepted`, async () => {
      const inFeature = await refusals(`${frontend}/src/features/planted/components/planted.tsx`, [
        "import { a } from '../api/thing';",
        "import { b } from '@/features/planted/lib/thing';",
        "import { c } from '@/components/thing';",
        "import { d } from '../../../lib/thing';",
        "import { e } from '@inkwell/ui-kit/button';",
        "export const all = [a, b, c, d, e];",
        '',
      ].join('\n'));
      assert.deepEqual(boundaryRefusals(inFeature), []);
      const inApp = await refusals(`${frontend}/src/app/planted.tsx`, "import { a } from '@/features/one';\nimport { b } from '@/features/two';\nexport const all = [a, b];\n");
      assert.deepEqual(boundaryRefusals(inApp), []);
    });
  }

  test('a frontend importing a service is refused', async () => {
    const found = await refusals('web/src/features/planted/planted.ts', "import { MESSAGES } from '@inkwell/account/src/domain';\nimport { x } from '../../../../services/cart/src/domain';\nexport const all = [MESSAGES, x];\n");
    assert.deepEqual(rulesOf(found), ['no-restricted-imports', 'no-restricted-imports']);
    assert.match(boundaryRefusals(found)[0]!.message, /The frontends import shapes and constants from @inkwell\/contracts or @inkwell\/ui-kit, never from a service/);
  });

  test('a service importing another service is refused', async () => {
    const found = await refusals('services/order/src/flows/planted.ts', "import { cartRows } from '@inkwell/cart/src/store/carts';\nexport const all = [cartRows];\n");
    assert.deepEqual(rulesOf(found), ['no-restricted-imports']);
    assert.match(boundaryRefusals(found)[0]!.message, /A service does not import another service/);
  });
});

/** The boundary refusals among what ESLint reported (an unused import in a planted file is not the point). */
function boundaryRefusals(messages: { rule: string | null; message: string }[]): { rule: string | null; message: string }[] {
  return messages.filter((item) => item.rule === 'inkwell/frontend-layers' || item.rule === 'no-restricted-imports');
}
