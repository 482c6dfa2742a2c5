import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountQueryKey } from '@inkwell/ui-kit/account';
import { api } from '@inkwell/ui-kit/api-client';
import { KEEP_ON_LOGOUT } from '@/lib/query-meta';

/** `POST /account/verifyEmail` with the token of a verification link; answers with the verified address. */
export async function verifyEmail(token: string): Promise<{ email: string }> {
  const { data } = await api.post<{ email: string }>('/account/verifyEmail', { Token: token });
  return data;
}

/**
 * A link is spent by its first use, so the call is made once per token and its answer kept for
 * the page's life: a query (deduplicated across React's double effects, cached if the reader comes
 * back) rather than a mutation fired from an effect.
 */
export function getVerifyEmailQueryOptions(token: string) {
  return queryOptions({
    // Not under the account's key: refreshing the account must not spend the link a second time.
    queryKey: ['auth', 'verify-email', token] as const,
    queryFn: () => verifyEmail(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    meta: KEEP_ON_LOGOUT,
  });
}

export function useVerifyEmail(token: string) {
  const queryClient = useQueryClient();
  const query = useQuery(getVerifyEmailQueryOptions(token));
  const verified = query.isSuccess;
  useEffect(() => {
    if (verified) void queryClient.invalidateQueries({ queryKey: accountQueryKey });
  }, [verified, queryClient]);
  return query;
}
