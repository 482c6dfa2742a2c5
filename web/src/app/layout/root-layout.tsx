import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { usePageViewTracking } from '@/lib/analytics';
import { AppLayout, MAIN_ID } from './app-layout';

/**
 * Scrolls to the top when the path changes (storefront spec §2) and moves focus to the main
 * region, so screen-reader and keyboard users start reading the new page, not the old link.
 */
function useResetOnPathChange(pathname: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
  }, [pathname]);
}

export function RootLayout() {
  const { pathname, search, hash } = useLocation();
  useResetOnPathChange(pathname);
  usePageViewTracking();

  // Storefront spec §2: a path without its trailing slash is replaced by the slash form.
  if (!pathname.endsWith('/')) {
    return <Navigate to={{ pathname: `${pathname}/`, search, hash }} replace />;
  }

  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  );
}
