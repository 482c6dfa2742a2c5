import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * Leaves the reader: back to the page it was opened from, or, when it was opened straight from a
 * link (nothing of ours to go back to), to `fallback`. Chapters change in place, so one step back
 * always leaves the reader.
 */
export function useCloseReader(fallback: string) {
  const navigate = useNavigate();
  return useCallback(() => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(fallback);
  }, [navigate, fallback]);
}
