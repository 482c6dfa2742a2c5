/**
 * Search rules of storefront spec §5 and §9: a query needs more than one character, results stop
 * at 20, the input waits 200 ms after the last keystroke, and the last 5 distinct searches are
 * remembered, most recent first. The state texts are the spec's, quoted exactly.
 */
export const SEARCH_DEBOUNCE_MS = 200;
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_RESULT_LIMIT = 20;
export const SEARCH_HISTORY_LIMIT = 5;

export const SEARCH_MESSAGES = {
  tooShort: 'Please enter more than one character',
  loading: 'Loading ...',
  noResult: 'No search result',
  noHistory: 'No recent search',
} as const;

/** The query as it is sent and remembered: trimmed, inner runs of spaces collapsed. */
export function normalizeQuery(query: string): string {
  return query.trim().replace(/\s+/g, ' ');
}

export function isSearchable(query: string): boolean {
  return normalizeQuery(query).length >= SEARCH_MIN_LENGTH;
}

/** `query` first, without an earlier copy of it (compared ignoring case), at most 5 entries. */
export function addToHistory(history: readonly string[], query: string): string[] {
  const entry = normalizeQuery(query);
  if (!entry) return [...history];
  const rest = history.filter((item) => item.toLowerCase() !== entry.toLowerCase());
  return [entry, ...rest].slice(0, SEARCH_HISTORY_LIMIT);
}

/** What the overlay knows about the search under way, for choosing its state text. */
export interface SearchOverlayState {
  /** The typed query, normalized. */
  query: string;
  historyCount: number;
  /** A search for the query is still to come or in flight. */
  waiting: boolean;
  resultCount: number;
  /** The failed search's message, once the query has settled. */
  error: string | null;
  /** The results on hand answer the query as typed (not an earlier one kept on screen). */
  answered: boolean;
}

/** The overlay's state line (storefront spec §2 and §5), or null when the list speaks for itself. */
export function searchStatusText(state: SearchOverlayState): string | null {
  if (state.query === '') return state.historyCount === 0 ? SEARCH_MESSAGES.noHistory : null;
  if (!isSearchable(state.query)) return SEARCH_MESSAGES.tooShort;
  if (state.waiting && state.resultCount === 0) return SEARCH_MESSAGES.loading;
  if (state.error !== null) return state.error;
  if (state.answered && state.resultCount === 0) return SEARCH_MESSAGES.noResult;
  return null;
}
