/**
 * Keeps staff from losing an edit by accident: leaving the page inside the dashboard asks first
 * (react-router's `useBlocker`), and closing or reloading the tab gets the browser's own prompt
 * (`beforeunload`). Render the returned element; call `bypass()` just before navigating away on
 * purpose (after a save moved the editor to the new item's address).
 *
 *   const guard = useUnsavedChangesGuard(formState.isDirty);
 *   …
 *   return <>{guard.dialog}<form>…</form></>;
 */
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, useLocation, type BlockerFunction } from 'react-router-dom';
import { ConfirmDialog } from './dialog/confirm-dialog';

export function useUnsavedChangesGuard(isDirty: boolean) {
  const bypassed = useRef(false);
  const dirty = useRef(isDirty);
  dirty.current = isDirty;
  const { pathname } = useLocation();
  // A bypass covers one navigation: once it has happened, the guard is back.
  useEffect(() => {
    bypassed.current = false;
  }, [pathname]);

  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        dirty.current && !bypassed.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
      [],
    ),
  );

  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (bypassed.current) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  // Confirming closes the dialog right after `proceed()`, while this render's blocker still reads
  // 'blocked': resetting it then would cancel the very navigation just let through.
  const proceeding = useRef(false);
  if (blocker.state === 'unblocked') proceeding.current = false;

  const dialog = (
    <ConfirmDialog
      isOpen={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && !proceeding.current && blocker.state === 'blocked') blocker.reset();
      }}
      title="Leave without saving?"
      confirmLabel="Discard and leave"
      cancelLabel="Keep editing"
      isDestructive
      onConfirm={() => {
        proceeding.current = true;
        blocker.proceed?.();
      }}
    >
      <p>You have changes on this page that are not saved. If you leave now, they are lost.</p>
    </ConfirmDialog>
  );

  return {
    dialog,
    /** Lets the next navigation through without asking (after a successful save). */
    bypass: () => {
      bypassed.current = true;
    },
  };
}

/** The guard as an element, for screens that need nothing but the dialog. */
export function UnsavedChangesGuard({ isDirty }: { isDirty: boolean }) {
  return useUnsavedChangesGuard(isDirty).dialog;
}
