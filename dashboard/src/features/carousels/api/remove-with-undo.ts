import { useQueryClient } from '@tanstack/react-query';
import type { CuratedList } from '@inkwell/contracts/dashboard-merchandising';
import { toast, toastError } from '@/components/feedback/toast';
import { listToInput } from '../curated-list-form';
import { alterCarousels, carouselsQueryKey, createCarousel, removeCarousel } from './carousels';

/** How a list is named in messages: its title, or its number when it has none yet. */
export function listName(list: Pick<CuratedList, 'id' | 'title'>): string {
  return list.title.trim() || `Untitled list #${list.id}`;
}

/**
 * Removes a curated list (`/remove?id`), then offers to undo it from the toast: the list is saved
 * again as it was (its status, items, filter and place), or, when the removed one cannot be
 * altered any more, created again from the same fields.
 */
export function useRemoveWithUndo() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: carouselsQueryKey });

  const restore = async (list: CuratedList) => {
    const status = list.status === 'Published' ? 'Published' : 'Draft';
    try {
      let restored: CuratedList | undefined;
      try {
        restored = (await alterCarousels([listToInput(list, status)])).find((saved) => saved.id === list.id);
      } catch {
        restored = undefined;
      }
      if (!restored || restored.status === 'Removed') {
        const { id: _id, ...fields } = listToInput(list, status);
        restored = await createCarousel(fields);
      }
      toast.success(`${listName(list)} is back.`);
    } catch (error) {
      toastError(`${listName(list)} could not be brought back`, error);
    } finally {
      await refresh();
    }
  };

  return async (list: CuratedList) => {
    try {
      await removeCarousel(list.id);
    } finally {
      await refresh();
    }
    toast.success(`${listName(list)} removed.`, { action: { label: 'Undo', onClick: () => void restore(list) }, duration: 10_000 });
  };
}
