import type { ReactNode } from 'react';
import { Button, ButtonLink } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { AlertIcon, BookIcon, RefreshIcon } from '@inkwell/ui-kit/icons';
import { POSTER_RATIO } from '@/components/ui/poster-ratio';
import { Shelf, ShelfSkeleton } from '@/components/ui/shelf';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { curatedBelowHero, HomeCurated, heroGroupOf, WheelBanner, WheelThumbnails } from './home-wheel';
import { useHome } from '../api/get-home';
import { HomeSpotlight } from './home-spotlight';
import { ItemCard } from './item-card';
import styles from './home-showcase.module.css';

/**
 * The top of the home page: the spotlight wheel from `GET /home/V2`, or `fallback` (a general
 * welcome) when nothing is in the spotlight or the home page could not be loaded — the carousels
 * below say what went wrong, once.
 */
export function HomeSpotlightSection({ fallback }: { fallback: ReactNode }) {
  const home = useHome();

  if (home.isPending) {
    return (
      <div className={`${styles.spotlightSkeleton} on-dark`} role="status">
        <span className="visually-hidden">Loading the spotlight…</span>
        <div className={styles.spotlightSkeletonInner}>
          <Skeleton className={styles.darkLineShort} />
          <Skeleton className={styles.darkTitle} />
          <Skeleton className={styles.darkLine} />
          <Skeleton className={styles.darkButton} />
        </div>
      </div>
    );
  }

  if (home.isError) return fallback;

  // The wheel staff curate leads the page: its first group of the top type.
  const hero = heroGroupOf(home.data);
  if (hero) {
    return (
      <>
        <h1 className="visually-hidden">Inkwell: comics and manga in print and digital</h1>
        {hero.type === 'Banner' ? <WheelBanner group={hero} /> : <WheelThumbnails group={hero} hero />}
      </>
    );
  }

  if (home.data.spotlight.length === 0) return fallback;

  return (
    <>
      <h1 className="visually-hidden">Inkwell: comics and manga in print and digital</h1>
      <HomeSpotlight entries={home.data.spotlight} />
    </>
  );
}

const SKELETON_SHELVES = 2;

/** The home page's carousels, each a shelf of cards with "See all". */
export function HomeCarousels() {
  const home = useHome();

  if (home.isPending) {
    return (
      <div className={styles.shelves} role="status">
        <span className="visually-hidden">Loading featured comics…</span>
        {Array.from({ length: SKELETON_SHELVES }, (_, index) => (
          <ShelfSkeleton key={index} ratio={POSTER_RATIO.product} />
        ))}
      </div>
    );
  }

  if (home.isError) {
    return (
      <EmptyState
        tone="error"
        icon={<AlertIcon />}
        title="We couldn't load the featured comics"
        actions={
          <>
            <Button onClick={() => home.refetch()} disabled={home.isFetching}>
              <RefreshIcon size={18} />
              {home.isFetching ? 'Trying again…' : 'Try again'}
            </Button>
            <ButtonLink to={paths.browse} variant="secondary">
              Browse the catalogue
            </ButtonLink>
          </>
        }
      >
        <p>{home.error.message}</p>
      </EmptyState>
    );
  }

  const carousels = home.data.carousels.filter((carousel) => carousel.items.length > 0);
  // What staff curated besides the hero (the other wheel groups, the HTML components) leads the shelves,
  // in the same container the loading shelves held, so nothing already on screen moves when it arrives.
  const curated = <HomeCurated home={home.data} />;
  const { groups, components } = curatedBelowHero(home.data);
  if (carousels.length === 0 && groups.length === 0 && components.length === 0) {
    return (
      <EmptyState icon={<BookIcon />} title="Nothing is featured right now" actions={<ButtonLink to={paths.browse}>Browse the catalogue</ButtonLink>}>
        <p>When our editors feature series and new volumes, they appear here. Until then, the whole catalogue is in Browse.</p>
      </EmptyState>
    );
  }

  return (
    <div className={styles.shelves}>
      {curated}
      {carousels.map((carousel) => (
        <Shelf key={carousel.id} title={carousel.title} seeAllTo={carousel.link} seeAllText={carousel.linkText}>
          {carousel.items.map((item) => (
            <ItemCard key={`${item.kind}-${item.id}`} item={item} />
          ))}
        </Shelf>
      ))}
    </div>
  );
}
