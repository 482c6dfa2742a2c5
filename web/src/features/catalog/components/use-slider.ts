import { useCallback, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';

/** Slider constants, after the reader's (storefront spec §9): a 400 ms transition, and a swipe turns when it covers 15% of the width. */
const TRANSITION_MS = 400;
const SWIPE_THRESHOLD = 0.15;
/** Time each slide stays before the next, while the visitor is not interacting. */
const AUTOPLAY_MS = 7000;
/** A pointer that moves less than this is a tap, not a swipe. */
const DRAG_SLOP_PX = 6;

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * What the home page's sliders (the spotlight, a wheel's Banner group) share: the slide showing,
 * moved with the arrow keys while focus is inside, and swipes; turning by itself until the visitor
 * points at it, focuses it or steers it (never under reduced motion), and `setPlaying(false)` for
 * the pause button. `track` is the element holding the slides, `trackId` its id for the controls.
 */
export function useSlider(count: number) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(() => count > 1 && !prefersReducedMotion());
  const [held, setHeld] = useState(false);
  const [drag, setDrag] = useState(0);
  const pointer = useRef<{ id: number; x: number; y: number; width: number; swiping: boolean } | null>(null);
  const suppressClick = useRef(false);
  const track = useRef<HTMLDivElement>(null);
  const trackId = useId();

  const goTo = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);

  useEffect(() => {
    if (!playing || held || count < 2) return;
    const timer = window.setTimeout(() => goTo(index + 1), AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [playing, held, index, count, goTo]);

  /** A visitor who steers the slider has chosen what to look at: stop turning it for them. */
  const steer = (next: number) => {
    setPlaying(false);
    goTo(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = index + (event.key === 'ArrowRight' ? 1 : -1);
    const focusWasOnSlide = track.current?.contains(document.activeElement) ?? false;
    steer(next);
    // The old slide becomes inert; keep keyboard focus on the one now showing.
    if (focusWasOnSlide) {
      const target = ((next % count) + count) % count;
      window.requestAnimationFrame(() => track.current?.children[target]?.querySelector<HTMLElement>('a[href]:not([tabindex="-1"])')?.focus());
    }
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (count < 2 || !event.isPrimary || (event.pointerType === 'mouse' && event.button !== 0)) return;
    pointer.current = { id: event.pointerId, x: event.clientX, y: event.clientY, width: event.currentTarget.clientWidth, swiping: false };
    suppressClick.current = false;
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = pointer.current;
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    if (!start.swiping) {
      if (Math.abs(dx) < DRAG_SLOP_PX || Math.abs(dx) < Math.abs(event.clientY - start.y)) return;
      start.swiping = true;
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    setDrag(dx);
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    const start = pointer.current;
    if (!start || start.id !== event.pointerId) return;
    pointer.current = null;
    if (!start.swiping) return;
    suppressClick.current = true;
    const dx = event.clientX - start.x;
    setDrag(0);
    if (Math.abs(dx) > start.width * SWIPE_THRESHOLD) steer(index + (dx < 0 ? 1 : -1));
  };

  /** The slider's section: keys, and held while pointed at or focused. */
  const sectionProps = {
    onKeyDown,
    onMouseEnter: () => setHeld(true),
    onMouseLeave: () => setHeld(false),
    onFocus: () => setHeld(true),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
    },
  };
  /** The viewport around the track: swipes, and the click that ends a swipe kept from opening the link under the finger. */
  const viewportProps = {
    onPointerDown,
    onPointerMove,
    onPointerUp: onPointerEnd,
    onPointerCancel: onPointerEnd,
    onClickCapture: (event: MouseEvent<HTMLDivElement>) => {
      if (!suppressClick.current) return;
      suppressClick.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  };
  /** The track of slides, moved to the one showing (following the finger while it swipes). */
  const trackProps = {
    ref: track,
    id: trackId,
    'aria-live': playing && !held ? ('off' as const) : ('polite' as const),
    style: {
      transform: `translateX(calc(${-index * 100}% + ${drag}px))`,
      transition: drag !== 0 ? 'none' : `transform ${TRANSITION_MS}ms cubic-bezier(0.22, 0.61, 0.36, 1)`,
    },
  };

  return { index, playing, setPlaying, trackId, steer, sectionProps, viewportProps, trackProps };
}
