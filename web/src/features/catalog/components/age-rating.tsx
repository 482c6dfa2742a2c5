import { ageRatingOf } from '../catalog-details';
import styles from './age-rating.module.css';

/** The age rating as a boxed letter and its meaning: [T] Teen 15+. */
export function AgeRating({ rating, tone = 'light' }: { rating: string; tone?: 'light' | 'dark' }) {
  const known = ageRatingOf(rating);
  if (!known) return null;
  return (
    <span className={[styles.rating, styles[tone]].join(' ')} title={`Rated ${known.label}: ${known.description}`}>
      <span className="visually-hidden">Rated </span>
      <span className={styles.letter}>{known.label}</span>
      <span className={styles.text}>{known.short}</span>
    </span>
  );
}
