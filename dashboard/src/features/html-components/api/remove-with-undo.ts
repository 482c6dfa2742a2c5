import { useQueryClient } from '@tanstack/react-query';
import type { HtmlComponent } from '@inkwell/contracts/dashboard-merchandising';
import { toast, toastError } from '@/components/feedback/toast';
import { alterHtmlComponents, htmlComponentsQueryKey, removeHtmlComponent } from './html-components';

/** Removes a component, then offers to undo it from the toast: it is saved again as it was (status, content, place). */
export function useRemoveWithUndo() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: htmlComponentsQueryKey });

  const restore = async (component: HtmlComponent) => {
    try {
      await alterHtmlComponents([
        {
          id: component.id,
          name: component.name,
          style: component.style,
          content: component.content,
          order: component.order,
          status: component.status === 'Published' ? 'Published' : 'Draft',
        },
      ]);
      toast.success(`${component.name} is back.`);
    } catch (error) {
      toastError(`${component.name} could not be brought back`, error);
    } finally {
      await refresh();
    }
  };

  return async (component: HtmlComponent) => {
    try {
      await removeHtmlComponent(component.id);
    } finally {
      await refresh();
    }
    toast.success(`${component.name} removed.`, { action: { label: 'Undo', onClick: () => void restore(component) }, duration: 10_000 });
  };
}
