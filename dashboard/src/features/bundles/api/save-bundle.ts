import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BundleAlterBody, BundleSaveBody, Created, DashboardBundle } from '@inkwell/contracts/dashboard-catalogue';
import { staffApi } from '@/lib/staff-api';
import { bundleDetailKey } from './get-bundle';
import { bundlesQueryKey } from './get-bundles';

/** `POST /dashboard/bundles/new`: the answer holds the new bundle's id (spec §7). */
export function createBundle(body: BundleSaveBody): Promise<Created> {
  return staffApi.post<Created>('/dashboard/bundles/new', body);
}

/** `POST /dashboard/bundles/alter`: `items` replaces the list. */
export function alterBundle(body: BundleAlterBody): Promise<DashboardBundle> {
  return staffApi.post<DashboardBundle>('/dashboard/bundles/alter', body);
}

export function useCreateBundle() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createBundle, onSuccess: () => queryClient.invalidateQueries({ queryKey: [...bundlesQueryKey, 'page'] }) });
}

export function useAlterBundle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: alterBundle,
    onSuccess: (saved) => {
      queryClient.setQueryData(bundleDetailKey(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: [...bundlesQueryKey, 'page'] });
    },
  });
}
