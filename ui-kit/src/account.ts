import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Account } from '@inkwell/contracts/account';
import { api } from './api-client';

export type { Account } from '@inkwell/contracts/account';
export type { AgeRatingKey } from '@inkwell/contracts/age-ratings';

/** The role that opens the staff dashboard (and shows the storefront's link to it). */
export const ADMIN_ROLE = 'admin';

export function isAdmin(account: Account): boolean {
  return Array.isArray(account.roles) && account.roles.includes(ADMIN_ROLE);
}

export async function getAccount({ signal }: { signal?: AbortSignal } = {}): Promise<Account> {
  const { data } = await api.get<Account>('/account', { signal });
  return data;
}

export const accountQueryKey = ['account'] as const;

/** Keyed by the access token, so a different sign-in never shows the previous account. */
export function getAccountQueryOptions(accessToken: string | null) {
  return queryOptions({
    queryKey: [...accountQueryKey, accessToken],
    queryFn: ({ signal }) => getAccount({ signal }),
    enabled: accessToken !== null,
    staleTime: 5 * 60_000,
  });
}

export function useAccount(accessToken: string | null) {
  return useQuery(getAccountQueryOptions(accessToken));
}
