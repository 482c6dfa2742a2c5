import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CoverImage } from '@/components/ui/cover-image';
import { POSTER_RATIO } from '@/components/ui/poster-ratio';
import { POSTER_SIZES } from '@/components/ui/poster-card';
import { paths } from '@/config/paths';
import { readingStateOf, type ReadingState } from '../library-rules';
import type { LibraryItem } from '../types';
import styles from './book-card.module.css';

/** The shelf sends one cover URL without its size; the product poster's shape (125%) stands in for it. */
export const SHELF_THUMBNAIL = { width: 500, height: 625 };

function stateText(state: ReadingState, pageCount: number): string {
  if (state.kind === 'finished') return 'Finished';
  if (state.kind === 'unread') return pageCount > 0 ? `${pageCount} pages · Not started` : 'Not started';
  return `Page ${state.page} of ${pageCount}`;
}

function actionText(state: ReadingState): string {
  if (state.kind === 'reading') return 'Continue';
  return state.kind === 'finished' ? 'Read again' : 'Read';
}

interface BookCardProps {
  item: LibraryItem;
  /** Takes the book off the shelf; absent where removing makes no sense (the continue-reading row). */
  onRemove?: ((item: LibraryItem) => void) | undefined;
  removing?: boolean;
}

/** A book on the shelf: its cover opens the reader where the reader left off, with how far they got. */
export function BookCard({ item, onRemove, removing = false }: BookCardProps) {
  const [confirming, setConfirming] = useState(false);
  const state = readingStateOf(item);
  const percent = state.kind === 'finished' ? 100 : state.kind === 'reading' ? state.percent : 0;
  const images = item.thumbnailUrl ? [{ url: item.thumbnailUrl, ...SHELF_THUMBNAIL }] : [];

  return (
    <article className={styles.book} aria-busy={removing || undefined}>
      {/* The Owned badge comes after the title, where the link's name says it: the words a reader
          sees in the link read in the same order in its name (a voice user says what they see). */}
      <Link to={paths.reader(Number(item.productId))} className={styles.link} aria-label={`${actionText(state)}: ${item.name}${item.isOwned ? ', owned' : ''}`}>
        <span className={styles.cover}>
          <CoverImage images={images} alt="" ratio={POSTER_RATIO.product} sizes={POSTER_SIZES} />
          <span className={styles.action} aria-hidden="true">
            {actionText(state)}
          </span>
        </span>
        <h3 className={styles.title}>{item.name}</h3>
        {item.isOwned && <span className={styles.owned}> Owned</span>}
      </Link>
      <div className={styles.progress}>
        <span className={styles.bar} role="progressbar" aria-label={`${item.name}: read so far`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <span className={[styles.fill, state.kind === 'finished' && styles.done].filter(Boolean).join(' ')} style={{ width: `${percent}%` }} />
        </span>
        <span className={styles.state}>{stateText(state, item.pageCount)}</span>
      </div>
      {onRemove &&
        (confirming ? (
          <div className={styles.confirm} role="group" aria-label={`Remove ${item.name}?`}>
            <span>Remove from My Comics?</span>
            <button type="button" className={styles.confirmYes} onClick={() => onRemove(item)} disabled={removing}>
              {removing ? 'Removing…' : 'Remove'}
            </button>
            <button type="button" className={styles.textButton} onClick={() => setConfirming(false)} disabled={removing}>
              Keep
            </button>
          </div>
        ) : (
          <button type="button" className={styles.textButton} onClick={() => setConfirming(true)}>
            Remove<span className="visually-hidden"> {item.name}</span>
          </button>
        ))}
    </article>
  );
}
