import { useCallback, useState } from 'react';
import { getSearchHistory, storeSearchHistory } from '@/lib/storage';
import { addToHistory } from './search-rules';

/** The visitor's recent searches, kept in local storage. */
export function useSearchHistory() {
  const [history, setHistory] = useState(getSearchHistory);

  const remember = useCallback((query: string) => {
    // Read again: the overlay and the search page may both have written since this mounted.
    const next = addToHistory(getSearchHistory(), query);
    storeSearchHistory(next);
    setHistory(next);
  }, []);

  const clear = useCallback(() => {
    storeSearchHistory([]);
    setHistory([]);
  }, []);

  return { history, remember, clear };
}
