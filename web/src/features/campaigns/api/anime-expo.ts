import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserBadge } from '@inkwell/contracts/badges';
import { api } from '@inkwell/ui-kit/api-client';
import { badgesQueryKey } from './badges';

const hasAxKey = (userId: string) => [...badgesQueryKey, 'has-ax', userId] as const;

/** `GET /userbadge/has/ax?userId=`: whether the reader holds the Anime Expo 2023 badge. */
export async function hasAnimeExpoBadge(userId: string, { signal }: { signal?: AbortSignal } = {}): Promise<boolean> {
  return (await api.get<boolean>('/userbadge/has/ax', { signal, query: { userId } })).data;
}

export function useHasAnimeExpoBadge(userId: string | undefined) {
  return useQuery({ queryKey: hasAxKey(userId ?? ''), queryFn: ({ signal }) => hasAnimeExpoBadge(userId!, { signal }), enabled: userId !== undefined });
}

/** `POST /userbadge/claim/ax`. */
export async function claimAnimeExpoBadge(): Promise<UserBadge> {
  return (await api.post<UserBadge>('/userbadge/claim/ax')).data;
}

export function useClaimAnimeExpoBadge() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: claimAnimeExpoBadge, onSettled: () => queryClient.invalidateQueries({ queryKey: badgesQueryKey }) });
}
