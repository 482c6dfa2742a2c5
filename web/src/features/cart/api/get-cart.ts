import { useSyncExternalStore } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@inkwell/ui-kit/api-client';
import type { CartView } from '../types';

/** Everything fetched for the cart; every cart change invalidates by it. */
export const cartQueryKey = ['cart'] as const;

/** Who the cart is shown to and which cart it is; a sign-in changes the owner and so the answer (the guest cart merges). */
export interface CartIdentity {
  cartId: string;
  /** The signed-in reader's id, null for a guest. */
  owner: string | null;
}

/** `GET /cart/{id}`: the cart, with the saving a coupon would give when `couponCode` is set. */
export async function getCart(cartId: string, { couponCode, signal }: { couponCode?: string | undefined; signal?: AbortSignal } = {}): Promise<CartView> {
  const { data } = await api.get<CartView>(`/cart/${encodeURIComponent(cartId)}`, { signal, query: { couponCode: couponCode || undefined } });
  if (data.notices.length > 0) hearNotices(data.notices);
  return data;
}

/*
 * The service says once why items left the cart (the next read answers without it), and the cart
 * is read again whenever it is shown: what was said is kept here until the shopper closes the cart.
 */
let notices: readonly string[] = [];
const noticeListeners = new Set<() => void>();

function hearNotices(heard: readonly string[]): void {
  notices = [...new Set([...notices, ...heard])];
  for (const listener of noticeListeners) listener();
}

/** Notices about items that left the cart, not yet seen by the shopper. */
export function useCartNotices(): readonly string[] {
  return useSyncExternalStore(
    (listener) => {
      noticeListeners.add(listener);
      return () => noticeListeners.delete(listener);
    },
    () => notices,
  );
}

/** The shopper has seen the notices (the cart was closed). */
export function dismissCartNotices(): void {
  if (notices.length === 0) return;
  notices = [];
  for (const listener of noticeListeners) listener();
}

export function cartIdentityKey({ cartId, owner }: CartIdentity) {
  return [...cartQueryKey, cartId, owner ?? 'guest'] as const;
}

export function getCartQueryOptions(identity: CartIdentity, couponCode?: string) {
  return queryOptions({
    queryKey: [...cartIdentityKey(identity), couponCode ?? null] as const,
    queryFn: ({ signal }) => getCart(identity.cartId, { couponCode, signal }),
    // Another tab may have changed the cart; coming back should show it as it is.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

export function useCart(identity: CartIdentity | null, couponCode?: string) {
  return useQuery({
    ...getCartQueryOptions(identity ?? { cartId: '', owner: null }, couponCode),
    enabled: identity !== null,
  });
}
