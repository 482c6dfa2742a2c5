import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { CuratedList } from '@inkwell/contracts/dashboard-merchandising';
import { ButtonLink } from '@inkwell/ui-kit/button';
import { SimpleTable, type SimpleColumn } from '@/components/data-table/simple-table';
import { ConfirmDialog, useConfirm } from '@/components/dialog/confirm-dialog';
import { StatusBadge } from '@/components/feedback/status-badge';
import { toast, toastError } from '@/components/feedback/toast';
import { CheckboxField } from '@/components/form';
import { PageHeader } from '@/components/layout/page-header';
import { MenuButton } from '@/components/menu-button';
import { formatCount } from '@/lib/format';
import { useAlterCarousels, useCarousels } from '../api/carousels';
import { listName, useRemoveWithUndo } from '../api/remove-with-undo';
import { listToInput } from '../curated-list-form';

const byOrder = (a: CuratedList, b: CuratedList) => a.order - b.order || a.id - b.id;

/** `carousels`: the home page's curated lists in their order, to open, reorder and remove. */
export default function CarouselListRoute() {
  const query = useCarousels();
  const alter = useAlterCarousels();
  const removeWithUndo = useRemoveWithUndo();
  const removing = useConfirm<CuratedList>();
  const [showRemoved, setShowRemoved] = useState(false);

  const all = [...(query.data ?? [])].sort(byOrder);
  const placed = all.filter((list) => list.status !== 'Removed');
  const rows = showRemoved ? all : placed;
  const removedCount = all.length - placed.length;

  /** Moves a list one place up or down among those on the home page: every list whose place changes is saved with it, together. */
  const move = async (list: CuratedList, step: -1 | 1) => {
    const from = placed.findIndex((item) => item.id === list.id);
    const to = from + step;
    if (from < 0 || to < 0 || to >= placed.length) return;
    const next = [...placed];
    next.splice(to, 0, ...next.splice(from, 1));
    const changed = next.flatMap((item, index) => (item.order === index ? [] : [{ ...listToInput(item), order: index, expectedUpdatedAt: item.updatedAt }]));
    try {
      await alter.mutateAsync(changed);
      toast.success(`${listName(list)} moved to place ${to + 1}.`);
    } catch (error) {
      toastError(`${listName(list)} was not moved`, error);
    }
  };

  const columns: SimpleColumn<CuratedList>[] = [
    { id: 'order', header: 'Order', cell: (list) => (list.status === 'Removed' ? '—' : formatCount(placed.indexOf(list) + 1)), align: 'end' },
    {
      id: 'title',
      header: 'Title',
      isPrimary: true,
      cell: (list) => <Link to={`/carousels/${list.id}`}>{listName(list)}</Link>,
    },
    { id: 'type', header: 'Type', cell: (list) => list.type },
    { id: 'status', header: 'Status', cell: (list) => <StatusBadge status={list.status} /> },
    { id: 'items', header: 'Items', align: 'end', cell: (list) => formatCount(list.curatedItems.length) },
    {
      id: 'actions',
      header: 'Actions',
      align: 'end',
      cell: (list) => {
        const place = placed.indexOf(list);
        return (
          <MenuButton
            label={`Actions for ${listName(list)}`}
            actions={[
              { id: 'edit', label: 'Edit', href: `/carousels/${list.id}` },
              { id: 'up', label: 'Move up', isDisabled: place <= 0 || alter.isPending, onAction: () => void move(list, -1) },
              { id: 'down', label: 'Move down', isDisabled: place < 0 || place === placed.length - 1 || alter.isPending, onAction: () => void move(list, 1) },
              { id: 'remove', label: 'Remove…', isDestructive: true, separatorBefore: true, isDisabled: list.status === 'Removed', onAction: () => removing.ask(list) },
            ]}
          />
        );
      },
    },
  ];

  return (
    <>
      <PageHeader
        title="Carousels"
        summary="The curated lists the storefront’s home page shows as carousels, in their order."
        actions={<ButtonLink to="/carousels/new">New curated list</ButtonLink>}
      />
      {removedCount > 0 && <CheckboxField label={`Show removed lists (${formatCount(removedCount)})`} value={showRemoved} onChange={setShowRemoved} />}
      <SimpleTable
        caption="Carousels"
        columns={columns}
        query={query}
        rows={rows}
        getRowId={(list) => String(list.id)}
        empty={{ title: 'No carousels', text: 'Create a curated list to show a carousel of hand-picked or filtered products and series on the home page.' }}
      />
      <ConfirmDialog
        isOpen={removing.isOpen}
        onOpenChange={removing.onOpenChange}
        title={`Remove ${removing.item ? listName(removing.item) : 'this list'}?`}
        confirmLabel="Remove list"
        isDestructive
        onConfirm={() => (removing.item ? removeWithUndo(removing.item) : undefined)}
      >
        <p>The carousel leaves the storefront’s home page. Its products and series are not changed; Undo in the message that follows brings it back.</p>
      </ConfirmDialog>
    </>
  );
}
