import { useMutation, useQueryClient } from '@tanstack/react-query';
import { normalizeEmail } from '@inkwell/contracts/account-rules';
import { api } from '@inkwell/ui-kit/api-client';
import { getAccountExistsQueryOptions } from './get-account-exists';
import { login, type Credentials } from './login';

/** Base64 of the UTF-8 bytes, as the newer sign-up call expects (btoa alone only takes Latin-1). */
function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Sign-up failed after the account was created: only the automatic login did not go through. */
export class AutoLoginError extends Error {
  override readonly name = 'AutoLoginError';

  constructor(cause: unknown) {
    super('Your account was created. Please log in.', { cause });
  }
}

/**
 * `POST /account/signupCustomerV2` with base64-encoded email and password, then the automatic login
 * of storefront spec §8 (sign-up code 200: success, then auto login).
 */
export async function signUp({ email, password }: Credentials): Promise<void> {
  const address = normalizeEmail(email);
  await api.post<{ userid: string }>('/account/signupCustomerV2', { email: base64Utf8(address), password: base64Utf8(password) });
  try {
    await login({ email: address, password });
  } catch (error) {
    throw new AutoLoginError(error);
  }
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    // Whatever happened, the address may now be taken: the next check must ask again.
    onSettled: (_data, _error, { email }) => queryClient.invalidateQueries({ queryKey: getAccountExistsQueryOptions(email).queryKey }),
  });
}
