import { useCallback, useEffect, useRef, useState } from 'react';
import { CONTROLS_HIDE_MS } from '../reader-constants';

/** While shown, a moving mouse restarts the hiding countdown at most this often. */
const REVEAL_RESTART_MS = 500;

/**
 * Whether the reader's bars and side panels show. They show on opening and on demand, and hide
 * 3 seconds after they were last shown (storefront spec §4) — except while `held`: the pointer
 * rests on them or a menu of theirs is open. `reveal` is a moving mouse's show.
 */
export function useControls(held: boolean) {
  const [visible, setVisible] = useState(true);
  const visibleRef = useRef(visible);
  useEffect(() => {
    visibleRef.current = visible;
  }, [visible]);
  // Bumped on every show, so showing again while visible restarts the countdown.
  const [shownAt, setShownAt] = useState(0);

  useEffect(() => {
    if (!visible || held) return;
    const timer = window.setTimeout(() => setVisible(false), CONTROLS_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [visible, held, shownAt]);

  const show = useCallback(() => {
    setVisible(true);
    setShownAt((count) => count + 1);
  }, []);
  const hide = useCallback(() => setVisible(false), []);
  // A mouse moving: shown, and the countdown restarted — at most twice a second, not on every move.
  const revealedAt = useRef(0);
  const reveal = useCallback(() => {
    const now = performance.now();
    if (visibleRef.current && now - revealedAt.current < REVEAL_RESTART_MS) return;
    revealedAt.current = now;
    setVisible(true);
    setShownAt((count) => count + 1);
  }, []);
  const toggle = useCallback(() => {
    setVisible((current) => !current);
    setShownAt((count) => count + 1);
  }, []);

  return { visible, show, hide, toggle, reveal };
}
