import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge, type BadgeTone } from './badge';
import { CoverImage, type ImageRendition } from './cover-image';
import { Skeleton } from './skeleton';
import styles from './poster-card.module.css';

/** How wide a poster is drawn in grids and shelves, for choosing an image size. */
export const POSTER_SIZES = '(min-width: 1200px) 200px, (min-width: 768px) 22vw, 45vw';

export interface PosterBadge {
  label: string;
  tone: BadgeTone;
}

interface PosterCardProps {
  to: string;
  title: string;
  subtitle?: string | null | undefined;
  /** The price line, or any other last line (series status). */
  footer?: ReactNode;
  badges?: readonly PosterBadge[];
  images: readonly ImageRendition[];
  ratio: number;
  /** Background behind the cover while it loads (the series colour). */
  color?: string | undefined;
  headingLevel?: 'h2' | 'h3';
}

/** A comic in a grid or shelf: cover of reserved shape, title, one line of detail and a price. */
export function PosterCard({ to, title, subtitle, footer, badges = [], images, ratio, color, headingLevel: Heading = 'h3' }: PosterCardProps) {
  return (
    <Link to={to} className={styles.card}>
      <span className={styles.cover}>
        <CoverImage images={images} alt="" ratio={ratio} sizes={POSTER_SIZES} color={color} />
        {badges.length > 0 && (
          <span className={styles.badges}>
            {badges.map((badge) => (
              <Badge key={badge.label} tone={badge.tone}>
                {badge.label}
              </Badge>
            ))}
          </span>
        )}
      </span>
      <Heading className={styles.title}>{title}</Heading>
      {subtitle && <span className={styles.subtitle}>{subtitle}</span>}
      {footer && <span className={styles.footer}>{footer}</span>}
    </Link>
  );
}

/** A poster-shaped placeholder while cards load; same footprint as a card. */
export function PosterCardSkeleton({ ratio }: { ratio: number }) {
  return (
    <div className={styles.skeleton} aria-hidden="true">
      <Skeleton className={styles.skeletonCover} style={{ aspectRatio: `100 / ${ratio}` }} />
      <Skeleton className={styles.skeletonLine} />
      <Skeleton className={styles.skeletonLineShort} />
    </div>
  );
}
