import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BadgeStock, GiftCodeUploadResult } from '@inkwell/contracts/badges';
import { staffApi } from '@/lib/staff-api';

export const badgesQueryKey = ['badges'] as const;

/** `GET /dashboard/badges`: each badge with its gift codes total, handed out and left. */
export function getBadgesQueryOptions() {
  return queryOptions({
    queryKey: badgesQueryKey,
    queryFn: ({ signal }) => staffApi.get<BadgeStock[]>('/dashboard/badges', { signal }),
  });
}

/** `POST /dashboard/badges/{id}/codes`: the list's text; answers how many were added and skipped. */
export function addGiftCodes({ badgeId, codes }: { badgeId: number; codes: string }): Promise<GiftCodeUploadResult> {
  return staffApi.post<GiftCodeUploadResult>(`/dashboard/badges/${badgeId}/codes`, { codes });
}

export function useAddGiftCodes() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addGiftCodes, onSuccess: () => queryClient.invalidateQueries({ queryKey: badgesQueryKey }) });
}
