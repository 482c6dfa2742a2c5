import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { SearchResultView } from '@inkwell/contracts/search';
import { ArrowRightIcon, ClockIcon, CloseIcon, SearchIcon } from '@inkwell/ui-kit/icons';
import { CoverImage } from '@/components/ui/cover-image';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { sendAnalyticsEvent } from '@/lib/analytics';
import { useFocusTrap } from '@/hooks/use-focus-trap';
import { useSearch, useSearchSuggestions } from '../api/search';
import { searchResultImages, searchResultPath, searchResultPriceLine, searchResultRatio, searchResultType } from '../search-result';
import { isSearchable, normalizeQuery, SEARCH_DEBOUNCE_MS, SEARCH_MESSAGES, searchStatusText } from '../search-rules';
import { useSearchHistory } from '../use-search-history';
import styles from './search-overlay.module.css';

interface SearchOverlayProps {
  onClose: () => void;
  /** The button that opened the overlay; focus goes back to it on close. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

const SHORTCUTS = [
  { to: paths.browse, label: 'Browse' },
  { to: paths.newReleases, label: 'New Releases' },
  { to: paths.onSale, label: 'On Sale' },
  { to: paths.calendar, label: 'Release Calendar' },
  { to: paths.news, label: 'News' },
] as const;

type Option = { kind: 'result'; result: SearchResultView } | { kind: 'history'; query: string };

/**
 * The navbar's search (storefront spec §2): an overlay on wide screens, a full-screen menu on
 * narrow ones. Typing searches after a 200 ms pause; arrow keys move a highlighted result and Enter
 * opens it, or goes to the search page when nothing is highlighted; with an empty box it lists the
 * recent searches. Escape closes, and focus stays inside while it is open.
 */
export function SearchOverlay({ onClose, returnFocusTo }: SearchOverlayProps) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const debounced = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const search = useSearch(debounced);
  const { history, remember, clear } = useSearchHistory();
  const navigate = useNavigate();
  const { pathname, search: locationSearch } = useLocation();
  const panel = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const openedAt = useRef(`${pathname}${locationSearch}`);
  const listId = useId();
  const titleId = useId();

  const typed = normalizeQuery(query);
  const searchable = isSearchable(typed);
  const settled = normalizeQuery(debounced) === typed;
  const waiting = searchable && (!settled || search.isFetching);
  const results = searchable && search.data ? search.data : [];
  const showResults = searchable && settled && search.isSuccess && !search.isPlaceholderData;
  const suggestions = useSearchSuggestions(debounced, showResults && results.length === 0);
  // Storefront spec §7: SEARCH {query} once per settled query whose results are shown.
  const searched = useRef('');
  useEffect(() => {
    if (!showResults || searched.current === typed) return;
    searched.current = typed;
    void sendAnalyticsEvent('sendEvent', 'SEARCH', { query: typed });
  }, [showResults, typed]);

  const options: Option[] = typed === '' ? history.map((entry) => ({ kind: 'history', query: entry })) : searchable ? results.map((result) => ({ kind: 'result', result })) : [];
  const optionId = (index: number) => `${listId}-${index}`;

  useFocusTrap(panel, true);

  useEffect(() => {
    input.current?.focus();
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    const returnTarget = returnFocusTo.current;
    const openedOn = openedAt.current;
    return () => {
      root.style.overflow = previous;
      // Closed on the same page: back to the Search button. After following a result the new
      // page has already moved focus to its content; leave it there.
      if (`${window.location.pathname}${window.location.search}` === openedOn) returnTarget?.focus({ preventScroll: true });
    };
  }, [returnFocusTo]);

  // Following a result (or the browser's back button) lands on another page: the overlay goes.
  useEffect(() => {
    if (`${pathname}${locationSearch}` !== openedAt.current) onClose();
  }, [pathname, locationSearch, onClose]);

  useEffect(() => {
    if (active < 0) return;
    document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  const changeQuery = (value: string) => {
    setQuery(value);
    setActive(-1);
  };

  const choose = (option: Option) => {
    if (option.kind === 'history') {
      changeQuery(option.query);
      input.current?.focus();
      return;
    }
    remember(typed);
    navigate(searchResultPath(option.result));
  };

  const submit = () => {
    const option = options[active];
    if (option) return choose(option);
    if (!searchable) return;
    remember(typed);
    navigate(paths.searchResults(typed));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => {
        if (current < 0) return step === 1 ? 0 : options.length - 1;
        return (current + step + options.length) % options.length;
      });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      submit();
    }
  };

  const status = searchStatusText({
    query: typed,
    historyCount: history.length,
    waiting,
    resultCount: results.length,
    error: search.isError && settled ? search.error.message : null,
    answered: showResults,
  });

  return createPortal(
    <div className={styles.layer} onKeyDown={(event) => event.key === 'Escape' && (event.stopPropagation(), onClose())}>
      <div className={styles.backdrop} aria-hidden="true" onClick={onClose} />
      <div ref={panel} className={styles.panel} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className="visually-hidden">
          Search the store
        </h2>
        <form
          role="search"
          className={styles.bar}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <SearchIcon className={styles.barIcon} />
          <input
            ref={input}
            type="search"
            className={styles.input}
            placeholder="Search series and volumes"
            aria-label="Search series, volumes and chapters"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={options.length > 0}
            aria-controls={listId}
            aria-activedescendant={active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="search"
            value={query}
            onChange={(event) => changeQuery(event.target.value)}
            onKeyDown={onKeyDown}
          />
          {query && (
            <button
              type="button"
              className={styles.clear}
              onClick={() => {
                changeQuery('');
                input.current?.focus();
              }}
            >
              Clear
            </button>
          )}
          <button type="button" className={styles.close} aria-label="Close search" onClick={onClose}>
            <CloseIcon />
          </button>
        </form>

        {/* It scrolls when the list is long: a tab stop of its own lets keyboard users scroll it (axe: scrollable-region-focusable). */}
        <div className={styles.body} tabIndex={0} role="region" aria-label={typed === '' ? 'Recent searches and shortcuts' : 'Results and suggestions'}>
          {typed === '' && history.length > 0 && (
            <div className={styles.sectionHead}>
              <h3 className={styles.sectionTitle}>Recent searches</h3>
              <button type="button" className={styles.textButton} onClick={clear}>
                Clear history
              </button>
            </div>
          )}
          {searchable && results.length > 0 && (
            <div className={styles.sectionHead}>
              <h3 className={styles.sectionTitle}>{waiting ? SEARCH_MESSAGES.loading : 'Results'}</h3>
            </div>
          )}

          <p className={status ? styles.status : 'visually-hidden'} role="status" aria-live="polite">
            {status ?? (showResults ? `${results.length} ${results.length === 1 ? 'result' : 'results'}. Use the arrow keys to move through them.` : '')}
          </p>

          <ul id={listId} role="listbox" aria-label={typed === '' ? 'Recent searches' : 'Search results'} className={styles.list}>
            {options.map((option, index) => (
              <li
                key={option.kind === 'history' ? `h-${option.query}` : `${option.result.type}-${option.result.content.id}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={styles.option}
                onMouseMove={() => index !== active && setActive(index)}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
              >
                {option.kind === 'history' ? (
                  <>
                    <ClockIcon size={18} className={styles.historyIcon} />
                    <span className={styles.optionTitle}>{option.query}</span>
                  </>
                ) : (
                  <>
                    <span className={styles.thumb}>
                      <CoverImage images={searchResultImages(option.result, 80)} alt="" ratio={searchResultRatio(option.result)} />
                    </span>
                    <span className={styles.optionText}>
                      <span className={styles.optionTitle}>{option.result.content.title}</span>
                      <span className={styles.optionType}>{[searchResultType(option.result), searchResultPriceLine(option.result)].filter(Boolean).join(' · ')}</span>
                    </span>
                    <ArrowRightIcon size={18} className={styles.optionArrow} />
                  </>
                )}
              </li>
            ))}
          </ul>

          {typed === '' && (
            <nav className={styles.shortcuts} aria-label="Shortcuts">
              <p className={styles.sectionTitle}>Or go to</p>
              <ul>
                {SHORTCUTS.map((shortcut) => (
                  <li key={shortcut.to}>
                    <Link to={shortcut.to} className={styles.shortcut}>
                      {shortcut.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}

          {showResults && results.length === 0 && suggestions.data && suggestions.data.length > 0 && (
            <div className={styles.suggestions}>
              <p className={styles.sectionTitle}>Try</p>
              <ul>
                {suggestions.data.map((suggestion) => (
                  <li key={suggestion}>
                    <button type="button" className={styles.suggestion} onClick={() => changeQuery(suggestion)}>
                      {suggestion}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>

        {searchable && (
          <div className={styles.footer}>
            <Link to={paths.searchResults(typed)} className={styles.allResults} onClick={() => remember(typed)}>
              See all results for “{typed}”
              <ArrowRightIcon size={18} />
            </Link>
            <span className={styles.hint} aria-hidden="true">
              <kbd>↑</kbd> <kbd>↓</kbd> to move · <kbd>Enter</kbd> to open · <kbd>Esc</kbd> to close
            </span>
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
