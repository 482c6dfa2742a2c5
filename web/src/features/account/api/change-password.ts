import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountQueryKey } from '@inkwell/ui-kit/account';
import { api } from '@inkwell/ui-kit/api-client';

export interface ChangePasswordInput {
  email: string;
  password: string;
  newPassword: string;
  confirmNewPassword: string;
}

/** `POST /account/changePassword/V2`: the current password proves it is the reader; 403 'Wrong password.' otherwise. */
export async function changePassword({ email, password, newPassword, confirmNewPassword }: ChangePasswordInput): Promise<void> {
  await api.post<unknown>('/account/changePassword/V2', { Email: email, Password: password, NewPassword: newPassword, ConfirmNewPassword: confirmNewPassword });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }),
  });
}
