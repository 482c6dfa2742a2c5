import { api } from '@inkwell/ui-kit/api-client';
import type { Purchase } from '../types';

/** `GET /order/purchase/{id}`: a purchase with its orders, for its buyer (a guest's by its id). */
export async function getPurchase(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Purchase> {
  const { data } = await api.get<Purchase>(`/order/purchase/${encodeURIComponent(id)}`, { signal });
  return data;
}

/**
 * `GET /order/purchaseFromPaymentIntent/{id}`: the purchase a payment belongs to, once the provider
 * has sent the browser back (the service asks the processor first, so the answer is its word).
 */
export async function getPurchaseFromPaymentIntent(paymentId: string, { signal }: { signal?: AbortSignal } = {}): Promise<Purchase> {
  const { data } = await api.get<Purchase>(`/order/purchaseFromPaymentIntent/${encodeURIComponent(paymentId)}`, { signal });
  return data;
}
