import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, ButtonLink } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { AlertIcon, CompassIcon, RefreshIcon } from '@inkwell/ui-kit/icons';
import { Page } from '@/components/layout/page';
import { CardGrid, CardGridSkeleton } from '@/components/ui/card-grid';
import { POSTER_RATIO } from '@/components/ui/poster-ratio';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/format';
import { DISCOVER_PAGE_SIZE, useDiscover, type DiscoverSort } from '../api/get-discover';
import { useGenres } from '../api/get-genres';
import { genreLabel } from '../catalog-details';
import {
  activeFilterCount,
  BROWSE_VIEWS,
  browseFilters,
  browseSortOf,
  browseViewOf,
  listsVolumes,
  SORT_OPTIONS,
  SORT_PARAM,
  volumeFiltersOf,
  withFilter,
  withoutFilters,
  type BrowseView,
} from '../browse-params';
import { BrowseFilters } from './browse-filters';
import type { GenreView } from '../types';
import { ItemCard } from './item-card';
import styles from './browse-catalog.module.css';

const VIEW_TITLES: Record<BrowseView, string> = { all: 'Browse', new: 'New Releases', sale: 'On Sale' };
const VIEW_INTROS: Record<BrowseView, string> = {
  all: 'Every series and volume in the store, in print and digital.',
  new: 'The latest volumes, newest first.',
  sale: 'Volumes at a lower price for a limited time.',
};

function titleFor(view: BrowseView, genre: GenreView | null): string {
  if (!genre) return VIEW_TITLES[view];
  if (view === 'new') return `New in ${genreLabel(genre.name)}`;
  if (view === 'sale') return `${genreLabel(genre.name)} on sale`;
  return genreLabel(genre.name);
}

function findGenre(genres: readonly GenreView[] | undefined, param: string | undefined): GenreView | null {
  if (!param || !genres) return null;
  return genres.find((genre) => String(genre.id) === param || genre.readableUrl === param) ?? null;
}

function GenreChips({ genres, current, search }: { genres: readonly GenreView[]; current: GenreView | null; search: string }) {
  const chip = (to: string, label: string, active: boolean, key: string) => (
    <li key={key}>
      <Link to={to} className={styles.chip} aria-current={active ? 'page' : undefined}>
        {label}
      </Link>
    </li>
  );
  return (
    <nav aria-label="Genres" className={styles.chipsNav}>
      <ul className={styles.chips}>
        {chip(`${paths.browse}${search}`, 'All genres', current === null, 'all')}
        {genres.map((genre) => chip(`${paths.browseGenre(genre.id)}${search}`, genreLabel(genre.name), current?.id === genre.id, String(genre.id)))}
      </ul>
    </nav>
  );
}

/**
 * The browse page: views (all, New Releases, On Sale), genre chips from `GET /genre`, a sort, and
 * the matching items from `GET /discover/v2` in pages of 24 with "Load more".
 */
export function BrowseCatalog({ genreParam }: { genreParam: string | undefined }) {
  const [params, setParams] = useSearchParams();
  const sortId = useId();
  const genres = useGenres();
  const view = browseViewOf(params);
  const genre = findGenre(genres.data, genreParam);
  // A numeric genre in the address can be asked for before the genre list arrives.
  const genreId = genre?.id ?? (genreParam && /^\d+$/.test(genreParam) ? Number(genreParam) : null);
  const unknownGenre = genreParam !== undefined && genres.isSuccess && genre === null;
  const waitingForGenre = genreParam !== undefined && genreId === null && !unknownGenre;
  const discover = useDiscover(browseFilters(params, genreId));
  const viewSearch = BROWSE_VIEWS.find((entry) => entry.id === view)?.search ?? '';

  const items = discover.data?.pages.flatMap((page) => page.items) ?? [];
  const fullCount = discover.data?.pages.at(-1)?.fullCount ?? 0;
  const volumeFilters = volumeFiltersOf(params);
  const filtered = activeFilterCount(volumeFilters) > 0 || volumeFilters.term !== '';
  const volumes = listsVolumes(params);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const title = volumeFilters.term ? `${volumes ? 'Volumes' : 'Series'} matching “${volumeFilters.term}”` : titleFor(view, genre);

  const changeSort = (value: DiscoverSort) => {
    const next = new URLSearchParams(params);
    next.set(SORT_PARAM, String(value));
    setParams(next, { replace: true, preventScrollReset: true });
  };
  // A filter change is a new address (back undoes it); the page keeps its scroll position.
  const changeFilters = (next: URLSearchParams) => setParams(next, { preventScrollReset: true });
  const showAs = (asVolumes: boolean) => {
    const next = new URLSearchParams(params);
    if (asVolumes) next.set('is', 'false');
    else next.delete('is');
    return `?${next.toString()}`;
  };

  let results;
  if (unknownGenre) {
    results = (
      <EmptyState icon={<CompassIcon />} title="We don't have that genre" actions={<ButtonLink to={`${paths.browse}${viewSearch}`}>See all genres</ButtonLink>}>
        <p>The link may be out of date. Pick one of the genres above, or browse everything.</p>
      </EmptyState>
    );
  } else if (discover.isPending || waitingForGenre) {
    results = (
      <>
        <Skeleton className={styles.countSkeleton} />
        <CardGridSkeleton count={12} ratio={POSTER_RATIO.product} />
      </>
    );
  } else if (discover.isError && items.length === 0) {
    results = (
      <EmptyState
        tone="error"
        icon={<AlertIcon />}
        title="We couldn't load these comics"
        actions={
          <Button onClick={() => discover.refetch()} disabled={discover.isFetching}>
            <RefreshIcon size={18} />
            {discover.isFetching ? 'Trying again…' : 'Try again'}
          </Button>
        }
      >
        <p>{discover.error.message}</p>
      </EmptyState>
    );
  } else if (items.length === 0 && filtered) {
    results = (
      <EmptyState
        icon={<CompassIcon />}
        title={volumeFilters.term ? `Nothing matches “${volumeFilters.term}” with these filters` : 'Nothing matches these filters'}
        actions={
          <>
            {activeFilterCount(volumeFilters) > 0 && <Button onClick={() => changeFilters(withFilter(withoutFilters(params), 'term', volumeFilters.term || null))}>Clear filters</Button>}
            {volumeFilters.term && (
              <ButtonLink to={paths.searchResults(volumeFilters.term)} variant="secondary">
                Search for “{volumeFilters.term}”
              </ButtonLink>
            )}
          </>
        }
      >
        <p>Try fewer filters{volumeFilters.term ? ', or search, which forgives typing mistakes' : ''}.</p>
      </EmptyState>
    );
  } else if (items.length === 0) {
    results = (
      <EmptyState
        icon={<CompassIcon />}
        title={view === 'sale' ? 'Nothing is on sale here right now' : genre ? `No ${genreLabel(genre.name)} comics here yet` : 'No comics to show yet'}
        actions={
          <>
            {genre && <ButtonLink to={`${paths.browse}${viewSearch}`}>Try all genres</ButtonLink>}
            {view !== 'all' && (
              <ButtonLink to={genre ? paths.browseGenre(genre.id) : paths.browse} variant={genre ? 'secondary' : 'primary'}>
                See all comics{genre ? ` in ${genreLabel(genre.name)}` : ''}
              </ButtonLink>
            )}
            {!genre && view === 'all' && <ButtonLink to={paths.calendar}>See the Release Calendar</ButtonLink>}
          </>
        }
      >
        <p>{view === 'sale' ? 'Sales come round often. Meanwhile, every volume is in the full catalogue.' : 'New series and volumes are added every week.'}</p>
      </EmptyState>
    );
  } else {
    results = (
      <>
        <p className={styles.count} aria-live="polite">
          Showing {formatCount(items.length)} of {formatCount(fullCount)}
        </p>
        <CardGrid label={title}>
          {items.map((item) => (
            <ItemCard key={`${item.kind}-${item.id}`} item={item} />
          ))}
        </CardGrid>
        <div className={styles.more}>
          {discover.hasNextPage ? (
            <>
              <Button
                variant="secondary"
                size="lg"
                aria-disabled={discover.isFetchingNextPage}
                onClick={() => {
                  if (!discover.isFetchingNextPage) void discover.fetchNextPage();
                }}
              >
                {discover.isFetchingNextPage ? 'Loading…' : `Load ${Math.min(DISCOVER_PAGE_SIZE, fullCount - items.length)} more`}
              </Button>
              {discover.isFetchNextPageError && (
                <p className={styles.moreError} role="alert">
                  We couldn't load more comics. Try the button again.
                </p>
              )}
            </>
          ) : (
            fullCount > DISCOVER_PAGE_SIZE && <p className={styles.end}>You've reached the end of the list.</p>
          )}
        </div>
      </>
    );
  }

  return (
    <Page title={title} documentTitle={title} eyebrow={genre ? 'Genre' : 'Catalogue'} intro={<p>{VIEW_INTROS[view]}</p>}>
      <nav aria-label="Browse views" className={styles.views}>
        {BROWSE_VIEWS.map((entry) => (
          <Link
            key={entry.id}
            to={`${genreParam ? paths.browseGenre(genreParam) : paths.browse}${entry.search}`}
            className={styles.view}
            aria-current={entry.id === view ? 'page' : undefined}
          >
            {entry.label}
          </Link>
        ))}
      </nav>

      <div className={styles.filterBar}>
        {view === 'all' && (
          <nav aria-label="Show" className={styles.showAs}>
            <span className={styles.showAsLabel} aria-hidden="true">
              Show
            </span>
            <Link to={showAs(false)} className={styles.view} aria-current={!volumes ? 'page' : undefined} preventScrollReset>
              Series
            </Link>
            <Link to={showAs(true)} className={styles.view} aria-current={volumes ? 'page' : undefined} preventScrollReset>
              Volumes
            </Link>
          </nav>
        )}
        {volumeFilters.term && (
          <p className={styles.term}>
            Titles with “{volumeFilters.term}”{' '}
            <button type="button" className={styles.linkButton} onClick={() => changeFilters(withFilter(params, 'term', null))}>
              Show all
            </button>
          </p>
        )}
        <BrowseFilters params={params} onChange={changeFilters} open={filtersOpen} onOpenChange={setFiltersOpen} resultCount={discover.isSuccess ? fullCount : null} />
      </div>

      <div className={styles.toolbar}>
        {genres.isSuccess ? (
          <GenreChips genres={genres.data} current={genre} search={viewSearch} />
        ) : genres.isPending ? (
          <div className={styles.chipsSkeleton} aria-hidden="true">
            {Array.from({ length: 7 }, (_, index) => (
              <Skeleton key={index} className={styles.chipSkeleton} />
            ))}
          </div>
        ) : (
          <p className={styles.genresError}>
            Genres didn't load.{' '}
            <button type="button" className={styles.linkButton} onClick={() => genres.refetch()}>
              Try again
            </button>
          </p>
        )}
        <div className={styles.sort}>
          <label htmlFor={sortId}>Sort by</label>
          <select id={sortId} className={styles.select} value={browseSortOf(params)} onChange={(event) => changeSort(Number(event.target.value) as DiscoverSort)}>
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      <section aria-label="Results" className={styles.results}>
        {results}
      </section>
    </Page>
  );
}
