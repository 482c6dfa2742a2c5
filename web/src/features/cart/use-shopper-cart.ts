import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { LoginStatus, useAuth } from '@/lib/auth';
import { getBrowserId, resetBrowserId, subscribeToBrowserId } from '@/lib/storage';
import { useCart, type CartIdentity } from './api/get-cart';

/**
 * This visitor's cart: the id kept under `browserId` and who is signed in. Nothing is fetched while
 * the login status is being worked out, so a returning reader's cart is not first fetched as a
 * guest's. A closed cart (its purchase done) gives way to a new id (spec §4).
 */
export function useCartIdentity(): CartIdentity | null {
  const cartId = useSyncExternalStore(subscribeToBrowserId, getBrowserId);
  const { status, account } = useAuth();
  const settled = status === LoginStatus.LoggedIn || status === LoginStatus.LoggedOut;
  const owner = account?.userid ?? null;
  return useMemo(() => (settled ? { cartId, owner } : null), [settled, cartId, owner]);
}

export function useShopperCart(couponCode?: string) {
  const identity = useCartIdentity();
  const cart = useCart(identity, couponCode);
  const closed = cart.data?.status === 'Closed';
  useEffect(() => {
    if (closed) resetBrowserId();
  }, [closed]);
  return { identity, cart };
}
