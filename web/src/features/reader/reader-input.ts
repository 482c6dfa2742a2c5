/**
 * What the reader's keys, swipes, taps and wheel mean (storefront spec §2, §5 and §9), apart from
 * any DOM, so each rule can be tested on its own.
 */
import {
  KEYBOARD_PAN_PX,
  SWIPE_THRESHOLD,
  SWIPE_THRESHOLD_DOUBLE_PAGE,
  TAP_ZONE_BOTTOM_PX,
  TAP_ZONE_TOP_PX,
  WHEEL_ZOOM_IN,
  WHEEL_ZOOM_OUT,
  ZOOM_MAX,
  ZOOM_MIN,
} from './reader-constants';

export type ReaderAction = 'next' | 'previous' | 'panUp' | 'panDown' | 'escape';

/**
 * The action of a key. D/ArrowRight go forward and A/ArrowLeft back, the other way round for
 * right-to-left reading, where the next page lies to the left. Space and PageDown go forward and
 * Shift+Space and PageUp back, in reading order whichever way the pages run (as a browser pages
 * through a document). W/S/ArrowUp/ArrowDown pan only where there is something to pan: a zoomed
 * page, or the scrolling Scroll and Strip modes.
 */
export function keyAction(key: string, reverse: boolean, canPan: boolean, shift = false): ReaderAction | null {
  switch (key.length === 1 ? key.toLowerCase() : key) {
    case 'Escape':
      return 'escape';
    case ' ':
      return shift ? 'previous' : 'next';
    case 'PageDown':
      return 'next';
    case 'PageUp':
      return 'previous';
    case 'd':
    case 'ArrowRight':
      return reverse ? 'previous' : 'next';
    case 'a':
    case 'ArrowLeft':
      return reverse ? 'next' : 'previous';
    case 'w':
    case 'ArrowUp':
      return canPan ? 'panUp' : null;
    case 's':
    case 'ArrowDown':
      return canPan ? 'panDown' : null;
    default:
      return null;
  }
}

/**
 * The turn a finished horizontal swipe asks for, if any. Only an unzoomed page turns (a zoomed one
 * pans), and only past 15% of the page width, 7.5% in double-page view. Moving the content left
 * (a negative `dx`) brings the next page in left-to-right reading, the previous one right-to-left.
 */
export function swipeTurn(dx: number, pageWidth: number, options: { doublePage: boolean; reverse: boolean; zoom: number }): 'next' | 'previous' | null {
  if (options.zoom > ZOOM_MIN || pageWidth <= 0) return null;
  const threshold = pageWidth * (options.doublePage ? SWIPE_THRESHOLD_DOUBLE_PAGE : SWIPE_THRESHOLD);
  if (Math.abs(dx) <= threshold) return null;
  const towardsNext = dx < 0 !== options.reverse;
  return towardsNext ? 'next' : 'previous';
}

/** Storefront spec §5: a tap toggles the controls only between 60 px and the height minus 90 px. */
export function togglesControls(y: number, viewportHeight: number): boolean {
  return y >= TAP_ZONE_TOP_PX && y <= viewportHeight - TAP_ZONE_BOTTOM_PX;
}

export function clampZoom(zoom: number): number {
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));
}

/** One wheel notch: ×1.2 when scrolling up (towards the reader), ×0.8 down, within 1 to 3. */
export function wheelZoom(zoom: number, deltaY: number): number {
  if (deltaY === 0) return zoom;
  return clampZoom(zoom * (deltaY < 0 ? WHEEL_ZOOM_IN : WHEEL_ZOOM_OUT));
}

export interface Pan {
  x: number;
  y: number;
}

/**
 * Keeps a zoomed view covering the viewport: the content (of `content` size at zoom 1, centred)
 * can be moved only as far as its scaled edges reach the viewport's. Unzoomed, it stays centred.
 */
export function clampPan(pan: Pan, zoom: number, content: { width: number; height: number }, viewport: { width: number; height: number }): Pan {
  const limit = (length: number, view: number) => Math.max(0, (length * zoom - view) / 2);
  const clamp = (value: number, bound: number) => Math.min(bound, Math.max(-bound, value)) || 0;
  return { x: clamp(pan.x, limit(content.width, viewport.width)), y: clamp(pan.y, limit(content.height, viewport.height)) };
}

/** The pan after a W/S/ArrowUp/ArrowDown press: 50 px, moving the view up or down the page. */
export function keyboardPan(pan: Pan, action: 'panUp' | 'panDown'): Pan {
  return { x: pan.x, y: pan.y + (action === 'panUp' ? KEYBOARD_PAN_PX : -KEYBOARD_PAN_PX) };
}

/** The side navigation panels each take this share of the width (the page edges a thumb reaches). */
const SIDE_PANEL_SHARE = 0.25;

/**
 * What a tap (or click) on the reading area does: on the left or right side panel it turns the
 * page (left is back in left-to-right reading, forward in right-to-left); in between it toggles
 * the controls, but only inside the tap zone, clear of the bars.
 */
export function tapAction(x: number, y: number, viewport: { width: number; height: number }, reverse: boolean): 'next' | 'previous' | 'toggleControls' | null {
  const side = viewport.width * SIDE_PANEL_SHARE;
  if (x < side) return reverse ? 'next' : 'previous';
  if (x > viewport.width - side) return reverse ? 'previous' : 'next';
  return togglesControls(y, viewport.height) ? 'toggleControls' : null;
}
