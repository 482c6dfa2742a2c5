import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@inkwell/ui-kit/api-client';
import type { OrderDetail } from '../types';
import { ordersQueryKey } from './get-orders';

/** `GET /order/{id}`: one order for its buyer (a guest's by its id), with its timeline, parcels and delivery estimate. */
export async function getOrder(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<OrderDetail> {
  const { data } = await api.get<OrderDetail>(`/order/${encodeURIComponent(id)}`, { signal });
  return data;
}

/** Keyed by who asks, so another sign-in never shows this answer. */
export function getOrderQueryOptions(reader: string | null, id: string) {
  return queryOptions({
    queryKey: [...ordersQueryKey, reader ?? 'guest', 'one', id] as const,
    queryFn: ({ signal }) => getOrder(id, { signal }),
  });
}

/** `enabled` waits for the login state, since the answer depends on who asks. */
export function useOrder(reader: string | null, id: string, enabled: boolean) {
  return useQuery({ ...getOrderQueryOptions(reader, id), enabled: enabled && id !== '' });
}
