import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IngestEncodeAnswer } from '@inkwell/contracts/ingest';
import { staffApi } from '@/lib/staff-api';
import { ingestJobQueryKey } from './get-ingest-job';

/** `GET /dashboard/ingest/encode/{id}?forceReEncode=true`: encodes the page set again from the kept master archive. */
export function reencodeComic(productId: number): Promise<IngestEncodeAnswer> {
  return staffApi.get<IngestEncodeAnswer>(`/dashboard/ingest/encode/${productId}`, { query: { forceReEncode: true } });
}

export function useReencodeComic(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => reencodeComic(productId),
    onSuccess: (answer) => {
      if (answer.job) queryClient.setQueryData(ingestJobQueryKey(productId), answer.job);
    },
  });
}
