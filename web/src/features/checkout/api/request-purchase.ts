import { useMutation } from '@tanstack/react-query';
import { api } from '@inkwell/ui-kit/api-client';
import type { Purchase, PurchaseRequest } from '../types';

/**
 * `POST /purchase-request`: the cart priced for these addresses as a purchase with its orders,
 * shipping rates, tax and coupon. Nothing is charged or held, so it is asked again whenever what it
 * depends on changes; a 400 says the first problem (an address message, 'Could not calculate tax',
 * a coupon's reason).
 */
export async function requestPurchase(body: PurchaseRequest): Promise<Purchase> {
  const { data } = await api.post<Purchase>('/purchase-request', body);
  return data;
}

export function useRequestPurchase() {
  return useMutation({ mutationFn: requestPurchase });
}
