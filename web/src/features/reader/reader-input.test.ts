import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import {
  CONTROLS_HIDE_MS,
  KEYBOARD_PAN_PX,
  PAGE_TRANSITION_MS,
  PRELOAD_AFTER,
  PRELOAD_BEFORE,
  SWIPE_THRESHOLD,
  SWIPE_THRESHOLD_DOUBLE_PAGE,
  UNABLE_TO_OPEN,
  WHEEL_ZOOM_IN,
  WHEEL_ZOOM_OUT,
  ZOOM_MAX,
  ZOOM_MIN,
} from './reader-constants';
import { clampPan, clampZoom, keyAction, keyboardPan, swipeTurn, tapAction, togglesControls, wheelZoom } from './reader-input';

describe('the spec constants and texts', () => {
  test('§9 figures', () => {
    assert.equal(CONTROLS_HIDE_MS, 3000);
    assert.deepEqual([ZOOM_MIN, ZOOM_MAX, WHEEL_ZOOM_IN, WHEEL_ZOOM_OUT, KEYBOARD_PAN_PX], [1, 3, 1.2, 0.8, 50]);
    assert.deepEqual([SWIPE_THRESHOLD, SWIPE_THRESHOLD_DOUBLE_PAGE], [0.15, 0.075]);
    assert.deepEqual([PRELOAD_BEFORE, PRELOAD_AFTER, PAGE_TRANSITION_MS], [4, 6, 400]);
  });
  test('§8 modal quoted exactly', () =>
    assert.deepEqual(UNABLE_TO_OPEN, { title: 'Unable to open comic', body: 'Unfortunately you can not read this comic. Please log in to read non-free comics.' }));
});

describe('keyAction (§2)', () => {
  test('D/ArrowRight forward and A/ArrowLeft back, left to right', () => {
    assert.deepEqual(['d', 'D', 'ArrowRight', 'a', 'A', 'ArrowLeft'].map((key) => keyAction(key, false, false)), ['next', 'next', 'next', 'previous', 'previous', 'previous']);
  });
  test('swapped right to left', () => {
    assert.deepEqual(['d', 'ArrowRight', 'a', 'ArrowLeft'].map((key) => keyAction(key, true, false)), ['previous', 'previous', 'next', 'next']);
  });
  test('W/S/ArrowUp/ArrowDown pan only where there is something to pan', () => {
    assert.deepEqual(['w', 'ArrowUp', 's', 'ArrowDown'].map((key) => keyAction(key, false, true)), ['panUp', 'panUp', 'panDown', 'panDown']);
    assert.deepEqual(['w', 'ArrowUp', 's', 'ArrowDown'].map((key) => keyAction(key, false, false)), [null, null, null, null]);
  });
  test('Space and PageDown forward, Shift+Space and PageUp back, in reading order either way (issue 26)', () => {
    for (const reverse of [false, true]) {
      assert.deepEqual([keyAction(' ', reverse, false), keyAction(' ', reverse, false, true), keyAction('PageDown', reverse, true), keyAction('PageUp', reverse, true)], ['next', 'previous', 'next', 'previous']);
    }
  });
  test('Escape', () => assert.equal(keyAction('Escape', true, true), 'escape'));
  test('other keys do nothing', () => assert.equal(keyAction('x', false, false), null));
});

describe('swipeTurn (§5)', () => {
  const single = { doublePage: false, reverse: false, zoom: 1 };
  test('past 15% of the page width turns', () => {
    assert.equal(swipeTurn(-151, 1000, single), 'next');
    assert.equal(swipeTurn(151, 1000, single), 'previous');
  });
  test('15% or less does not', () => {
    assert.equal(swipeTurn(-150, 1000, single), null);
    assert.equal(swipeTurn(100, 1000, single), null);
  });
  test('7.5% in double-page view', () => {
    assert.equal(swipeTurn(-76, 1000, { ...single, doublePage: true }), 'next');
    assert.equal(swipeTurn(-75, 1000, { ...single, doublePage: true }), null);
  });
  test('right to left, the next page comes from the left', () => {
    assert.equal(swipeTurn(200, 1000, { ...single, reverse: true }), 'next');
    assert.equal(swipeTurn(-200, 1000, { ...single, reverse: true }), 'previous');
  });
  test('a zoomed page never turns by swipe', () => assert.equal(swipeTurn(-900, 1000, { ...single, zoom: 1.2 }), null));
});

describe('togglesControls: only between 60 px and height − 90 px (§5)', () => {
  const cases: Array<[y: number, toggles: boolean]> = [
    [0, false],
    [59, false],
    [60, true],
    [400, true],
    [754, true],
    [755, false],
    [844, false],
  ];
  for (const [y, toggles] of cases) test(`y=${y} of 844 → ${toggles}`, () => assert.equal(togglesControls(y, 844), toggles));
});

describe('zoom (§9)', () => {
  test('wheel up ×1.2, down ×0.8', () => {
    assert.equal(wheelZoom(1, -100), 1.2);
    assert.equal(wheelZoom(2, 100), 1.6);
  });
  test('stays within 1 and 3', () => {
    assert.equal(wheelZoom(1, 100), 1);
    assert.equal(wheelZoom(2.9, -1), 3);
    assert.equal(clampZoom(0.2), 1);
    assert.equal(clampZoom(7), 3);
  });
  test('no wheel movement, no change', () => assert.equal(wheelZoom(1.44, 0), 1.44));
});

describe('panning', () => {
  const content = { width: 600, height: 900 };
  const viewport = { width: 1440, height: 900 };
  test('unzoomed content stays centred', () => assert.deepEqual(clampPan({ x: 40, y: -40 }, 1, content, viewport), { x: 0, y: 0 }));
  test('zoomed, up to the scaled edges', () => {
    assert.deepEqual(clampPan({ x: 0, y: 1000 }, 2, content, viewport), { x: 0, y: 450 });
    assert.deepEqual(clampPan({ x: 0, y: -100 }, 2, content, viewport), { x: 0, y: -100 });
    assert.deepEqual(clampPan({ x: 500, y: 0 }, 3, content, viewport), { x: 180, y: 0 });
  });
  test('keys move the view 50 px', () => {
    assert.deepEqual(keyboardPan({ x: 0, y: 0 }, 'panUp'), { x: 0, y: 50 });
    assert.deepEqual(keyboardPan({ x: 3, y: 10 }, 'panDown'), { x: 3, y: -40 });
  });
});

describe('tapAction', () => {
  const phone = { width: 400, height: 844 };
  test('the left and right quarters turn the page', () => {
    assert.equal(tapAction(20, 400, phone, false), 'previous');
    assert.equal(tapAction(390, 400, phone, false), 'next');
  });
  test('swapped right to left', () => {
    assert.equal(tapAction(20, 400, phone, true), 'next');
    assert.equal(tapAction(390, 400, phone, true), 'previous');
  });
  test('the middle toggles the controls inside the tap zone only', () => {
    assert.equal(tapAction(200, 400, phone, false), 'toggleControls');
    assert.equal(tapAction(200, 30, phone, false), null);
    assert.equal(tapAction(200, 800, phone, false), null);
  });
  test('side panels reach from top to bottom', () => assert.equal(tapAction(390, 10, phone, false), 'next'));
});
