import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { SeriesCardView } from '@inkwell/contracts/catalog';
import { Button, ButtonLink } from '@inkwell/ui-kit/button';
import { ArrowRightIcon, CloseIcon } from '@inkwell/ui-kit/icons';
import { PosterCard } from '@/components/ui/poster-card';
import { POSTER_RATIO } from '@/components/ui/poster-ratio';
import { paths } from '@/config/paths';
import { END_CARD_SUGGESTIONS } from '../reader-constants';
import styles from './end-card.module.css';

interface EndCardProps {
  title: string;
  seriesTitle: string | null;
  seriesHref: string | null;
  /** What the next chapter or volume is called, when there is one. */
  nextLabel: string | null;
  onNext: () => void;
  onBack: () => void;
  onClose: () => void;
  suggestions: readonly SeriesCardView[];
  loggedIn: boolean;
}

/**
 * Shown past the last page (storefront spec §4): the way on to the next chapter, and a 'You might
 * also like' row only when it has its 3 comics. Going back a page hides it again.
 */
export function EndCard({ title, seriesTitle, seriesHref, nextLabel, onNext, onBack, onClose, suggestions, loggedIn }: EndCardProps) {
  const actions = useRef<HTMLDivElement>(null);
  // Keyboard and screen-reader users land on the way forward.
  useEffect(() => actions.current?.querySelector<HTMLElement>('a, button')?.focus(), []);

  return (
    <div className={styles.backdrop}>
      <section className={styles.card} role="dialog" aria-labelledby="end-card-title" aria-describedby="end-card-status">
        <button type="button" className={styles.close} onClick={onClose} aria-label="Close reader">
          <CloseIcon />
        </button>
        <p className={styles.eyebrow} id="end-card-status">
          You’ve reached the end
        </p>
        <h2 className={styles.title} id="end-card-title">
          {title}
        </h2>
        {!nextLabel && seriesTitle && <p className={styles.lead}>That’s the latest from {seriesTitle} for now.</p>}
        <div className={styles.actions} ref={actions}>
          {nextLabel ? (
            <Button variant="accent" size="lg" onClick={onNext}>
              Continue to {nextLabel}
              <ArrowRightIcon size={20} />
            </Button>
          ) : (
            seriesHref && (
              <ButtonLink to={seriesHref} variant="accent" size="lg">
                More from {seriesTitle ?? 'this series'}
              </ButtonLink>
            )
          )}
          <Button variant="secondary" onClick={onBack}>
            Back to the last page
          </Button>
        </div>
        {suggestions.length === END_CARD_SUGGESTIONS && (
          <section className={styles.suggestions} aria-labelledby="end-card-suggestions">
            <h3 className={styles.suggestionsTitle} id="end-card-suggestions">
              You might also like
            </h3>
            <ul className={styles.suggestionList}>
              {suggestions.map((series) => (
                <li key={series.id}>
                  <PosterCard to={paths.series(series)} title={series.title} images={series.thumbnails} ratio={POSTER_RATIO.series} color={series.color ?? undefined} headingLevel="h3" />
                </li>
              ))}
            </ul>
          </section>
        )}
        {!loggedIn && (
          <p className={styles.promo}>
            Keep your place on every device: <Link to={paths.accountBenefits}>create a free Reader account</Link>.
          </p>
        )}
      </section>
    </div>
  );
}
