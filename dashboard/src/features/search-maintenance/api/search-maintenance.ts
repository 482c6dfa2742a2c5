/** Search maintenance and the whole-cache invalidation (dashboard spec §7 "Search maintenance", "Home page"). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CacheInvalidated,
  SearchActiveNotUploaded,
  SearchOrphans,
  SearchRemoved,
  SearchUploadJob,
} from '@inkwell/contracts/dashboard-catalogue';
import { staffApi } from '@/lib/staff-api';

export const searchMaintenanceQueryKey = ['search-maintenance'] as const;

/** `GET /dashboard/search/getOrphans`: documents in the index whose item is gone or no longer listed. */
export const orphansQueryOptions = queryOptions({
  queryKey: [...searchMaintenanceQueryKey, 'orphans'] as const,
  queryFn: ({ signal }) => staffApi.get<SearchOrphans>('/dashboard/search/getOrphans', { signal }),
  staleTime: 0,
});

/** `GET /dashboard/search/getActiveNotUploaded`: listed items the index lacks. */
export const activeNotUploadedQueryOptions = queryOptions({
  queryKey: [...searchMaintenanceQueryKey, 'active-not-uploaded'] as const,
  queryFn: ({ signal }) => staffApi.get<SearchActiveNotUploaded>('/dashboard/search/getActiveNotUploaded', { signal }),
  staleTime: 0,
});

function useRefreshLists() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orphansQueryOptions.queryKey }),
      queryClient.invalidateQueries({ queryKey: activeNotUploadedQueryOptions.queryKey }),
    ]);
}

/** `POST /dashboard/search/removeInactiveFromSearch`. */
export function useRemoveInactiveFromSearch() {
  const refresh = useRefreshLists();
  return useMutation({ mutationFn: () => staffApi.post<SearchRemoved>('/dashboard/search/removeInactiveFromSearch'), onSuccess: refresh });
}

/** `POST /dashboard/search/uploadAllToSearch`: starts the rebuild; the answer is the job to poll. */
export function useUploadAllToSearch() {
  return useMutation({ mutationFn: () => staffApi.post<SearchUploadJob>('/dashboard/search/uploadAllToSearch') });
}

const POLL_MS = 1000;

/** `GET /dashboard/search/uploadAllToSearch/{jobId}`, polled each second while the job runs. */
export function useUploadJob(jobId: string | null) {
  const refresh = useRefreshLists();
  return useQuery({
    queryKey: [...searchMaintenanceQueryKey, 'upload-job', jobId] as const,
    queryFn: async ({ signal }) => {
      const job = await staffApi.get<SearchUploadJob>(`/dashboard/search/uploadAllToSearch/${encodeURIComponent(jobId!)}`, { signal });
      if (job.state !== 'running') void refresh();
      return job;
    },
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data?.state === 'running' || !query.state.data ? POLL_MS : false),
    staleTime: 0,
  });
}

/** `POST /dashboard/cache/invalidateAll`. */
export function useInvalidateAllCaches() {
  return useMutation({ mutationFn: () => staffApi.post<CacheInvalidated>('/dashboard/cache/invalidateAll') });
}
