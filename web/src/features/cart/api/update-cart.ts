import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api, ApiError } from '@inkwell/ui-kit/api-client';
import { sendAnalyticsEvent } from '@/lib/analytics';
import { CART_MESSAGES, type CartChange } from '../cart-rules';
import { applyCartChanges } from '../optimistic-cart';
import type { CartChangeBody, CartItemView, CartView } from '../types';
import { cartIdentityKey, cartQueryKey, type CartIdentity } from './get-cart';

/** Every cart change shares this key, so a settling change knows whether others are still on their way. */
export const updateCartMutationKey = [...cartQueryKey, 'update'] as const;

/** The service accepted nothing because the item may not be sold where the visitor is (spec §4, §8). */
export class RegionLockedError extends Error {
  override readonly name = 'RegionLockedError';
  constructor() {
    super(CART_MESSAGES.regionLocked);
  }
}

const REGION_WORDS = /region|territor|country|restrict/i;

/** `PATCH /cart/{id}`: one change; resolves to the cart as the service now holds it. */
export async function updateCart(cartId: string, change: CartChange, isFree = false): Promise<CartView> {
  const body: CartChangeBody = { productId: change.productId, VariantId: change.variantId, Amount: change.amount, ...(change.removeAll ? { RemoveAll: true } : {}), isFree };
  try {
    const { data } = await api.patch<CartView | null>(`/cart/${encodeURIComponent(cartId)}`, body);
    // Spec §4: an empty answer to an addition means the item is region locked.
    if (!data) throw new RegionLockedError();
    return data;
  } catch (error) {
    if (error instanceof ApiError && (error.status?.geoRestriction || REGION_WORDS.test(error.message))) throw new RegionLockedError();
    throw error;
  }
}

export interface CartUpdate {
  identity: CartIdentity;
  /** Sent one after another, in order (a batch of quantity changes, or one addition or removal). */
  changes: CartChange[];
  /** How a unit of a product not yet in the cart looks, so the addition shows at once. */
  newUnit?: CartItemView | undefined;
  isFree?: boolean;
}

/** The message a person sees when a change is refused; the cart is already back as it was. */
export function cartChangeProblem(error: unknown): string {
  if (error instanceof RegionLockedError) return error.message;
  if (error instanceof ApiError && error.isClientError && error.message) return `${error.message} ${CART_MESSAGES.changeRefused}`;
  return CART_MESSAGES.changeRefused;
}

/**
 * Applies changes at once on screen (every cached view of this cart, with or without a coupon
 * preview), sends them, and puts the cart back if the service refuses. Taking a whole line away
 * also records `remove_from_cart`, an addition `add_to_cart` (spec §7).
 */
export function useUpdateCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateCartMutationKey,
    mutationFn: async ({ identity, changes, isFree }: CartUpdate) => {
      let cart: CartView | null = null;
      for (const change of changes) cart = await updateCart(identity.cartId, change, isFree);
      return cart;
    },
    onMutate: async ({ identity, changes, newUnit }) => {
      const queryKey = cartIdentityKey(identity);
      await queryClient.cancelQueries({ queryKey });
      const snapshot: Array<[QueryKey, CartView | undefined]> = queryClient.getQueriesData<CartView>({ queryKey });
      queryClient.setQueriesData<CartView>({ queryKey }, (cart) => (cart ? applyCartChanges(cart, changes, newUnit) : cart));
      return { snapshot };
    },
    onError: (_error, _update, context) => {
      for (const [key, cart] of context?.snapshot ?? []) queryClient.setQueryData(key, cart);
    },
    onSuccess: (_cart, { changes, identity }, context) => {
      for (const change of changes) {
        if (!change.removeAll) {
          if (change.amount > 0) void sendAnalyticsEvent('updateCart', 'add_to_cart', { cartId: identity.cartId, productId: change.productId, variantId: change.variantId, quantity: change.amount });
          continue;
        }
        const removed = context?.snapshot.flatMap(([, cart]) => cart?.cartItems ?? []).find((unit) => unit.productId === change.productId && unit.variant.id === change.variantId);
        void sendAnalyticsEvent('updateCart', 'remove_from_cart', {
          cartId: identity.cartId,
          productId: change.productId,
          variantId: change.variantId,
          quantity: -change.amount,
          price: removed?.price,
          currency: removed?.currency,
        });
      }
    },
    onSettled: (_cart, _error, { identity }) => {
      // While another change is still on its way its optimistic picture stays; the last one to
      // settle fetches the cart as the service holds it.
      if (queryClient.isMutating({ mutationKey: updateCartMutationKey }) > 1) return;
      return queryClient.invalidateQueries({ queryKey: cartIdentityKey(identity) });
    },
  });
}
