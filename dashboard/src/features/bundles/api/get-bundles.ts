import type { Paginated } from '@inkwell/contracts/dashboard';
import type { BundleListQuery, BundleListRow } from '@inkwell/contracts/dashboard-catalogue';
import { staffApi } from '@/lib/staff-api';

export const bundlesQueryKey = ['dashboard', 'bundles'] as const;

/** `GET /dashboard/bundles` with query and count (spec §7), plus start, status and includeRemoved. */
export function getBundles(query: BundleListQuery, { signal }: { signal?: AbortSignal } = {}): Promise<Paginated<BundleListRow>> {
  return staffApi.get<Paginated<BundleListRow>>('/dashboard/bundles', { query: { ...query }, signal });
}
