import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountQueryKey } from '@inkwell/ui-kit/account';
import { api, renewAccessToken } from '@inkwell/ui-kit/api-client';
import { getAccessToken } from '@inkwell/ui-kit/storage';
import { KEEP_ON_LOGOUT } from '@/lib/query-meta';

/** `POST /account/completeChangeEmail` with the token of the link mailed to the new address; answers with it. */
export async function completeChangeEmail(token: string): Promise<{ email: string }> {
  const { data } = await api.post<{ email: string }>('/account/completeChangeEmail', { Token: token });
  return data;
}

/** Asked once per link, like the verification link: the first answer is the only one. */
export function getCompleteChangeEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['account-links', 'change-email', token] as const,
    queryFn: () => completeChangeEmail(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    meta: KEEP_ON_LOGOUT,
  });
}

export function useCompleteChangeEmail(token: string) {
  const queryClient = useQueryClient();
  const query = useQuery(getCompleteChangeEmailQueryOptions(token));
  const changed = query.isSuccess;
  useEffect(() => {
    if (!changed) return;
    // A signed-in reader's access token names the old address until it is renewed.
    const renewal = getAccessToken() ? renewAccessToken() : Promise.resolve(null);
    void renewal.then(() => queryClient.invalidateQueries({ queryKey: accountQueryKey }));
  }, [changed, queryClient]);
  return query;
}
