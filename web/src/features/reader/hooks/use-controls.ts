import { useCallback, useEffect, useState } from 'react';
import { CONTROLS_HIDE_MS } from '../reader-constants';

/**
 * Whether the reader's bars and side panels show. They show on opening and on demand, and hide
 * 3 seconds after they were last shown (storefront spec §4) — except while `held`: the pointer
 * rests on them or a menu of theirs is open.
 */
export function useControls(held: boolean) {
  const [visible, setVisible] = useState(true);
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
  const toggle = useCallback(() => {
    setVisible((current) => !current);
    setShownAt((count) => count + 1);
  }, []);

  return { visible, show, hide, toggle };
}
