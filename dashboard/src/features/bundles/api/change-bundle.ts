import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StatusChanged } from '@inkwell/contracts/dashboard-catalogue';
import type { IapAddBody, IapSubmission } from '@inkwell/contracts/dashboard-products';
import { staffApi } from '@/lib/staff-api';
import { bundlesQueryKey } from './get-bundles';

export type BundleStatusAction = 'publish' | 'unpublish' | 'remove';

/** `POST /dashboard/bundles/{publish|unpublish|remove}?id` (spec §7). */
export function changeBundleStatus({ id, action }: { id: number; action: BundleStatusAction }): Promise<StatusChanged> {
  return staffApi.post<StatusChanged>(`/dashboard/bundles/${action}`, undefined, { query: { id } });
}

export function useChangeBundleStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeBundleStatus, onSettled: () => queryClient.invalidateQueries({ queryKey: bundlesQueryKey }) });
}

/** `POST /dashboard/bundles/{id}/iaps/add`: Apple in-app-purchase submission (spec §5 Apple rules). */
export function submitBundleIap({ id, ...body }: IapAddBody & { id: number }): Promise<IapSubmission> {
  return staffApi.post<IapSubmission>(`/dashboard/bundles/${id}/iaps/add`, body);
}

export function useSubmitBundleIap() {
  return useMutation({ mutationFn: submitBundleIap });
}
