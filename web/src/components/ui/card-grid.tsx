import { Children, type ReactNode } from 'react';
import { PosterCardSkeleton } from './poster-card';
import styles from './card-grid.module.css';

/** Posters in a responsive grid: two columns on a phone up to six on a wide screen. */
export function CardGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {Children.map(children, (child) => (
        <li className={styles.cell}>{child}</li>
      ))}
    </ul>
  );
}

/** The grid's shape while its cards load. */
export function CardGridSkeleton({ count, ratio, label = 'Loading comics…' }: { count: number; ratio: number; label?: string }) {
  return (
    <div role="status">
      <span className="visually-hidden">{label}</span>
      <div className={styles.grid}>
        {Array.from({ length: count }, (_, index) => (
          <PosterCardSkeleton key={index} ratio={ratio} />
        ))}
      </div>
    </div>
  );
}
