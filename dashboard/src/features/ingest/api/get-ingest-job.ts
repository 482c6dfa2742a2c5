import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IngestJob, IngestLatestAnswer } from '@inkwell/contracts/ingest';
import { staffApi } from '@/lib/staff-api';

/** How often a running job is asked for its progress. */
export const INGEST_POLL_MS = 1_000;

export function isJobRunning(job: IngestJob | null | undefined): boolean {
  return job !== null && job !== undefined && job.status !== 'completed' && job.status !== 'failed';
}

export function ingestJobQueryKey(productId: number) {
  return ['dashboard', 'ingest', 'product', productId] as const;
}

/**
 * `GET /dashboard/ingest/product/{productId}`: the product's latest job. While it runs, it is
 * polled every second (`GET /dashboard/ingest/jobs/{jobId}`) until it completes or fails.
 */
export function getLatestIngestJobQueryOptions(productId: number) {
  return queryOptions({
    queryKey: ingestJobQueryKey(productId),
    queryFn: async ({ signal, client }) => {
      const previous = client.getQueryData<IngestLatestAnswer>(ingestJobQueryKey(productId));
      if (isJobRunning(previous) && previous) return staffApi.get<IngestJob>(`/dashboard/ingest/jobs/${encodeURIComponent(previous.id)}`, { signal });
      return staffApi.get<IngestLatestAnswer>(`/dashboard/ingest/product/${productId}`, { signal });
    },
    refetchInterval: (query) => (isJobRunning(query.state.data) ? INGEST_POLL_MS : false),
    staleTime: 0,
  });
}

export function useLatestIngestJob(productId: number) {
  return useQuery(getLatestIngestJobQueryOptions(productId));
}
