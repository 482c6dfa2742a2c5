/**
 * Where pages go on screen in each reader mode. Every size is computed from the pages' intrinsic
 * sizes before any image arrives, so frames are reserved and nothing moves while pages load.
 */
import { MAX_PAGE_WIDTH, VERTICAL_FULL_WIDTH_BELOW, VERTICAL_MAX_WIDTH, VERTICAL_WIDTH_SHARE } from './reader-constants';

export interface Size {
  width: number;
  height: number;
}

const aspect = (page: Size) => page.width / page.height;

/** Storefront spec §9: the Scroll mode's column is the window under 425 px, else 80% of it up to 1080. */
export function verticalReaderWidth(windowWidth: number): number {
  if (windowWidth < VERTICAL_FULL_WIDTH_BELOW) return windowWidth;
  return Math.min(windowWidth * VERTICAL_WIDTH_SHARE, VERTICAL_MAX_WIDTH);
}

/** Storefront spec §5: two pages side by side only on a screen wider than tall, where both fit at full height. */
export function fitsDoublePage(viewport: Size, first: Size, second: Size): boolean {
  if (viewport.width <= viewport.height) return false;
  return viewport.height * (aspect(first) + aspect(second)) <= viewport.width;
}

/**
 * The page-mode views of a publication, each one or two 0-based page indexes in reading order.
 * In double-page view the cover stands alone, as in a printed book, and the following pages pair up
 * wherever the pair fits; a page that cannot pair (a wide spread) stands alone and the pairing
 * carries on after it.
 */
export function buildSpreads(pages: readonly Size[], viewport: Size, doublePage: boolean): number[][] {
  const spreads: number[][] = [];
  let index = 0;
  while (index < pages.length) {
    const pairs = doublePage && index > 0 && index + 1 < pages.length && fitsDoublePage(viewport, pages[index]!, pages[index + 1]!);
    spreads.push(pairs ? [index, index + 1] : [index]);
    index += pairs ? 2 : 1;
  }
  return spreads;
}

/** Index of the spread showing page `pageIndex` (the first spread when it is out of range). */
export function spreadIndexOf(spreads: readonly number[][], pageIndex: number): number {
  const found = spreads.findIndex((spread) => spread.includes(pageIndex));
  return found < 0 ? 0 : found;
}

/**
 * Display sizes of a spread's pages, side by side at one common height, as large as the viewport
 * allows without any page growing wider than 1200 px (storefront spec §9).
 */
export function fitSpread(pages: readonly Size[], viewport: Size): Size[] {
  const totalAspect = pages.reduce((sum, page) => sum + aspect(page), 0);
  const height = Math.min(viewport.height, viewport.width / totalAspect, ...pages.map((page) => MAX_PAGE_WIDTH / aspect(page)));
  return pages.map((page) => ({ width: Math.floor(height * aspect(page)), height: Math.floor(height) }));
}

/** Pages laid out along one axis (Scroll: down; Strip: across), with where each one starts. */
export interface TrackLayout {
  sizes: Size[];
  /** Offset of each page's leading edge along the track, in reading order. */
  starts: number[];
  /** Length of the whole track, pages and gaps. */
  length: number;
}

/** Scroll mode: pages at the column width (times the zoom) one under the other. */
export function verticalLayout(pages: readonly Size[], windowWidth: number, zoom: number, gap: number): TrackLayout {
  const width = Math.min(verticalReaderWidth(windowWidth), MAX_PAGE_WIDTH) * zoom;
  const sizes = pages.map((page) => ({ width: Math.floor(width), height: Math.floor(width / aspect(page)) }));
  return track(sizes, (size) => size.height, gap);
}

/**
 * Strip mode: each page fitted into the viewport (times the zoom), side by side. Right-to-left
 * publications run from right to left, so `starts` are measured from the right edge then.
 */
export function stripLayout(pages: readonly Size[], viewport: Size, zoom: number, gap: number): TrackLayout {
  const sizes = pages.map((page) => {
    const [fitted] = fitSpread([page], viewport);
    return { width: Math.floor(fitted!.width * zoom), height: Math.floor(fitted!.height * zoom) };
  });
  return track(sizes, (size) => size.width, gap);
}

function track(sizes: Size[], along: (size: Size) => number, gap: number): TrackLayout {
  const starts: number[] = [];
  let position = 0;
  for (const size of sizes) {
    starts.push(position);
    position += along(size) + gap;
  }
  return { sizes, starts, length: Math.max(0, position - gap) };
}

/**
 * The page being read when `position` (the scroll offset along the track) and `viewportLength`
 * frame the visible part: the page under the middle of the screen, or the last one started; at
 * the very start of the track, where the first page cannot reach the middle, the first page.
 */
export function pageAtPosition(starts: readonly number[], position: number, viewportLength: number): number {
  if (position <= 0) return 0;
  const middle = position + viewportLength / 2;
  let current = 0;
  for (let index = 0; index < starts.length; index += 1) {
    if (starts[index]! <= middle) current = index;
    else break;
  }
  return current;
}
