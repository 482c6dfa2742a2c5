import { useMutation } from '@tanstack/react-query';
import { normalizeEmail } from '@inkwell/contracts/account-rules';
import { api } from '@inkwell/ui-kit/api-client';

/** `POST /account/forgotPassword?email=`: mails a link to /reset-password/. Always succeeds, so nobody can probe for accounts. */
export async function requestPasswordReset(email: string): Promise<void> {
  await api.post<unknown>('/account/forgotPassword', undefined, { query: { email: normalizeEmail(email) } });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
