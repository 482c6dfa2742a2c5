import { completionStatusLabel } from '@inkwell/contracts/labels';
import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '@inkwell/ui-kit/button';
import { BookIcon, ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '@inkwell/ui-kit/icons';
import { CoverImage } from '@/components/ui/cover-image';
import { POSTER_RATIO } from '@/components/ui/poster-ratio';
import { paths } from '@/config/paths';
import { genreLabel, seriesColor, seriesSubtitle } from '../catalog-details';
import type { HomeView } from '../types';
import { AgeRating } from './age-rating';
import { useSlider } from './use-slider';
import styles from './home-spotlight.module.css';

type SpotlightEntry = HomeView['spotlight'][number];

/** Banner art is a third as tall as wide (storefront spec §9: hero image ratio 33). */
const HERO_RATIO = 33;
const FALLBACK_COLOR = '#6e56f5';

function Slide({ entry, index, count, active }: { entry: SpotlightEntry; index: number; count: number; active: boolean }) {
  const color = seriesColor(entry.color) ?? FALLBACK_COLOR;
  const art = entry.heroThumbnails.length > 0 ? entry.heroThumbnails : entry.thumbnails;
  return (
    <div
      className={styles.slide}
      role="group"
      aria-roledescription="slide"
      aria-label={`${index + 1} of ${count}: ${entry.title}`}
      inert={!active}
      style={{ '--slide-color': color } as CSSProperties}
    >
      <CoverImage images={art} alt="" ratio={HERO_RATIO} fill eager={index === 0} sizes="100vw" className={styles.art} color={color} />
      <div className={styles.shade} />
      <div className={styles.inner}>
        <div className={styles.copy}>
          <p className={styles.kicker}>
            <span className={styles.kickerLabel}>Spotlight</span>
            {entry.genres.slice(0, 2).map((genre) => (
              <span key={genre.id}>{genreLabel(genre.name)}</span>
            ))}
          </p>
          <h2 className={styles.title}>
            <Link to={paths.series(entry)} className={styles.titleLink} tabIndex={-1}>
              {entry.title}
            </Link>
          </h2>
          {entry.tagline && <p className={styles.tagline}>{entry.tagline}</p>}
          <p className={styles.meta}>
            <AgeRating rating={entry.ageRating} tone="dark" />
            <span>{[seriesSubtitle(entry), entry.completionStatus ? completionStatusLabel(entry.completionStatus) : null].filter(Boolean).join(' · ')}</span>
          </p>
          <div className={styles.actions}>
            <ButtonLink to={paths.readerVolume(entry, 1)} variant="accent" size="lg">
              <BookIcon size={20} />
              Read
              <span className="visually-hidden"> {entry.title}</span>
            </ButtonLink>
            <ButtonLink to={paths.series(entry)} variant="secondary" size="lg" className={styles.secondary}>
              View series
              <span className="visually-hidden">: {entry.title}</span>
            </ButtonLink>
          </div>
        </div>
        <Link to={paths.series(entry)} className={styles.poster} tabIndex={-1} aria-hidden="true">
          <CoverImage images={entry.thumbnails} alt="" ratio={POSTER_RATIO.series} eager={index === 0} sizes="(min-width: 992px) 260px, 45vw" color={color} />
        </Link>
      </div>
    </div>
  );
}

/**
 * The home page's spotlight wheel: one series at a time, with art, tagline and Read / View series.
 * Moves with the arrow buttons, the dots, the arrow keys while focus is inside it, and swipes; it
 * turns by itself until the visitor points at it, focuses it or presses a control (and never when
 * they prefer reduced motion), and a pause button stops it for good.
 */
export function HomeSpotlight({ entries }: { entries: HomeView['spotlight'] }) {
  const count = entries.length;
  const { index, playing, setPlaying, trackId, steer, sectionProps, viewportProps, trackProps } = useSlider(count);

  const current = entries[index];
  if (!current) return null;

  return (
    <section
      className={`${styles.spotlight} on-dark`}
      aria-roledescription="carousel"
      aria-label="Spotlight series"
      {...sectionProps}
    >
      <div
        className={styles.viewport}
        {...viewportProps}
      >
        <div
          {...trackProps}
          className={styles.track}
        >
          {entries.map((entry, slideIndex) => (
            <Slide key={entry.id} entry={entry} index={slideIndex} count={count} active={slideIndex === index} />
          ))}
        </div>
      </div>

      {count > 1 && (
        <div className={styles.controls}>
          <div className={styles.controlsInner}>
            <button type="button" className={styles.control} aria-controls={trackId} aria-label="Previous series" onClick={() => steer(index - 1)}>
              <ChevronLeftIcon size={20} />
            </button>
            <div className={styles.dots}>
              {entries.map((entry, dotIndex) => (
                <button
                  key={entry.id}
                  type="button"
                  className={styles.dot}
                  aria-controls={trackId}
                  aria-label={`Show ${entry.title}`}
                  aria-current={dotIndex === index ? 'true' : undefined}
                  onClick={() => steer(dotIndex)}
                />
              ))}
            </div>
            <button type="button" className={styles.control} aria-controls={trackId} aria-label="Next series" onClick={() => steer(index + 1)}>
              <ChevronRightIcon size={20} />
            </button>
            <button
              type="button"
              className={styles.control}
              aria-label={playing ? 'Stop turning the spotlight' : 'Turn the spotlight automatically'}
              onClick={() => setPlaying((value) => !value)}
            >
              {playing ? <PauseIcon size={18} /> : <PlayIcon size={18} />}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
