import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@inkwell/ui-kit/api-client';
import { libraryQueryKey } from './get-library';

/** `PATCH /mycomics/remove/{productId}/-`: takes a book off the shelf (every variant). */
export async function removeFromLibrary(productId: string): Promise<void> {
  await api.patch(`/mycomics/remove/${encodeURIComponent(productId)}/-`);
}

export function useRemoveFromLibrary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromLibrary,
    onSettled: () => queryClient.invalidateQueries({ queryKey: libraryQueryKey }),
  });
}
