/**
 * Core web vitals as Chromium reports them to a page (LCP, CLS, long tasks), read the way Google's
 * web-vitals library defines them, for the layout-stability browser test and bench/web-vitals.ts.
 * The probe is installed before the page's own scripts (`context.addInitScript`), then the page is
 * left to settle and `readVitals` collects what it saw.
 */
import type { Page } from 'playwright-core';

/** Google's thresholds for "good", and this project's targets (issue 11). */
export const VITALS_TARGETS = { cls: 0.05, lcpMs: 1500, firstScreenJsGzipBytes: 150 * 1024 } as const;

export interface LayoutShift {
  value: number;
  /** Milliseconds since navigation. */
  at: number;
  /** Short descriptions of the elements that moved (tag, id, classes). */
  moved: string[];
}

export interface PageVitals {
  /** Largest contentful paint, ms since navigation; 0 when none was reported. */
  lcpMs: number;
  /** What the largest contentful paint drew. */
  lcpElement: string;
  fcpMs: number;
  /** Cumulative layout shift: the largest session window of shifts not caused by input. */
  cls: number;
  shifts: LayoutShift[];
  /** Total blocking time: the part over 50 ms of each long task after the first contentful paint. */
  tbtMs: number;
  /** Script and style sheet URLs fetched by the time of the largest contentful paint (or load). */
  firstScreenAssets: Array<{ url: string; kind: 'js' | 'css' }>;
}

/** Runs in the page before anything else; keeps what the performance observers report on `window.__vitals`. */
export const VITALS_PROBE = `(() => {
  const describe = (node) => {
    if (!node || !node.tagName) return node && node.nodeName ? node.nodeName.toLowerCase() : '';
    const id = node.id ? '#' + node.id : '';
    const classes = typeof node.className === 'string' && node.className.trim() ? '.' + node.className.trim().split(/\\s+/).slice(0, 2).join('.') : '';
    return node.tagName.toLowerCase() + id + classes;
  };
  const vitals = { lcp: 0, lcpElement: '', fcp: 0, shifts: [], longTasks: [] };
  Object.defineProperty(window, '__vitals', { value: vitals });
  const observe = (type, onEntry) => {
    try { new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true }); } catch {}
  };
  observe('largest-contentful-paint', (entry) => { vitals.lcp = entry.renderTime || entry.loadTime || entry.startTime; vitals.lcpElement = describe(entry.element); });
  observe('paint', (entry) => { if (entry.name === 'first-contentful-paint') vitals.fcp = entry.startTime; });
  observe('layout-shift', (entry) => {
    if (entry.hadRecentInput) return;
    vitals.shifts.push({ value: entry.value, at: entry.startTime, moved: (entry.sources || []).map((source) => describe(source.node)).filter(Boolean) });
  });
  observe('longtask', (entry) => vitals.longTasks.push({ start: entry.startTime, duration: entry.duration }));
})();`;

/**
 * CLS as web-vitals defines it: shifts are grouped in session windows (a gap under 1 s, at most
 * 5 s long) and the largest window counts.
 */
export function cumulativeLayoutShift(shifts: readonly LayoutShift[]): number {
  let largest = 0;
  let window = 0;
  let windowStart = 0;
  let last = Number.NEGATIVE_INFINITY;
  for (const shift of [...shifts].sort((a, b) => a.at - b.at)) {
    if (shift.at - last < 1000 && shift.at - windowStart < 5000) window += shift.value;
    else {
      window = shift.value;
      windowStart = shift.at;
    }
    last = shift.at;
    largest = Math.max(largest, window);
  }
  return largest;
}

/** Total blocking time from the long tasks after the first contentful paint. */
export function totalBlockingTime(longTasks: ReadonlyArray<{ start: number; duration: number }>, fcpMs: number): number {
  return longTasks.filter((task) => task.start + task.duration > fcpMs).reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
}

type ProbeGlobals = {
  __vitals: { lcp: number; lcpElement: string; fcp: number; shifts: LayoutShift[]; longTasks: Array<{ start: number; duration: number }> };
  performance: {
    getEntriesByType(type: string): Array<{ name: string; initiatorType: string; responseEnd: number; loadEventEnd?: number }>;
  };
};

/**
 * Waits for the page to settle (network quiet, then `settleMs` for late shifts), and reads what
 * the probe saw. The page must have been opened in a context with `VITALS_PROBE` as init script.
 */
export async function readVitals(page: Page, { settleMs = 1000 }: { settleMs?: number } = {}): Promise<PageVitals> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(settleMs);
  const seen = await page.evaluate(() => {
    const { __vitals: vitals, performance } = globalThis as unknown as ProbeGlobals;
    const navigation = performance.getEntriesByType('navigation')[0];
    const until = vitals.lcp || navigation?.loadEventEnd || Number.MAX_SAFE_INTEGER;
    const assets = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.responseEnd <= until)
      .map((entry) => {
        const pathname = new URL(entry.name).pathname;
        const kind = pathname.endsWith('.js') || pathname.endsWith('.mjs') ? 'js' : pathname.endsWith('.css') ? 'css' : null;
        return kind ? { url: entry.name, kind } : null;
      })
      .filter((asset) => asset !== null);
    return { ...vitals, shifts: [...vitals.shifts], longTasks: [...vitals.longTasks], assets };
  });
  return {
    lcpMs: seen.lcp,
    lcpElement: seen.lcpElement,
    fcpMs: seen.fcp,
    cls: cumulativeLayoutShift(seen.shifts),
    shifts: seen.shifts,
    tbtMs: totalBlockingTime(seen.longTasks, seen.fcp),
    firstScreenAssets: seen.assets as PageVitals['firstScreenAssets'],
  };
}

/** One line per shift, largest first: what moved and when, for a failing assertion's message. */
export function describeShifts(shifts: readonly LayoutShift[]): string {
  return [...shifts]
    .sort((a, b) => b.value - a.value)
    .slice(0, 8)
    .map((shift) => `${shift.value.toFixed(4)} at ${shift.at.toFixed(0)} ms: ${shift.moved.join(', ') || '(unknown)'}`)
    .join('\n');
}
