import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** Age ratings lowest to highest (storefront spec §3); the key of the "max shown rating" setting's values. */
export type AgeRatingKey = 'e' | 'e7' | 'pg' | 't' | 'm';

export interface AccountSettings {
  /** Content rated above this is hidden; null when the reader never chose (nothing hidden). */
  maxshownratingkey: AgeRatingKey | null;
}

/** The signed-in account, as `GET /account` describes it (storefront spec §3). */
export interface Account {
  userid: string;
  email: string;
  verified: boolean;
  roles: string[];
  settings: AccountSettings;
  /** When the last verification email went out (ISO time), or null if none has. */
  verificationSentAt: string | null;
}

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
