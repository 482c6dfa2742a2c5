import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@inkwell/ui-kit/api-client';
import type { Order } from '../types';

/** Everything fetched about orders. */
export const ordersQueryKey = ['orders'] as const;

export const ORDERS_PAGE_SIZE = 10;

export interface OrdersPage {
  Orders: Order[];
  Count: number;
}

/** `GET /order/?pageNumber=&pageSize=`: the signed-in reader's orders, newest first, and how many there are. */
export async function getOrders(pageNumber: number, { signal }: { signal?: AbortSignal } = {}): Promise<OrdersPage> {
  const { data } = await api.get<OrdersPage>('/order/', { signal, query: { pageNumber, pageSize: ORDERS_PAGE_SIZE } });
  return data;
}

/** Keyed by the reader, so another sign-in never shows these orders. */
export function getOrdersQueryOptions(reader: string, pageNumber: number) {
  return queryOptions({
    queryKey: [...ordersQueryKey, reader, 'list', pageNumber] as const,
    queryFn: ({ signal }) => getOrders(pageNumber, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useOrders(reader: string, pageNumber: number) {
  return useQuery(getOrdersQueryOptions(reader, pageNumber));
}
