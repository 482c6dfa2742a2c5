import { useMutation } from '@tanstack/react-query';
import { api } from '@inkwell/ui-kit/api-client';
import { setTokens } from '@inkwell/ui-kit/storage';
import type { TokenPair } from '@inkwell/contracts/account';

export interface Credentials {
  email: string;
  password: string;
}

/**
 * `POST /account/token` with UserName and Password, the storefront's own sign-in. The tokens go
 * where the storefront keeps them too (same origin), and the gate loads the account from the new
 * token; whether it is an admin's is the gate's question, not the token call's.
 */
export async function signIn({ email, password }: Credentials): Promise<void> {
  const { data } = await api.post<TokenPair>('/account/token', { UserName: email.trim(), Password: password });
  setTokens({ accessToken: data.access_token, refreshToken: data.refresh_token });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
