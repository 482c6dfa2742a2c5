import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';

/**
 * Where the shopper was when checkout opened (issue 26: checkout opened over the home page, and
 * closing it went there). /checkout shows the main screen with the overlay (storefront spec §2):
 * the main screen is the page the shopper came from, carried in the navigation's state, and kept in
 * the tab's session storage so the way back from the payment provider's page still finds it.
 */
export interface CheckoutOrigin {
  pathname: string;
  search: string;
  hash: string;
}

const ORIGIN_KEY = 'checkoutOrigin';

function isOrigin(value: unknown): value is CheckoutOrigin {
  if (typeof value !== 'object' || value === null) return false;
  const { pathname, search, hash } = value as Record<string, unknown>;
  return typeof pathname === 'string' && pathname.startsWith('/') && !pathname.startsWith('//') && typeof search === 'string' && typeof hash === 'string';
}

/** The pages checkout never opens over: itself and what follows a purchase. */
function isCheckoutPath(pathname: string): boolean {
  return pathname.startsWith(paths.checkout) || pathname.startsWith('/orderSuccess/');
}

/** The origin the navigation to /checkout carried, else the one this tab kept (a payment provider's page sent the browser back). */
export function checkoutOrigin(state: unknown): CheckoutOrigin | null {
  const carried = typeof state === 'object' && state !== null ? (state as { checkoutOrigin?: unknown }).checkoutOrigin : undefined;
  if (isOrigin(carried)) return carried;
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(ORIGIN_KEY) ?? 'null');
    return isOrigin(kept) && !isCheckoutPath(kept.pathname) ? kept : null;
  } catch {
    return null;
  }
}

/** Forgets the kept origin (the purchase is done, or checkout was closed). */
export function forgetCheckoutOrigin(): void {
  try {
    sessionStorage.removeItem(ORIGIN_KEY);
  } catch {
    // Storage refused (private mode): nothing was kept.
  }
}

export function hrefOf(origin: CheckoutOrigin): string {
  return `${origin.pathname}${origin.search}${origin.hash}`;
}

/** Opens checkout over the current page. */
export function useOpenCheckout(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    const origin: CheckoutOrigin = { pathname: location.pathname, search: location.search, hash: location.hash };
    const carried = isCheckoutPath(origin.pathname) ? null : origin;
    try {
      if (carried) sessionStorage.setItem(ORIGIN_KEY, JSON.stringify(carried));
    } catch {
      // Storage refused: the navigation's state still carries it.
    }
    navigate(paths.checkout, { state: carried ? { checkoutOrigin: carried, openedHere: true } : null });
  }, [navigate, location.pathname, location.search, location.hash]);
}
