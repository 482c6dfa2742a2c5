import { useEffect, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Closes a popup when the visitor presses Escape, clicks outside it (and outside the button that
 * opened it), or lands on another page. Escape hands focus back to the button so keyboard users
 * are not stranded. `close` must be stable (useCallback).
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  refs: { panel: RefObject<HTMLElement | null>; trigger: RefObject<HTMLElement | null> },
): void {
  const { panel, trigger } = refs;
  const { pathname } = useLocation();

  useEffect(() => close(), [pathname, close]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      trigger.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panel.current?.contains(target) || trigger.current?.contains(target)) return;
      close();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, close, panel, trigger]);
}
