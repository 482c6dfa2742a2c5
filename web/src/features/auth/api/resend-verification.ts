import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountQueryKey } from '@inkwell/ui-kit/account';
import { api } from '@inkwell/ui-kit/api-client';

/** `POST /account/resendVerification`: mails a new verification link; answers when it went out. */
export async function resendVerification(): Promise<{ sentAt: string }> {
  const { data } = await api.post<{ sentAt: string }>('/account/resendVerification');
  return data;
}

export function useResendVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendVerification,
    // The account carries verificationSentAt; a refusal (already verified) changes it too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }),
  });
}
