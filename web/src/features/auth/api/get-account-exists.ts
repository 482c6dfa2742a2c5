import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { normalizeEmail } from '@inkwell/contracts/account-rules';
import { api } from '@inkwell/ui-kit/api-client';

/** `GET /account/exists/{email}`: whether a Reader account uses this address (storefront spec §4 login flow). */
export async function getAccountExists(email: string, { signal }: { signal?: AbortSignal } = {}): Promise<boolean> {
  const { data } = await api.get<boolean>(`/account/exists/${encodeURIComponent(email)}`, { signal });
  return data === true;
}

export function getAccountExistsQueryOptions(email: string) {
  const normalized = normalizeEmail(email).toLowerCase();
  return queryOptions({
    queryKey: ['auth', 'exists', normalized] as const,
    queryFn: ({ signal }) => getAccountExists(normalized, { signal }),
    // An address can be signed up for at any moment; an answer is only good for the step it decides.
    staleTime: 0,
  });
}

/**
 * The check behind the overlay's Continue button. It runs when the reader asks, not while they
 * type, so it is a mutation over the query: pending and error states for the button, the answer
 * cached under the query's key.
 */
export function useCheckAccountExists() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (email: string) => queryClient.fetchQuery(getAccountExistsQueryOptions(email)) });
}
