import { useMutation } from '@tanstack/react-query';
import { normalizeEmail } from '@inkwell/contracts/account-rules';
import { api } from '@inkwell/ui-kit/api-client';
import { setTokens } from '@inkwell/ui-kit/storage';
import type { TokenPair } from '@inkwell/contracts/account';

export interface Credentials {
  email: string;
  password: string;
}

/**
 * `POST /account/token` with UserName and Password. The tokens are stored where every tab and the
 * dashboard read them; the auth provider picks the new token up and loads the account.
 */
export async function login({ email, password }: Credentials): Promise<void> {
  const { data } = await api.post<TokenPair>('/account/token', { UserName: normalizeEmail(email), Password: password });
  setTokens({ accessToken: data.access_token, refreshToken: data.refresh_token });
}

/** The account query is keyed by the access token, so the new token needs no invalidation. */
export function useLogin() {
  return useMutation({ mutationFn: login });
}
