import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConfirmAnswer, NewsletterListStatus, SubscribeAnswer, UnsubscribeAnswer } from '@inkwell/contracts/newsletter';
import { api } from '@inkwell/ui-kit/api-client';
import { KEEP_ON_LOGOUT } from '@/lib/query-meta';

export const newsletterQueryKey = ['newsletter', 'lists'] as const;

/** The lists and the signed-in reader's status on each, or `failed` (spec §8: a failed list-status call returns empty; the failure is logged). */
export async function getListsStatus(): Promise<{ lists: NewsletterListStatus[]; failed: boolean }> {
  try {
    const { data } = await api.get<NewsletterListStatus[]>('/newsletter/GetListsStatus');
    return { lists: data, failed: false };
  } catch (error) {
    console.warn('newsletter list status failed', error);
    return { lists: [], failed: true };
  }
}

export function useNewsletterLists(enabled = true) {
  return useQuery({ queryKey: newsletterQueryKey, queryFn: getListsStatus, enabled });
}

/** `POST /newsletter/SubscribeToNewsletters` (payload: attributes); each list then awaits the address's confirmation. */
export async function subscribeToNewsletters(input: { lists: string[]; email?: string; attributes?: Record<string, string | number | boolean> }): Promise<SubscribeAnswer> {
  const { data } = await api.post<SubscribeAnswer>('/newsletter/SubscribeToNewsletters', input);
  return data;
}

/** `GET /newsletter/UnsubscribeFromNewsletters?email=` with the signed token of a mail's link, or as the signed-in owner. */
export async function unsubscribeFromNewsletters(input: { email: string; list?: string; token?: string }): Promise<UnsubscribeAnswer> {
  const { data } = await api.get<UnsubscribeAnswer>('/newsletter/UnsubscribeFromNewsletters', { query: input });
  return data;
}

export async function confirmNewsletter(token: string): Promise<ConfirmAnswer> {
  const { data } = await api.post<ConfirmAnswer>('/newsletter/confirm', { token });
  return data;
}

/** Saves the account page's choices: joins the newly ticked lists, leaves the unticked ones. */
export function useSaveNewsletters(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ join, leave }: { join: string[]; leave: string[] }) => {
      const joined = join.length > 0 ? await subscribeToNewsletters({ lists: join, attributes: { source: 'account-page' } }) : null;
      for (const list of leave) await unsubscribeFromNewsletters({ email, list });
      return { awaiting: joined?.awaitingConfirmation ?? [], left: leave };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: newsletterQueryKey }),
  });
}

/** Asked once per link: following it is the action. */
export function useConfirmNewsletter(token: string) {
  return useQuery({ queryKey: ['newsletter', 'confirm', token], queryFn: () => confirmNewsletter(token), retry: false, staleTime: Infinity, gcTime: Infinity, meta: KEEP_ON_LOGOUT });
}

export function useUnsubscribeLink(input: { email: string; list?: string; token?: string }) {
  return useQuery({ queryKey: ['newsletter', 'unsubscribe', input], queryFn: () => unsubscribeFromNewsletters(input), retry: false, staleTime: Infinity, gcTime: Infinity, meta: KEEP_ON_LOGOUT });
}

export function useResubscribe() {
  return useMutation({ mutationFn: subscribeToNewsletters });
}
