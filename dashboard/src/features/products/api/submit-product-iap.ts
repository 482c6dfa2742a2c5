import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IapAddBody, IapSubmission } from '@inkwell/contracts/dashboard-products';
import { staffApi } from '@/lib/staff-api';
import { productQueryKey } from '@/lib/api/get-product';

/** `POST /dashboard/product/{id}/iaps/add`: Apple in-app-purchase submission (spec §5 Apple rules). */
export function submitProductIap({ id, ...body }: IapAddBody & { id: number }): Promise<IapSubmission> {
  return staffApi.post<IapSubmission>(`/dashboard/product/${id}/iaps/add`, body);
}

export function useSubmitProductIap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitProductIap,
    onSettled: (_data, _error, variables) => queryClient.invalidateQueries({ queryKey: productQueryKey(variables.id) }),
  });
}
