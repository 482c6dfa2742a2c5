/** The reader's constants of storefront spec §5 and §9, each named once. */
import { READER_DENIED_BODY, READER_DENIED_TITLE } from '@inkwell/contracts/catalog-rules';

/** Bars and side panels hide this long after they were last shown. */
export const CONTROLS_HIDE_MS = 3000;

export const ZOOM_MIN = 1;
export const ZOOM_MAX = 3;
/** One wheel notch multiplies the zoom by this towards the reader, or by the other away from it. */
export const WHEEL_ZOOM_IN = 1.2;
export const WHEEL_ZOOM_OUT = 0.8;
/** W/S/ArrowUp/ArrowDown move a zoomed page by this much. */
export const KEYBOARD_PAN_PX = 50;

/** A swipe at zoom 1 turns the page once it covers this share of the page width. */
export const SWIPE_THRESHOLD = 0.15;
/** The same in double-page view, where the width is two pages'. */
export const SWIPE_THRESHOLD_DOUBLE_PAGE = 0.075;

/** A tap toggles the controls only below this much of the top edge… */
export const TAP_ZONE_TOP_PX = 60;
/** …and above this much of the bottom edge, where the bars are. */
export const TAP_ZONE_BOTTOM_PX = 90;

/** Pages loaded around the current one. */
export const PRELOAD_BEFORE = 4;
export const PRELOAD_AFTER = 6;

export const PAGE_TRANSITION_MS = 400;
/** No page is drawn wider than this, however large the screen. */
export const MAX_PAGE_WIDTH = 1200;

/** Vertical reader: the whole window below this width… */
export const VERTICAL_FULL_WIDTH_BELOW = 425;
/** …otherwise this share of it, at most {@link VERTICAL_MAX_WIDTH}. */
export const VERTICAL_WIDTH_SHARE = 0.8;
export const VERTICAL_MAX_WIDTH = 1080;

/** The end card's 'You might also like' row shows exactly this many comics, or none. */
export const END_CARD_SUGGESTIONS = 3;

/** Storefront spec §8: the modal shown when the page list cannot be opened, in the words the reader service refuses with. */
export const UNABLE_TO_OPEN = {
  title: READER_DENIED_TITLE,
  body: READER_DENIED_BODY,
} as const;
