import type { DashboardPublisher, PublisherListBody } from '@inkwell/contracts/dashboard-catalogue';
import type { Paginated } from '@inkwell/contracts/dashboard';
import type { PageParams } from '@/components/data-table/use-paged-query';
import { staffApi } from '@/lib/staff-api';

/** Everything fetched about publishers; every publisher change invalidates by it. */
export const publishersQueryKey = ['publishers'] as const;

export type PublisherFilter = 'visibility';

const SORTABLE = new Set<string>(['name', 'createdAt', 'id']);

/** `POST /dashboard/publisher/post-pagination`: one page of publishers, searched, filtered and sorted on the server. */
export function getPublisherPage(params: PageParams<PublisherFilter>, signal?: AbortSignal): Promise<Paginated<DashboardPublisher>> {
  const visibility = params.filters.visibility;
  const body: PublisherListBody = {
    query: params.search || undefined,
    start: (params.page - 1) * params.pageSize,
    count: params.pageSize,
    hidden: visibility === 'hidden' ? true : visibility === 'visible' ? false : undefined,
    sortBy: params.sort && SORTABLE.has(params.sort.id) ? (params.sort.id as PublisherListBody['sortBy']) : undefined,
    sortDirection: params.sort ? (params.sort.desc ? 'desc' : 'asc') : undefined,
  };
  return staffApi.post<Paginated<DashboardPublisher>>('/dashboard/publisher/post-pagination', body, { signal });
}
