import { useEffect, useEffectEvent, useImperativeHandle, useLayoutEffect, useRef, type ReactNode, type Ref, type UIEvent } from 'react';
import { useElementSize } from '../hooks/use-element-size';
import { pageAtPosition, stripLayout, verticalLayout, type Size } from '../page-layout';
import { wheelZoom } from '../reader-input';
import type { ComicPage } from '../types';
import { PageImage } from './page-image';
import styles from './track-view.module.css';

/** Space between pages along the track. */
const GAP_PX = 12;
/** Room above a page brought into view in Scroll mode, so the top bar does not cover its top. */
const TOP_INSET_PX = 56;
/** Depth of the end-of-chapter panel after the last page. */
const END_PANEL_PX = { vertical: 360, horizontal: 420 };

export interface TrackHandle {
  /** Brings page `index` into view: its top in Scroll mode, centred in Strip mode. */
  scrollToPage: (index: number, smooth: boolean) => void;
  /** Moves the view along the screen's vertical axis (keyboard panning). */
  panBy: (dy: number) => void;
}

interface TrackViewProps {
  /** Scroll mode runs down the screen, Strip mode across it (right to left for right-to-left comics). */
  axis: 'vertical' | 'horizontal';
  pages: readonly ComicPage[];
  viewport: Size;
  zoom: number;
  reverse: boolean;
  loaded: ReadonlySet<number>;
  /** The page being read, kept in view when the layout changes (zoom, window size, direction). */
  current: number;
  onPageChange: (index: number) => void;
  onTap: (x: number, y: number) => void;
  onZoom: (zoom: number) => void;
  onExpired: (pageNumber: number) => void;
  /** Told when the image of the page being read has arrived. */
  onCurrentSettled: () => void;
  /** What follows the last page: the way on to the next chapter. */
  end: ReactNode;
  ref?: Ref<TrackHandle>;
}

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Scroll and Strip modes: every page in one scrolling track, each frame sized from the page's own
 * size up front so the track never shifts while images arrive; images load around the page being
 * read. The page being read is the one under the middle of the screen.
 */
export function TrackView({ axis, pages, viewport, zoom, reverse, loaded, current, onPageChange, onTap, onZoom, onExpired, onCurrentSettled, end, ref }: TrackViewProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const vertical = axis === 'vertical';
  // Pages are fitted to what the track shows: the window less the scrollbars a desktop browser
  // draws (a Strip page as tall as the window would be cut by the horizontal one, and scroll).
  const shown = useElementSize(scroller);
  const view = shown.width > 0 && shown.height > 0 ? shown : viewport;
  const layout = vertical ? verticalLayout(pages, view.width, zoom, GAP_PX) : stripLayout(pages, view, zoom, GAP_PX);
  const endDepth = vertical ? END_PANEL_PX.vertical : Math.min(view.width, END_PANEL_PX.horizontal);
  const rtl = !vertical && reverse;
  const across = Math.max(vertical ? view.width : view.height, ...layout.sizes.map((size) => (vertical ? size.width : size.height)));
  const inset = vertical ? TOP_INSET_PX : 0;
  const along = inset + layout.length + GAP_PX + endDepth;
  // Where the first page starts; right to left, the end panel sits at the far left and the pages shift right to make room.
  const offset = rtl ? endDepth + GAP_PX : inset;

  const leadingEdge = (index: number) => {
    const start = layout.starts[index] ?? 0;
    const length = vertical ? (layout.sizes[index]?.height ?? 0) : (layout.sizes[index]?.width ?? 0);
    return rtl ? along - start - length : start + offset;
  };

  const pageUnderView = (element: HTMLElement) => {
    const position = vertical ? element.scrollTop - offset : rtl ? along - element.scrollLeft - element.clientWidth : element.scrollLeft - offset;
    return pageAtPosition(layout.starts, position, vertical ? element.clientHeight : element.clientWidth);
  };

  // While a smooth scroll runs to a page, the pages it passes are not reported as read.
  const scrollingTo = useRef<number | null>(null);

  const scrollToPage = (index: number, smooth: boolean) => {
    const element = scroller.current;
    if (!element) return;
    const target = vertical
      ? { top: leadingEdge(index) - inset }
      : { left: leadingEdge(index) + (layout.sizes[index]?.width ?? 0) / 2 - view.width / 2 };
    // A scroll that cannot move (the view is there already, or at the end) never ends with a scrollend.
    const [now, limit, wanted] = vertical
      ? [element.scrollTop, element.scrollHeight - element.clientHeight, target.top ?? 0]
      : [element.scrollLeft, element.scrollWidth - element.clientWidth, target.left ?? 0];
    const moves = Math.abs(Math.min(limit, Math.max(0, wanted)) - now) >= 1;
    const animate = smooth && moves && !prefersReducedMotion();
    scrollingTo.current = animate ? index : null;
    // The page turned to is the one being read from now, before the view gets there.
    if (index !== current) onPageChange(index);
    element.scrollTo({ ...target, behavior: animate ? 'smooth' : 'instant' });
  };

  useImperativeHandle(ref, () => ({ scrollToPage, panBy: (dy) => scroller.current?.scrollBy({ top: dy, behavior: 'instant' }) }));

  // Keeps the page being read in view through every layout change, and opens at the resume page.
  const layoutKey = `${axis}:${view.width}x${view.height}:${zoom}:${reverse}`;
  const keepInView = useEffectEvent(() => scrollToPage(current, false));
  useLayoutEffect(() => keepInView(), [layoutKey]);

  const report = (element: HTMLElement) => {
    const index = pageUnderView(element);
    if (index !== current) onPageChange(index);
  };
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (scrollingTo.current === null) report(event.currentTarget);
  };
  const onScrollEnd = useEffectEvent(() => {
    scrollingTo.current = null;
    if (scroller.current) report(scroller.current);
  });
  useEffect(() => {
    const element = scroller.current;
    const listener = () => onScrollEnd();
    element?.addEventListener('scrollend', listener);
    return () => element?.removeEventListener('scrollend', listener);
  }, []);

  // Native listener: a passive React listener could not stop the browser's own handling.
  const onWheel = useEffectEvent((event: WheelEvent) => {
    const element = scroller.current;
    if (!element) return;
    if (event.ctrlKey) {
      event.preventDefault();
      onZoom(wheelZoom(zoom, event.deltaY));
      return;
    }
    // Strip mode: a plain mouse wheel moves along the strip when there is nothing to scroll down.
    if (!vertical && Math.abs(event.deltaY) > Math.abs(event.deltaX) && element.scrollHeight <= element.clientHeight) {
      event.preventDefault();
      element.scrollBy({ left: rtl ? -event.deltaY : event.deltaY, behavior: 'instant' });
    }
  });
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const listener = (event: WheelEvent) => onWheel(event);
    element.addEventListener('wheel', listener, { passive: false });
    return () => element.removeEventListener('wheel', listener);
  }, []);

  return (
    <div
      ref={scroller}
      className={[styles.scroller, vertical ? styles.vertical : styles.horizontal].join(' ')}
      onScroll={onScroll}
      onClick={(event) => {
        if ((event.target as Element).closest('a, button')) return;
        onTap(event.clientX, event.clientY);
      }}
    >
      <div className={styles.track} style={vertical ? { width: across, height: along } : { width: along, height: across }}>
        {pages.map((page, index) => {
          const size = layout.sizes[index]!;
          const edge = leadingEdge(index);
          const position = vertical ? { top: edge, left: (across - size.width) / 2 } : { left: edge, top: (across - size.height) / 2 };
          return (
            <PageImage
              key={page.pageNumber}
              className={styles.page}
              style={position}
              page={page}
              size={size}
              load={loaded.has(index)}
              urgent={index === current}
              onExpired={onExpired}
              onSettled={index === current ? onCurrentSettled : undefined}
            />
          );
        })}
        <div
          className={styles.end}
          style={vertical ? { top: offset + layout.length + GAP_PX, left: 0, width: across, height: endDepth } : { left: rtl ? 0 : layout.length + GAP_PX, top: 0, width: endDepth, height: across }}
        >
          {end}
        </div>
      </div>
    </div>
  );
}
