import { useEffect, useEffectEvent, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { fitSpread, type Size } from '../page-layout';
import { clampPan, swipeTurn, wheelZoom, type Pan } from '../reader-input';
import type { ComicPage } from '../types';
import { PageImage } from './page-image';
import styles from './page-mode-view.module.css';

/** A pointer that moved less than this between press and release tapped rather than dragged. */
const TAP_SLOP_PX = 8;

interface PageModeViewProps {
  pages: readonly ComicPage[];
  spreads: readonly number[][];
  current: number;
  viewport: Size;
  /** The current view's size at zoom 1. */
  content: Size;
  zoom: number;
  pan: Pan;
  reverse: boolean;
  doublePage: boolean;
  loaded: ReadonlySet<number>;
  onTurn: (direction: 'next' | 'previous') => void;
  onTap: (x: number, y: number) => void;
  onZoom: (zoom: number) => void;
  onPan: (pan: Pan) => void;
  onExpired: (pageNumber: number) => void;
  /** Told when an image of the current view has arrived. */
  onCurrentSettled: () => void;
}

/**
 * Page mode: one view (a page, or two side by side) at a time, fitted to the screen. Every view
 * with a loaded page is in the document, stacked, and the current one fades in over 400 ms, so a
 * turn shows a page that is already there. A horizontal swipe follows the finger and turns past
 * the threshold; on a zoomed page dragging pans instead, and the wheel zooms.
 */
export function PageModeView({ pages, spreads, current, viewport, content, zoom, pan, reverse, doublePage, loaded, onTurn, onTap, onZoom, onPan, onExpired, onCurrentSettled }: PageModeViewProps) {
  const stage = useRef<HTMLDivElement>(null);
  const gesture = useRef<{ id: number; x: number; y: number; panX: number; panY: number; moved: boolean } | null>(null);
  const [dragX, setDragX] = useState(0);
  const [dragging, setDragging] = useState(false);
  const spreadSizes = spreads.map((spread) => fitSpread(spread.map((index) => pages[index]!), viewport));

  // A native listener: React's wheel listener is passive and could not keep the browser from zooming the page.
  const onWheel = useEffectEvent((event: WheelEvent) => {
    event.preventDefault();
    onZoom(wheelZoom(zoom, event.deltaY));
  });
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const listener = (event: WheelEvent) => onWheel(event);
    element.addEventListener('wheel', listener, { passive: false });
    return () => element.removeEventListener('wheel', listener);
  }, []);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    gesture.current = { id: event.pointerId, x: event.clientX, y: event.clientY, panX: pan.x, panY: pan.y, moved: false };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const active = gesture.current;
    if (!active || active.id !== event.pointerId) return;
    const dx = event.clientX - active.x;
    const dy = event.clientY - active.y;
    if (!active.moved && Math.hypot(dx, dy) > TAP_SLOP_PX) {
      active.moved = true;
      setDragging(true);
    }
    if (zoom > 1) onPan(clampPan({ x: active.panX + dx, y: active.panY + dy }, zoom, content, viewport));
    else setDragX(dx);
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const active = gesture.current;
    if (!active || active.id !== event.pointerId) return;
    gesture.current = null;
    setDragX(0);
    setDragging(false);
    if (!active.moved) {
      onTap(event.clientX, event.clientY);
      return;
    }
    const turn = swipeTurn(event.clientX - active.x, content.width, { doublePage: doublePage && (spreads[current]?.length ?? 1) > 1, reverse, zoom });
    if (turn) onTurn(turn);
  };
  const onPointerCancel = () => {
    gesture.current = null;
    setDragX(0);
    setDragging(false);
  };

  return (
    <div
      ref={stage}
      className={styles.stage}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
    >
      {spreads.map((spread, index) => {
        const isCurrent = index === current;
        if (!isCurrent && !spread.some((page) => loaded.has(page))) return null;
        const sizes = spreadSizes[index]!;
        const transform = isCurrent ? `translate3d(${pan.x + dragX}px, ${pan.y}px, 0) scale(${zoom})` : undefined;
        return (
          <div
            key={spread.join('-')}
            className={[styles.spread, isCurrent && styles.current, reverse && styles.reverse, isCurrent && dragging && styles.dragging].filter(Boolean).join(' ')}
            style={{ transform }}
            aria-hidden={isCurrent ? undefined : true}
          >
            {spread.map((pageIndex, position) => (
              <PageImage
                key={pages[pageIndex]!.pageNumber}
                page={pages[pageIndex]!}
                size={sizes[position]!}
                zoom={isCurrent ? zoom : 1}
                load={loaded.has(pageIndex) || isCurrent}
                urgent={isCurrent}
                onExpired={onExpired}
                onSettled={isCurrent ? onCurrentSettled : undefined}
              />
            ))}
          </div>
        );
      })}
    </div>
  );
}
