import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardBundle } from '@inkwell/contracts/dashboard-catalogue';
import { staffApi } from '@/lib/staff-api';
import { bundlesQueryKey } from './get-bundles';

/** `GET /dashboard/bundles/{id}`: the bundle with its items and prices. */
export function getBundle(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<DashboardBundle> {
  return staffApi.get<DashboardBundle>(`/dashboard/bundles/${id}`, { signal });
}

export function bundleDetailKey(id: number) {
  return [...bundlesQueryKey, 'detail', id] as const;
}

export function useBundle(id: number | undefined) {
  return useQuery({
    ...queryOptions({ queryKey: bundleDetailKey(id ?? 0), queryFn: ({ signal }) => getBundle(id ?? 0, { signal }), staleTime: 0 }),
    enabled: id !== undefined,
  });
}
