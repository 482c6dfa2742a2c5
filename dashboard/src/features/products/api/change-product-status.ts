import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchResult, ProductStatusChange } from '@inkwell/contracts/dashboard-products';
import type { SCHEDULE_STATUSES } from '@inkwell/contracts/dashboard-products';
import { productsQueryKey } from '@/lib/api/get-product';
import { staffApi } from '@/lib/staff-api';

export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** A move of spec §4 for one product; `schedule` is the publish call with a date and a scheduled status (spec §7). */
export type ProductStatusAction =
  | { action: 'publish' | 'unpublish' | 'remove' | 'restore'; id: number }
  | { action: 'schedule'; id: number; publishDate: string; publishStatus: ScheduleStatus };

export function changeProductStatus(change: ProductStatusAction): Promise<ProductStatusChange> {
  if (change.action === 'schedule') {
    return staffApi.post<ProductStatusChange>('/dashboard/product/publish', undefined, {
      query: { id: change.id, publishDate: change.publishDate, publishStatus: change.publishStatus },
    });
  }
  return staffApi.post<ProductStatusChange>(`/dashboard/product/${change.action}`, undefined, { query: { id: change.id } });
}

export function useChangeProductStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeProductStatus,
    // Status, publish date and the audit trail all move: read the product again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}

/** Batch publish (optionally scheduled) or unpublish; both calls are API version 4 (spec §7). */
export type BatchAction =
  | { action: 'publish'; ids: number[]; publishDate?: string; publishStatus?: ScheduleStatus }
  | { action: 'unpublish'; ids: number[] };

const BATCH_API_VERSION = '4';

export function batchChangeProducts(batch: BatchAction): Promise<BatchResult> {
  if (batch.action === 'unpublish') {
    return staffApi.post<BatchResult>('/dashboard/product/batchUnPublish', undefined, { query: { ids: batch.ids }, apiVersion: BATCH_API_VERSION });
  }
  return staffApi.post<BatchResult>('/dashboard/product/batchPublish', undefined, {
    query: { ids: batch.ids, publishDate: batch.publishDate, publishStatus: batch.publishStatus },
    apiVersion: BATCH_API_VERSION,
  });
}

export function useBatchChangeProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchChangeProducts,
    onSettled: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}
