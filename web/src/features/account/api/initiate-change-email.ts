import { useMutation } from '@tanstack/react-query';
import { normalizeEmail } from '@inkwell/contracts/account-rules';
import { api } from '@inkwell/ui-kit/api-client';

/**
 * `POST /account/initiateChangeEmail`: mails a confirmation link to the new address. The account
 * keeps its email until that link is opened, so nothing cached changes yet.
 */
export async function initiateChangeEmail({ newEmail, password }: { newEmail: string; password: string }): Promise<void> {
  await api.post<unknown>('/account/initiateChangeEmail', { NewEmail: normalizeEmail(newEmail), Password: password });
}

export function useInitiateChangeEmail() {
  return useMutation({ mutationFn: initiateChangeEmail });
}
