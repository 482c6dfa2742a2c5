import { useMutation } from '@tanstack/react-query';
import { api } from '@inkwell/ui-kit/api-client';

/** `POST /account/changePassword` with the token of a password-reset email and the new password. */
export async function resetPassword({ token, password }: { token: string; password: string }): Promise<void> {
  await api.post<unknown>('/account/changePassword', { Token: token, Password: password });
}

/** Nothing cached changes: the reader is not logged in by a reset, and logs in afterwards. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
