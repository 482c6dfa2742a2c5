import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, ButtonLink } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { AlertIcon, ClockIcon, RefreshIcon, SearchIcon } from '@inkwell/ui-kit/icons';
import { Page } from '@/components/layout/page';
import { CardGrid, CardGridSkeleton } from '@/components/ui/card-grid';
import { PosterCard } from '@/components/ui/poster-card';
import { POSTER_RATIO } from '@/components/ui/poster-ratio';
import { paths, SEARCH_QUERY_PARAM } from '@/config/paths';
import { useSearch, useSearchSuggestions } from '../api/search';
import { browsePathForTerm, searchResultBadges, searchResultImages, searchResultPath, searchResultPriceLine, searchResultRatio, searchResultType } from '../search-result';
import { isSearchable, normalizeQuery, SEARCH_MESSAGES, SEARCH_RESULT_LIMIT } from '../search-rules';
import { useSearchHistory } from '../use-search-history';
import styles from './search-page.module.css';

function BrowseActions() {
  return (
    <>
      <ButtonLink to={paths.browse}>Browse by genre</ButtonLink>
      <ButtonLink to={paths.newReleases} variant="secondary">
        New Releases
      </ButtonLink>
    </>
  );
}

function Suggestions({ query }: { query: string }) {
  const suggestions = useSearchSuggestions(query, true);
  if (!suggestions.data || suggestions.data.length === 0) return null;
  return (
    <p className={styles.suggestions}>
      Try{' '}
      {suggestions.data.map((suggestion, index) => (
        <span key={suggestion}>
          {index > 0 && ', '}
          <Link to={paths.searchResults(suggestion)}>{suggestion}</Link>
        </span>
      ))}
      .
    </p>
  );
}

/** The full search page (`/search/?query=`): a search box, then the results as a grid of covers. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const query = normalizeQuery(params.get(SEARCH_QUERY_PARAM) ?? '');
  const [draft, setDraft] = useState(query);
  const inputId = useId();
  const { history, remember, clear } = useSearchHistory();
  const search = useSearch(query);

  // The address can change under the page (the overlay's "See all results", back and forward).
  useEffect(() => setDraft(query), [query]);

  const submit = () => {
    const next = normalizeQuery(draft);
    if (next === '') return setParams({}, { replace: false });
    if (isSearchable(next)) remember(next);
    setParams({ [SEARCH_QUERY_PARAM]: next });
  };

  let content;
  if (query === '') {
    content =
      history.length > 0 ? (
        <section aria-labelledby="recent-searches" className={styles.recent}>
          <div className={styles.recentHead}>
            <h2 id="recent-searches" className={styles.sectionTitle}>
              Recent searches
            </h2>
            <button type="button" className={styles.textButton} onClick={clear}>
              Clear history
            </button>
          </div>
          <ul className={styles.recentList}>
            {history.map((entry) => (
              <li key={entry}>
                <Link to={paths.searchResults(entry)} className={styles.recentItem}>
                  <ClockIcon size={18} />
                  {entry}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <EmptyState icon={<SearchIcon />} title={SEARCH_MESSAGES.noHistory} actions={<BrowseActions />}>
          <p>Search by series title or volume. Your last five searches are kept here so you can pick up where you left off.</p>
        </EmptyState>
      );
  } else if (!isSearchable(query)) {
    content = (
      <p className={styles.message} role="status">
        {SEARCH_MESSAGES.tooShort}
      </p>
    );
  } else if (search.isPending || search.isPlaceholderData) {
    content = <CardGridSkeleton count={12} ratio={POSTER_RATIO.product} label={SEARCH_MESSAGES.loading} />;
  } else if (search.isError) {
    content = (
      <EmptyState
        tone="error"
        icon={<AlertIcon />}
        title="The search didn't go through"
        actions={
          <Button onClick={() => search.refetch()} disabled={search.isFetching}>
            <RefreshIcon size={18} />
            {search.isFetching ? 'Trying again…' : 'Try again'}
          </Button>
        }
      >
        <p>{search.error.message}</p>
      </EmptyState>
    );
  } else if (search.data.length === 0) {
    content = (
      <EmptyState icon={<SearchIcon />} title={SEARCH_MESSAGES.noResult} actions={<BrowseActions />}>
        <p>Nothing matches “{query}”. Check the spelling, or search for fewer words.</p>
        <Suggestions query={query} />
      </EmptyState>
    );
  } else {
    content = (
      <>
        <div className={styles.countRow}>
          <p className={styles.count} role="status">
            {search.data.length >= SEARCH_RESULT_LIMIT
              ? `Top ${SEARCH_RESULT_LIMIT} results for “${query}”`
              : `${search.data.length} ${search.data.length === 1 ? 'result' : 'results'} for “${query}”`}
          </p>
          {search.data.length >= SEARCH_RESULT_LIMIT && (
            <Link to={browsePathForTerm(query)} className={styles.browseAll}>
              See everything matching “{query}” in Browse
            </Link>
          )}
        </div>
        <CardGrid label={`Results for ${query}`}>
          {search.data.map((result) => {
            const price = searchResultPriceLine(result);
            return (
              <PosterCard
                key={`${result.type}-${result.content.id}`}
                to={searchResultPath(result)}
                title={result.content.title}
                subtitle={searchResultType(result)}
                footer={price}
                badges={searchResultBadges(result)}
                images={searchResultImages(result)}
                ratio={searchResultRatio(result)}
                color={result.content.thumbnails[0]?.color}
              />
            );
          })}
        </CardGrid>
        {search.data.length >= SEARCH_RESULT_LIMIT && (
          <p className={styles.more}>
            Only the best {SEARCH_RESULT_LIMIT} matches are shown here.{' '}
            <Link to={browsePathForTerm(query)}>Browse every volume matching “{query}”</Link>, with filters for format, price and rating.
          </p>
        )}
      </>
    );
  }

  return (
    <Page title={query ? `Results for “${query}”` : 'Search'} documentTitle={query ? `${query} · Search` : 'Search'}>
      <form
        role="search"
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          Search series, volumes and chapters
        </label>
        <div className={styles.field}>
          <SearchIcon className={styles.fieldIcon} />
          <input
            id={inputId}
            type="search"
            name={SEARCH_QUERY_PARAM}
            className={styles.input}
            placeholder="Search series, volumes and chapters"
            autoComplete="off"
            enterKeyHint="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <Button type="submit" size="lg">
          Search
        </Button>
      </form>
      <div className={styles.results}>{content}</div>
    </Page>
  );
}
