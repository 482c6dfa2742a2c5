import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account, AgeRatingKey } from '@inkwell/ui-kit/account';
import { api, renewAccessToken } from '@inkwell/ui-kit/api-client';

/** The setting key of the maximum shown rating (storefront spec §3). */
export const MAX_SHOWN_RATING_KEY = 'maxshownratingkey';

/** `POST /account/settings/{key}`; the maximum shown rating needs the password (403 'Wrong password.'). Answers with the account. */
export async function updateMaxShownRating({ value, password }: { value: AgeRatingKey; password: string }): Promise<Account> {
  const { data } = await api.post<Account>(`/account/settings/${MAX_SHOWN_RATING_KEY}`, { value, Password: password });
  return data;
}

/**
 * The access token carries the rating (`maxShownRating`), and every service decides what to show
 * from the token: it is renewed at once, then everything fetched is asked for again, since what
 * the reader may see has changed.
 */
export function useUpdateMaxShownRating() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { value: AgeRatingKey; password: string }) => {
      const account = await updateMaxShownRating(input);
      await renewAccessToken();
      return account;
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
