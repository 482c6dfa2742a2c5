import { useEffect, useState } from 'react';

/** Search input debounce (dashboard spec §9). */
export const SEARCH_DEBOUNCE_MS = 200;
/** Default debounce elsewhere (dashboard spec §9). */
export const DEFAULT_DEBOUNCE_MS = 500;

/** `value`, once it has stopped changing for `delay` milliseconds. */
export function useDebouncedValue<T>(value: T, delay: number = DEFAULT_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
