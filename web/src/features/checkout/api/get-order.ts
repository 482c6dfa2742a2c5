import { useQuery } from '@tanstack/react-query';
import { api } from '@inkwell/ui-kit/api-client';
import type { Order } from '../types';
import { ordersQueryKey } from './get-orders';

/** `GET /order/{id}`: one order, for its buyer. */
export async function getOrder(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Order> {
  const { data } = await api.get<Order>(`/order/${encodeURIComponent(id)}`, { signal });
  return data;
}

export function useOrder(reader: string | null, id: string) {
  return useQuery({
    queryKey: [...ordersQueryKey, reader ?? 'guest', 'one', id] as const,
    queryFn: ({ signal }) => getOrder(id, { signal }),
    enabled: id !== '',
  });
}
