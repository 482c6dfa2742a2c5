import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@inkwell/ui-kit/api-client';
import { libraryQueryKey } from './get-library';

export interface ReadingProgressSave {
  comicId: string;
  /** 0-based index of the page to resume at. */
  page: number;
  /** When the reader was on that page; the server keeps the latest of concurrent saves. */
  updatedAt: string;
}

/** `PATCH /mycomics/{id}`: a signed-in reader's progress in one comic. */
export async function saveReadingProgress({ comicId, page, updatedAt }: ReadingProgressSave): Promise<void> {
  await api.patch(`/mycomics/${encodeURIComponent(comicId)}`, { ReadingProgress: page, updatedAt });
}

export function useSaveReadingProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReadingProgress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryQueryKey }),
  });
}
