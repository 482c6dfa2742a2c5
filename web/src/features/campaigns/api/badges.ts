import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserBadge } from '@inkwell/contracts/badges';
import { api } from '@inkwell/ui-kit/api-client';

export const badgesQueryKey = ['userbadge'] as const;

/** `GET /userbadge/get`: the signed-in reader's badges and their gift codes. */
export async function getBadges({ signal }: { signal?: AbortSignal } = {}): Promise<UserBadge[]> {
  return (await api.get<UserBadge[]>('/userbadge/get', { signal })).data;
}

export function badgesQueryOptions() {
  return queryOptions({ queryKey: badgesQueryKey, queryFn: ({ signal }) => getBadges({ signal }) });
}

export function useBadges(enabled: boolean) {
  return useQuery({ ...badgesQueryOptions(), enabled });
}

/** `POST /userbadge/claim?badgeId=`: the badge and its gift code (the one held, when claimed before). */
export async function claimBadge(badgeId: number): Promise<UserBadge> {
  return (await api.post<UserBadge>('/userbadge/claim', undefined, { query: { badgeId } })).data;
}

export function useClaimBadge() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: claimBadge, onSettled: () => queryClient.invalidateQueries({ queryKey: badgesQueryKey }) });
}
