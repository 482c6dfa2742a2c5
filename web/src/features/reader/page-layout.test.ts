import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { buildSpreads, fitSpread, fitsDoublePage, pageAtPosition, spreadIndexOf, stripLayout, verticalLayout, verticalReaderWidth } from './page-layout';

const portrait = { width: 1000, height: 1500 };
const landscape = { width: 2000, height: 1500 };
const desktop = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };

describe('verticalReaderWidth (§9)', () => {
  const cases: Array<[window: number, width: number]> = [
    [320, 320],
    [424, 424],
    [425, 340],
    [1000, 800],
    [1350, 1080],
    [2560, 1080],
  ];
  for (const [window, width] of cases) test(`${window} px window → ${width} px column`, () => assert.equal(verticalReaderWidth(window), width));
});

describe('fitsDoublePage (§5)', () => {
  test('two portrait pages fit side by side on a landscape screen', () => assert.equal(fitsDoublePage(desktop, portrait, portrait), true));
  test('never on a screen taller than wide', () => assert.equal(fitsDoublePage(phone, { width: 100, height: 1500 }, { width: 100, height: 1500 }), false));
  test('never on a square screen', () => assert.equal(fitsDoublePage({ width: 900, height: 900 }, { width: 100, height: 1500 }, { width: 100, height: 1500 }), false));
  test('not when the pair at full height is wider than the screen', () => assert.equal(fitsDoublePage({ width: 1100, height: 900 }, portrait, portrait), false));
  test('exactly as wide as the screen fits', () => assert.equal(fitsDoublePage({ width: 1200, height: 900 }, portrait, portrait), true));
  test('a wide spread page does not pair', () => assert.equal(fitsDoublePage(desktop, landscape, portrait), false));
});

describe('buildSpreads', () => {
  const five = Array.from({ length: 5 }, () => portrait);
  test('single page: one page per view', () => assert.deepEqual(buildSpreads(five, desktop, false), [[0], [1], [2], [3], [4]]));
  test('double page: the cover alone, then pairs, an odd last page alone', () => assert.deepEqual(buildSpreads(five, desktop, true), [[0], [1, 2], [3, 4]]));
  test('double page on a phone falls back to single pages', () => assert.deepEqual(buildSpreads(five, phone, true), [[0], [1], [2], [3], [4]]));
  test('a wide page stands alone and pairing carries on after it', () =>
    assert.deepEqual(buildSpreads([portrait, portrait, landscape, portrait, portrait, portrait], desktop, true), [[0], [1], [2], [3, 4], [5]]));
  test('spreadIndexOf finds either page of a pair', () => {
    const spreads = buildSpreads(five, desktop, true);
    assert.equal(spreadIndexOf(spreads, 0), 0);
    assert.equal(spreadIndexOf(spreads, 2), 1);
    assert.equal(spreadIndexOf(spreads, 3), 2);
    assert.equal(spreadIndexOf(spreads, 99), 0);
  });
});

describe('fitSpread (max page width 1200, §9)', () => {
  test('a portrait page fills the height of a desktop', () => assert.deepEqual(fitSpread([portrait], desktop), [{ width: 600, height: 900 }]));
  test('a portrait page fills the width of a phone', () => assert.deepEqual(fitSpread([portrait], phone), [{ width: 390, height: 585 }]));
  test('a pair shares one height', () => assert.deepEqual(fitSpread([portrait, portrait], desktop), [{ width: 600, height: 900 }, { width: 600, height: 900 }]));
  test('no page grows wider than 1200 px', () => assert.deepEqual(fitSpread([landscape], { width: 3000, height: 2000 }), [{ width: 1200, height: 900 }]));
});

describe('verticalLayout (Scroll mode)', () => {
  test('pages at the column width, one under the other with gaps', () => {
    const layout = verticalLayout([portrait, portrait, landscape], 1000, 1, 10);
    assert.deepEqual(layout.sizes, [{ width: 800, height: 1200 }, { width: 800, height: 1200 }, { width: 800, height: 600 }]);
    assert.deepEqual(layout.starts, [0, 1210, 2420]);
    assert.equal(layout.length, 3020);
  });
  test('zoom widens the column', () => assert.equal(verticalLayout([portrait], 1000, 2, 0).sizes[0]!.width, 1600));
});

describe('stripLayout (Strip mode)', () => {
  test('each page fitted to the screen, side by side', () => {
    const layout = stripLayout([portrait, landscape], desktop, 1, 8);
    assert.deepEqual(layout.sizes, [{ width: 600, height: 900 }, { width: 1200, height: 900 }]);
    assert.deepEqual(layout.starts, [0, 608]);
    assert.equal(layout.length, 1808);
  });
});

describe('pageAtPosition', () => {
  const starts = [0, 1000, 2000];
  test('the page under the middle of the screen', () => {
    assert.equal(pageAtPosition(starts, 0, 900), 0);
    assert.equal(pageAtPosition(starts, 600, 900), 1);
    assert.equal(pageAtPosition(starts, 1600, 900), 2);
    assert.equal(pageAtPosition(starts, 5000, 900), 2);
  });
  test('the first page at the start of the track, even when a short first page leaves the middle', () => {
    assert.equal(pageAtPosition([0, 300, 1300], 0, 900), 0);
    assert.equal(pageAtPosition([0, 300, 1300], -56, 900), 0);
    assert.equal(pageAtPosition([0, 300, 1300], 1, 900), 1);
  });
});
