import { Children, useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArrowRightIcon, ChevronLeftIcon, ChevronRightIcon } from '@inkwell/ui-kit/icons';
import { PosterCardSkeleton } from './poster-card';
import { Skeleton } from './skeleton';
import styles from './shelf.module.css';

interface ShelfProps {
  title: string;
  /** Where "See all" leads; no link when there is nowhere to go. */
  seeAllTo?: string | null | undefined;
  /** The link's words when staff gave their own (a curated list's call to action); "See all" otherwise. */
  seeAllText?: string | null | undefined;
  children: ReactNode;
  headingLevel?: 'h2' | 'h3';
}

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * A titled row of cards that scrolls sideways: swipe and scroll-snap on touch screens, arrow
 * buttons on wider screens (disabled at either end), and "See all" to the full list.
 */
export function Shelf({ title, seeAllTo, seeAllText, children, headingLevel: Heading = 'h2' }: ShelfProps) {
  const track = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });
  const headingId = useId();

  const measure = useCallback(() => {
    const element = track.current;
    if (!element) return;
    // One pixel of slack: fractional widths never scroll exactly to the end.
    setEdges({ start: element.scrollLeft <= 1, end: element.scrollLeft + element.clientWidth >= element.scrollWidth - 1 });
  }, []);

  useEffect(() => {
    const element = track.current;
    if (!element) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure]);

  const scrollByPage = (direction: 1 | -1) => {
    const element = track.current;
    if (!element) return;
    element.scrollBy({ left: direction * element.clientWidth * 0.9, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  };

  return (
    <section className={styles.shelf} aria-labelledby={headingId}>
      <div className={styles.header}>
        <Heading id={headingId} className={styles.title}>
          {title}
        </Heading>
        <div className={styles.tools}>
          {seeAllTo && (
            <Link to={seeAllTo} className={styles.seeAll}>
              {seeAllText || 'See all'}
              <span className="visually-hidden"> {title}</span>
              <ArrowRightIcon size={18} />
            </Link>
          )}
          <div className={styles.arrows}>
            <button type="button" className={styles.arrow} aria-label={`Scroll ${title} back`} disabled={edges.start} onClick={() => scrollByPage(-1)}>
              <ChevronLeftIcon size={20} />
            </button>
            <button type="button" className={styles.arrow} aria-label={`Scroll ${title} forward`} disabled={edges.end} onClick={() => scrollByPage(1)}>
              <ChevronRightIcon size={20} />
            </button>
          </div>
        </div>
      </div>
      <ul ref={track} className={styles.track} onScroll={measure}>
        {Children.map(children, (child) => (
          <li className={styles.item}>{child}</li>
        ))}
      </ul>
    </section>
  );
}

/** A shelf's shape while it loads. */
export function ShelfSkeleton({ ratio, count = 6 }: { ratio: number; count?: number }) {
  return (
    <div className={styles.shelf} aria-hidden="true">
      <div className={styles.header}>
        <Skeleton className={styles.titleSkeleton} />
      </div>
      <div className={styles.track}>
        {Array.from({ length: count }, (_, index) => (
          <div key={index} className={styles.item}>
            <PosterCardSkeleton ratio={ratio} />
          </div>
        ))}
      </div>
    </div>
  );
}
