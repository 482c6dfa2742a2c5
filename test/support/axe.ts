import { AssertionError } from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * The accessibility gate of the browser suites (issue 11): axe-core run in the page as it stands,
 * failing on any violation of serious or critical impact with the rule, the elements and a snippet
 * of each. One run per route and state a suite visits (overlays open included), at both sizes.
 */

/** axe-core's own bundle, injected into pages that do not have it yet. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** The bundle as one expression whose value is not a function (a string that is one would be called). */
const AXE_SCRIPT = `(() => {\n${AXE_SOURCE}\n})(); void 0`;

/** The impacts that fail a suite; minor and moderate ones are left to review. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** How long the page may keep loading or animating (overlays sliding in, fades) before axe looks anyway. */
const SETTLE_TIMEOUT_MS = 8_000;

/** What the functions run in the page use of it (this file is type-checked without the DOM library). */
type PageGlobals = {
  document: {
    querySelectorAll(selector: string): Iterable<{ textContent: string | null }>;
    getAnimations(): Array<{ playState: string; effect: { getTiming(): { iterations?: number } } | null }>;
  };
};

/** What axe answers, as far as the gate reads it (this file is type-checked without the DOM library). */
export interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: Array<{ target: unknown[]; html: string; failureSummary?: string }>;
}

export interface AxeCheckOptions {
  /** Rules not to run here, each with the reason in the calling test (e.g. a third-party frame). */
  disableRules?: string[];
}

/** Serious and critical violations on the page as it is now; axe is injected on first use in a document. */
export async function seriousViolations(page: Page, options: AxeCheckOptions = {}): Promise<AxeViolation[]> {
  // Functions, not strings: a string predicate is evaluated again on each poll, which the storefront's
  // CSP (no 'unsafe-eval') refuses.
  // The state is checked as it is once loaded: loading placeholders (role=status, 'Loading …') gone…
  await page
    .waitForFunction(() => {
      const { document } = globalThis as unknown as PageGlobals;
      return ![...document.querySelectorAll('[role="status"]')].some((status) => /^\s*Loading/.test(status.textContent ?? ''));
    }, undefined, { timeout: SETTLE_TIMEOUT_MS })
    .catch(() => undefined);
  // …and transitions finished (endless ones, like a spinner, aside): colours measured mid-fade are not the ones a reader sees.
  await page
    .waitForFunction(() => {
      const { document } = globalThis as unknown as PageGlobals;
      return document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity);
    }, undefined, { timeout: SETTLE_TIMEOUT_MS })
    .catch(() => undefined);
  // Evaluated rather than added as a script tag: the storefront's CSP (script-src 'self') refuses inline scripts.
  if (!(await page.evaluate("typeof window.axe === 'object'"))) await page.evaluate(AXE_SCRIPT);
  const rules = Object.fromEntries((options.disableRules ?? []).map((rule) => [rule, { enabled: false }]));
  const violations = await page.evaluate(
    // Runs in the page; its globals are typed by hand (this file is type-checked without the DOM library).
    async ([rulesOff]) => {
      const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
      const result = await axe.run((globalThis as unknown as { document: unknown }).document, { resultTypes: ['violations'], rules: rulesOff });
      return result.violations.map(({ id, impact, help, helpUrl, nodes }) => ({
        id,
        impact,
        help,
        helpUrl,
        nodes: nodes.map(({ target, html, failureSummary }) => ({ target, html, failureSummary })),
      }));
    },
    [rules] as const,
  );
  return violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
}

/** The violations as a reader of a failed run needs them: rule, impact, and per element its selector, snippet and why. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.slice(0, 8).map((node) => {
        const snippet = node.html.length > 160 ? `${node.html.slice(0, 157)}...` : node.html;
        const why = (node.failureSummary ?? '').split('\n').slice(1, 2).join('').trim();
        return `    ${node.target.map(String).join(' > ')}\n      ${snippet}${why ? `\n      ${why}` : ''}`;
      });
      const more = violation.nodes.length > 8 ? [`    …and ${violation.nodes.length - 8} more`] : [];
      return [`  ${violation.id} (${violation.impact}, ${violation.nodes.length} node${violation.nodes.length === 1 ? '' : 's'}): ${violation.help}`, ...nodes, ...more].join('\n');
    })
    .join('\n');
}

/**
 * Fails with a readable list when axe finds a serious or critical violation on the page as it is now.
 * `label` names the route and state (e.g. 'phone home', 'desktop search overlay').
 */
export async function expectNoSeriousViolations(page: Page, label: string, options: AxeCheckOptions = {}): Promise<void> {
  const violations = await seriousViolations(page, options);
  if (violations.length === 0) return;
  throw new AssertionError({
    message: `axe: ${violations.length} serious or critical accessibility violation${violations.length === 1 ? '' : 's'} on ${label} (${page.url()}):\n${describeViolations(violations)}`,
    actual: violations.map((violation) => violation.id),
    expected: [],
    operator: 'expectNoSeriousViolations',
  });
}
