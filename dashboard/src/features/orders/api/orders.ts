/**
 * The staff calls of the Orders area (dashboard spec §7 "Orders", and beyond it what running a shop
 * needs: edit, Print fulfilment, refunds; contracts/src/dashboard-customers.ts).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from '@sinclair/typebox';
import type { Paginated } from '@inkwell/contracts/dashboard';
import type {
  OrderEditBody,
  OrderEditResultSchema,
  OrderListQuery,
  OrderListRow,
  OrderNoteInput,
  OrderRefundRecord,
  RefundOrderBody,
  RefundPreviewSchema,
  ShipOrderBody,
  ShippingAccountInfoSchema,
  StaffNote,
  StaffOrder,
} from '@inkwell/contracts/dashboard-customers';
import { api } from '@inkwell/ui-kit/api-client';
import { staffApi } from '@/lib/staff-api';

export type RefundPreview = Static<typeof RefundPreviewSchema>;
export type OrderEditResult = Static<typeof OrderEditResultSchema>;
export type ShippingAccountInfo = Static<typeof ShippingAccountInfoSchema>;

export const ordersQueryKey = ['dashboard', 'orders'] as const;

/** `GET /dashboard/orders` with the spec's filters (start is the row offset). */
export function getOrders(query: OrderListQuery, { signal }: { signal?: AbortSignal } = {}): Promise<Paginated<OrderListRow>> {
  return staffApi.get<Paginated<OrderListRow>>('/dashboard/orders', { query: { ...query }, signal });
}

export function orderDetailKey(id: string) {
  return [...ordersQueryKey, 'detail', id] as const;
}

/** `GET /dashboard/orders/{id}`. */
export function getOrder(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<StaffOrder> {
  return staffApi.get<StaffOrder>(`/dashboard/orders/${encodeURIComponent(id)}`, { signal });
}

export function useOrder(id: string | undefined) {
  return useQuery({
    ...queryOptions({ queryKey: orderDetailKey(id ?? ''), queryFn: ({ signal }) => getOrder(id ?? '', { signal }), staleTime: 0 }),
    enabled: Boolean(id),
  });
}

/** `GET /dashboard/orders/shipping/getAccountInfo`: the shipping account's state. */
export function useShippingAccountInfo() {
  return useQuery({
    queryKey: [...ordersQueryKey, 'shipping-account'],
    queryFn: ({ signal }) => staffApi.get<ShippingAccountInfo>('/dashboard/orders/shipping/getAccountInfo', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** After a change the order is read again, and the list too (its status, tags or refunded amount moved). */
function useOrderChange<V, R>(mutationFn: (variables: V) => Promise<R>, orderIdOf: (variables: V) => string, pick?: (result: R) => StaffOrder | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) => {
      const order = pick?.(result);
      if (order) queryClient.setQueryData(orderDetailKey(order.id), order);
    },
    onSettled: (_result, _error, variables) => {
      void queryClient.invalidateQueries({ queryKey: orderDetailKey(orderIdOf(variables)) });
      void queryClient.invalidateQueries({ queryKey: [...ordersQueryKey, 'page'] });
    },
  });
}

/** `POST /dashboard/orders/addCustomNote` (spec §3 Order note). */
export function useAddOrderNote() {
  return useOrderChange((body: OrderNoteInput) => staffApi.post<StaffNote>('/dashboard/orders/addCustomNote', body), (body) => body.orderId);
}

/** `POST /dashboard/orders/{id}/edit` (spec §3 Order edit record): the order and what changed. */
export function useEditOrder() {
  return useOrderChange(
    ({ id, body }: { id: string; body: OrderEditBody }) => staffApi.post<OrderEditResult>(`/dashboard/orders/${encodeURIComponent(id)}/edit`, body),
    ({ id }) => id,
    (result) => result.order,
  );
}

/** `POST /dashboard/orders/{id}/ship`: carrier and tracking number; the shipped email goes out. */
export function useShipOrder() {
  return useOrderChange(
    ({ id, body }: { id: string; body: ShipOrderBody }) => staffApi.post<unknown>(`/dashboard/orders/${encodeURIComponent(id)}/ship`, body),
    ({ id }) => id,
  );
}

/** `POST /dashboard/orders/{id}/complete`: delivered, the order is Completed. */
export function useCompleteOrder() {
  return useOrderChange((id: string) => staffApi.post<unknown>(`/dashboard/orders/${encodeURIComponent(id)}/complete`, {}), (id) => id);
}

/** `POST /dashboard/orders/{id}/refund/preview`: what the refund would be; nothing moves. */
export function previewRefund(id: string, body: RefundOrderBody, signal?: AbortSignal): Promise<RefundPreview> {
  return staffApi.post<RefundPreview>(`/dashboard/orders/${encodeURIComponent(id)}/refund/preview`, body, { signal });
}

/**
 * `POST /dashboard/orders/{id}/refund` with the dialog's `Idempotency-Key`: sent twice (a double
 * click, a retry after a lost answer), it refunds once and answers the same record.
 */
export function useRefundOrder() {
  return useOrderChange(
    async ({ id, body, idempotencyKey }: { id: string; body: RefundOrderBody; idempotencyKey: string }) =>
      (await api.post<OrderRefundRecord>(`/dashboard/orders/${encodeURIComponent(id)}/refund`, body, { headers: { 'Idempotency-Key': idempotencyKey } })).data,
    ({ id }) => id,
  );
}
