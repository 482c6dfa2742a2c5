import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CoverImage } from '@/components/ui/cover-image';
import { useShowcaseArt } from '../api/get-showcase-art';
import styles from './campaigns.module.css';

interface ShowcaseCardProps {
  kind: 'series' | 'product';
  readableUrl: string;
  name: string;
  href: string;
  author?: string;
  genres?: readonly string[];
  color?: string;
  /** The card's calls to action, under its text. */
  children?: ReactNode;
}

/** A campaign's series or product: its cover from the catalog, name, author, genre labels and actions. */
export function ShowcaseCard({ kind, readableUrl, name, href, author, genres = [], color, children }: ShowcaseCardProps) {
  const art = useShowcaseArt(kind, readableUrl);
  return (
    <article className={styles.card}>
      <Link to={href} className={styles.cardCover} aria-label={name}>
        <CoverImage images={art.data?.thumbnails ?? []} alt="" ratio={kind === 'series' ? 140 : 125} sizes="(min-width: 1278px) 280px, (min-width: 768px) 30vw, 45vw" color={color ? `var(--color-${color})` : undefined} />
      </Link>
      <div className={styles.cardBody}>
        {genres.length > 0 && (
          <ul className={styles.genres} aria-label="Genres">
            {genres.map((genre) => (
              <li key={genre}>{genre}</li>
            ))}
          </ul>
        )}
        <h3 className={styles.cardTitle}>
          <Link to={href}>{name}</Link>
        </h3>
        {author && <p className={styles.cardAuthor}>{author}</p>}
        {children && <div className={styles.cardActions}>{children}</div>}
      </div>
    </article>
  );
}
