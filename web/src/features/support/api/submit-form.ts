import { useMutation } from '@tanstack/react-query';
import type { SubmittedFormBody } from '@inkwell/contracts/dashboard-support';
import { api } from '@inkwell/ui-kit/api-client';

export type SubmittedForm = SubmittedFormBody;

/**
 * `POST /submitted-form/submit` (storefront spec §7): opens a support ticket, or adds to the
 * sender's open one, and answers its reference. A signed-in reader's token goes with it, so the
 * ticket names their account.
 */
export async function submitForm(form: SubmittedForm): Promise<{ reference: string }> {
  const { data } = await api.post<{ reference: string }>('/submitted-form/submit', form);
  return data;
}

export function useSubmitForm() {
  return useMutation({ mutationFn: submitForm });
}
