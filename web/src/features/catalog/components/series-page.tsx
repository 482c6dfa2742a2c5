import { completionStatusLabel } from '@inkwell/contracts/labels';
import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '@inkwell/ui-kit/button';
import { BookIcon } from '@inkwell/ui-kit/icons';
import { SITE_NAME } from '@/components/layout/page';
import { CoverImage } from '@/components/ui/cover-image';
import { PosterCardSkeleton } from '@/components/ui/poster-card';
import { POSTER_RATIO } from '@/components/ui/poster-ratio';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useSeries } from '../api/get-series';
import { genreLabel, seriesColor, seriesSubtitle } from '../catalog-details';
import { GeoRestriction } from '../geo-restriction';
import type { SeriesView } from '../types';
import { AgeRating } from './age-rating';
import { Credits } from './credits';
import { GeoNotice } from './geo-notice';
import { ItemDescription } from './item-description';
import { ItemProblem } from './item-problem';
import { MatureGate } from './mature-gate';
import type { CartAction } from './purchase-panel';
import { SeriesProducts } from './series-products';
import styles from './series-page.module.css';

const FALLBACK_COLOR = '#6e56f5';

function SeriesSkeleton() {
  return (
    <div role="status">
      <span className="visually-hidden">Loading series…</span>
      <div className={`${styles.hero} ${styles.heroSkeleton} on-dark`}>
        <div className={styles.heroInner}>
          <Skeleton className={styles.posterSkeleton} style={{ aspectRatio: `100 / ${POSTER_RATIO.series}` }} />
          <div className={styles.heroCopy}>
            <Skeleton className={styles.lineShort} />
            <Skeleton className={styles.titleSkeleton} />
            <Skeleton className={styles.line} />
            <Skeleton className={styles.line} />
          </div>
        </div>
      </div>
      <div className={styles.body} aria-hidden="true">
        <div className={styles.about}>
          <div>
            <Skeleton className={styles.sectionSkeleton} />
            <Skeleton className={styles.textSkeleton} />
            <Skeleton className={styles.textSkeleton} />
            <Skeleton className={styles.textSkeletonShort} />
          </div>
        </div>
        <div className={styles.gridSkeleton}>
          {Array.from({ length: 6 }, (_, index) => (
            <PosterCardSkeleton key={index} ratio={POSTER_RATIO.product} />
          ))}
        </div>
      </div>
    </div>
  );
}

function SeriesContent({ series, geoRestriction, cartAction }: { series: SeriesView; geoRestriction: GeoRestriction; cartAction?: CartAction | undefined }) {
  const color = seriesColor(series.color) ?? FALLBACK_COLOR;
  const facts = [
    { term: 'Status', value: series.completionStatus ? completionStatusLabel(series.completionStatus) : null },
    { term: 'Publisher', value: series.publisher?.name },
    { term: 'Original title', value: series.originalLanguageTitle },
    { term: 'Also known as', value: [series.romanizedTitle, ...series.altTitles].filter(Boolean).join(', ') || null },
    { term: 'Reading direction', value: series.rightToLeft ? 'Right to left, as in the original' : 'Left to right' },
  ].filter((fact): fact is { term: string; value: string } => Boolean(fact.value));

  return (
    <article>
      <title>{`${series.title} · ${SITE_NAME}`}</title>
      <header className={`${styles.hero} on-dark`} style={{ '--series-color': color } as CSSProperties}>
        {series.heroThumbnails.length > 0 && <CoverImage images={series.heroThumbnails} alt="" ratio={33} fill eager sizes="100vw" className={styles.heroArt} color={color} />}
        <div className={styles.heroShade} />
        <div className={styles.heroInner}>
          <div className={styles.poster}>
            <CoverImage images={series.thumbnails} alt={`Cover of ${series.title}`} ratio={POSTER_RATIO.series} eager sizes="(min-width: 768px) 260px, 40vw" color={color} />
          </div>
          <div className={styles.heroCopy}>
            <p className={styles.eyebrow}>
              <Link to={paths.browse}>Series</Link>
              <span aria-hidden="true"> · </span>
              {seriesSubtitle(series)}
            </p>
            <h1 className={styles.title}>{series.title}</h1>
            <Credits credits={series.defaultCreators} tone="dark" />
            <div className={styles.tags}>
              <AgeRating rating={series.ageRating} tone="dark" />
              {series.completionStatus && <span className={styles.status}>{completionStatusLabel(series.completionStatus)}</span>}
              {series.genres.length > 0 && (
                <ul className={styles.genres} aria-label="Genres">
                  {series.genres.map((genre) => (
                    <li key={genre.id}>
                      <Link to={paths.browseGenre(genre.id)} className={styles.genre}>
                        {genreLabel(genre.name)}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div className={styles.actions}>
              <ButtonLink to={paths.readerVolume(series, 1)} variant="accent" size="lg">
                <BookIcon size={20} />
                Start reading
              </ButtonLink>
            </div>
          </div>
        </div>
      </header>

      <div className={styles.body}>
        {geoRestriction !== GeoRestriction.NotRestricted && <GeoNotice restriction={geoRestriction} />}
        <div className={styles.about}>
          <section aria-labelledby="series-about">
            <h2 id="series-about" className={styles.sectionTitle}>
              About the series
            </h2>
            <ItemDescription text={series.description} />
          </section>
          {facts.length > 0 && (
            <dl className={styles.facts}>
              {facts.map((fact) => (
                <div key={fact.term} className={styles.fact}>
                  <dt>{fact.term}</dt>
                  <dd>{fact.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
        <SeriesProducts seriesId={series.id} title={`Read ${series.title}`} cartAction={geoRestriction === GeoRestriction.NotRestricted ? cartAction : undefined} />
      </div>
    </article>
  );
}

/** A series page (`GET /series/V2/{id or readableUrl}`): hero, about, then its volumes and chapters. */
export function SeriesPage({ idOrUrl, cartAction }: { idOrUrl: string; cartAction?: CartAction | undefined }) {
  const series = useSeries(idOrUrl);
  if (series.isPending) return <SeriesSkeleton />;
  if (series.isError) return <ItemProblem error={series.error} noun="series" retry={() => series.refetch()} retrying={series.isFetching} />;
  const { item, geoRestriction } = series.data;
  return (
    <MatureGate ageRating={item.ageRating} subject="This series">
      <SeriesContent series={item} geoRestriction={geoRestriction} cartAction={cartAction} />
    </MatureGate>
  );
}
