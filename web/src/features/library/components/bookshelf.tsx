import { useEffect, useEffectEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, ButtonLink } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { AlertIcon, ChevronLeftIcon, ChevronRightIcon, LibraryIcon, RefreshIcon, SearchIcon } from '@inkwell/ui-kit/icons';
import { CardGridSkeleton } from '@/components/ui/card-grid';
import { CoverImage } from '@/components/ui/cover-image';
import { POSTER_RATIO } from '@/components/ui/poster-ratio';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { formatCount, formatDate, pluralize } from '@/lib/format';
import { useContinueReading } from '../api/get-continue-reading';
import { useLibrary } from '../api/get-library';
import { useProcessing } from '../api/get-processing';
import { useRemoveFromLibrary } from '../api/remove-from-library';
import { SHELF_PAGE_SIZE, continueReading, normalizeSearch, pageCountOf, pageLinks, readShelfQuery, SHELF_SORTS, writeShelfQuery, type ShelfQuery, type ShelfSort } from '../library-rules';
import { BookCard, SHELF_THUMBNAIL } from './book-card';
import styles from './bookshelf.module.css';

/** Typing in the search waits this long before the shelf is asked again. */
const SEARCH_DEBOUNCE_MS = 300;
/** How many started books the continue-reading row shows. */
const CONTINUE_READING_LIMIT = 6;

/** Bought, not readable yet: pre-orders until their release day, orders whose payment is being confirmed. */
function OnItsWay({ readerId }: { readerId: string }) {
  const processing = useProcessing(readerId);
  const items = processing.data ?? [];
  if (items.length === 0) return null;
  return (
    <section className={styles.continue} aria-labelledby="on-its-way-title">
      <h2 id="on-its-way-title" className={styles.sectionTitle}>
        On its way
      </h2>
      <ul className={styles.awaitingList}>
        {items.map((item) => {
          // The reader sends every item of this list with the day it can be read, when known.
          const upcoming = item.releaseDate && Date.parse(item.releaseDate) > Date.now() ? item.releaseDate : null;
          return (
            <li key={item.productId} className={styles.awaiting}>
              <span className={styles.awaitingCover}>
                <CoverImage images={item.thumbnailUrl ? [{ url: item.thumbnailUrl, ...SHELF_THUMBNAIL }] : []} alt="" ratio={POSTER_RATIO.product} sizes="4rem" />
              </span>
              <span className={styles.awaitingText}>
                <span className={styles.awaitingName}>{item.name}</span>
                <span className={styles.awaitingWhen}>{upcoming ? `Pre-ordered · readable from ${formatDate(upcoming)}` : 'Purchase being confirmed · on your shelf shortly'}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Books started and not finished, most recently read first, above the shelf. */
function ContinueReading({ readerId }: { readerId: string }) {
  const started = useContinueReading(readerId);
  const items = continueReading(started.data ?? []).slice(0, CONTINUE_READING_LIMIT);
  if (items.length === 0) return null;
  return (
    <section className={styles.continue} aria-labelledby="continue-reading-title">
      <h2 id="continue-reading-title" className={styles.sectionTitle}>
        Continue reading
      </h2>
      <ul className={styles.continueList}>
        {items.map((item) => (
          <li key={item.productId}>
            <BookCard item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Pagination({ query, fullCount, hrefFor }: { query: ShelfQuery; fullCount: number; hrefFor: (page: number) => string }) {
  const count = pageCountOf(fullCount);
  if (count < 2) return null;
  return (
    <nav className={styles.pagination} aria-label="Bookshelf pages">
      {query.page > 0 ? (
        <Link to={hrefFor(query.page - 1)} className={styles.pageStep} aria-label="Previous page">
          <ChevronLeftIcon size={18} />
        </Link>
      ) : (
        <span className={styles.pageStep} aria-hidden="true">
          <ChevronLeftIcon size={18} />
        </span>
      )}
      <ol className={styles.pageList}>
        {pageLinks(query.page, count).map((page, index) =>
          page === null ? (
            <li key={`gap-${index}`} className={styles.pageGap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page}>
              <Link to={hrefFor(page)} className={styles.pageLink} aria-current={page === query.page ? 'page' : undefined} aria-label={`Page ${page + 1}`}>
                {page + 1}
              </Link>
            </li>
          ),
        )}
      </ol>
      {query.page < count - 1 ? (
        <Link to={hrefFor(query.page + 1)} className={styles.pageStep} aria-label="Next page">
          <ChevronRightIcon size={18} />
        </Link>
      ) : (
        <span className={styles.pageStep} aria-hidden="true">
          <ChevronRightIcon size={18} />
        </span>
      )}
    </nav>
  );
}

/**
 * My Comics (storefront spec §2 and §9): the signed-in reader's shelf, 24 books a page, sorted by
 * the spec's labels, searchable, each with its reading progress; started books are offered again
 * above it. Sort, search and page live in the address, so a reload or a shared link shows the same.
 */
export function Bookshelf({ readerId }: { readerId: string }) {
  const [params, setParams] = useSearchParams();
  const query = readShelfQuery(params);
  const searchId = useId();
  const sortId = useId();
  const [typed, setTyped] = useState(query.search);
  const debounced = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  // The address can change the search too (back, forward, a link): the field follows it.
  const [addressSearch, setAddressSearch] = useState(query.search);
  if (query.search !== addressSearch) {
    setAddressSearch(query.search);
    if (normalizeSearch(typed) !== query.search) setTyped(query.search);
  }
  const shelf = useLibrary(readerId, query);
  const remove = useRemoveFromLibrary();

  const change = (next: Partial<ShelfQuery>, options: { replace?: boolean } = {}) =>
    setParams(writeShelfQuery({ ...query, page: 0, ...next }), { replace: options.replace ?? false, preventScrollReset: true });

  // Only a settled search is written to the address, replacing the entry typing began in.
  const applySearch = useEffectEvent((search: string) => {
    if (search !== query.search) change({ search }, { replace: true });
  });
  useEffect(() => applySearch(normalizeSearch(debounced)), [debounced]);

  const hrefFor = (page: number) => {
    const search = writeShelfQuery({ ...query, page }).toString();
    return search ? `${paths.library}?${search}` : paths.library;
  };

  const items = shelf.data?.items ?? [];
  const fullCount = shelf.data?.fullCount ?? 0;
  const firstShown = query.page * SHELF_PAGE_SIZE + 1;
  const showContinue = query.page === 0 && !query.search;

  let results;
  if (shelf.isPending) {
    results = (
      <>
        <Skeleton className={styles.countSkeleton} />
        <CardGridSkeleton count={12} ratio={POSTER_RATIO.product} label="Loading your comics…" />
      </>
    );
  } else if (shelf.isError) {
    results = (
      <EmptyState
        tone="error"
        icon={<AlertIcon />}
        title="We couldn't load your comics"
        actions={
          <Button onClick={() => shelf.refetch()} disabled={shelf.isFetching}>
            <RefreshIcon size={18} />
            {shelf.isFetching ? 'Trying again…' : 'Try again'}
          </Button>
        }
      >
        <p>{shelf.error.message}</p>
      </EmptyState>
    );
  } else if (items.length === 0 && query.search) {
    results = (
      <EmptyState
        icon={<SearchIcon />}
        title={`No comics match “${query.search}”`}
        actions={
          <Button variant="secondary" onClick={() => setTyped('')}>
            Clear the search
          </Button>
        }
      >
        <p>Search looks through titles and series names on your shelf.</p>
      </EmptyState>
    );
  } else if (items.length === 0 && query.page > 0) {
    results = (
      <EmptyState icon={<LibraryIcon />} title="This page of your shelf is empty" actions={<ButtonLink to={paths.library}>Back to the first page</ButtonLink>}>
        <p>Books may have been removed since the link was made.</p>
      </EmptyState>
    );
  } else if (items.length === 0) {
    results = (
      <EmptyState icon={<LibraryIcon />} title="Your shelf is empty" actions={<ButtonLink to={paths.browse}>Browse comics</ButtonLink>}>
        <p>Comics you buy, and free chapters you start reading, land here with your place kept on every device.</p>
      </EmptyState>
    );
  } else {
    results = (
      <>
        <p className={styles.count} aria-live="polite">
          {fullCount > items.length
            ? `Showing ${formatCount(firstShown)}–${formatCount(firstShown + items.length - 1)} of ${pluralize(fullCount, 'comic')}`
            : pluralize(fullCount, 'comic')}
        </p>
        <ul className={[styles.grid, shelf.isPlaceholderData && styles.stale].filter(Boolean).join(' ')} aria-label="Your comics">
          {items.map((item) => (
            <li key={item.productId}>
              <BookCard item={item} onRemove={(book) => remove.mutate(book.productId)} removing={remove.isPending && remove.variables === item.productId} />
            </li>
          ))}
        </ul>
        {remove.isError && (
          <p className={styles.removeError} role="alert">
            That book couldn’t be removed: {remove.error.message}
          </p>
        )}
        <Pagination query={query} fullCount={fullCount} hrefFor={hrefFor} />
      </>
    );
  }

  return (
    <>
      {showContinue && <OnItsWay readerId={readerId} />}
      {showContinue && <ContinueReading readerId={readerId} />}
      <section aria-labelledby="bookshelf-title">
        <div className={styles.toolbar}>
          <h2 id="bookshelf-title" className={styles.sectionTitle}>
            Bookshelf
          </h2>
          <div className={styles.controls}>
            <div className={styles.search}>
              <label htmlFor={searchId} className="visually-hidden">
                Search your comics
              </label>
              <SearchIcon size={18} className={styles.searchIcon} />
              <input
                id={searchId}
                type="search"
                className={styles.searchInput}
                placeholder="Search your comics"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                autoComplete="off"
                enterKeyHint="search"
              />
            </div>
            <div className={styles.sort}>
              <label htmlFor={sortId} className={styles.sortLabel}>
                Sort
              </label>
              <select id={sortId} className={styles.sortSelect} value={query.sort} onChange={(event) => change({ sort: Number(event.target.value) as ShelfSort })}>
                {SHELF_SORTS.map((option) => (
                  <option key={option.code} value={option.code}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </div>
        {results}
      </section>
    </>
  );
}
