import { useState } from 'react';
import { createColumnHelper, type RowSelectionState } from '@tanstack/react-table';
import type { DashboardPublisher } from '@inkwell/contracts/dashboard-catalogue';
import { Button } from '@inkwell/ui-kit/button';
import { DataTable } from '@/components/data-table/data-table';
import { usePagedQuery } from '@/components/data-table/use-paged-query';
import { ConfirmDialog, useConfirm } from '@/components/dialog/confirm-dialog';
import { Badge } from '@/components/feedback/status-badge';
import { toast, toastError } from '@/components/feedback/toast';
import { SelectField } from '@/components/form/select-field';
import { SearchField } from '@/components/form/search-field';
import { PageHeader } from '@/components/layout/page-header';
import { MenuButton } from '@/components/menu-button';
import { formatCount, formatDate } from '@/lib/format';
import { useRemovePublisher, useSetPublishersHidden } from '../api/change-publishers';
import { getPublisherPage, publishersQueryKey, type PublisherFilter } from '../api/get-publishers';
import { PublisherDialog } from '../components/publisher-dialog';

const column = createColumnHelper<DashboardPublisher>();

export default function PublisherListRoute() {
  const list = usePagedQuery<DashboardPublisher, PublisherFilter>({
    queryKey: publishersQueryKey,
    filterKeys: ['visibility'],
    defaultSort: { id: 'name', desc: false },
    fetchPage: getPublisherPage,
  });
  const [selected, setSelected] = useState<RowSelectionState>({});
  // undefined: closed; null: a new publisher; a publisher: editing it.
  const [editing, setEditing] = useState<DashboardPublisher | null | undefined>(undefined);
  const removal = useConfirm<DashboardPublisher>();
  const remove = useRemovePublisher();
  const setHidden = useSetPublishersHidden();

  const changeVisibility = async (ids: string[], hidden: boolean) => {
    try {
      const answer = await setHidden.mutateAsync({ ids: ids.map(Number), hidden });
      toast.success(`${formatCount(answer.ids.length)} ${answer.ids.length === 1 ? 'publisher' : 'publishers'} ${hidden ? 'hidden' : 'shown'}`);
      setSelected({});
    } catch (error) {
      toastError(hidden ? 'The publishers were not hidden' : 'The publishers were not shown', error);
    }
  };

  const columns = [
    column.accessor('name', {
      header: 'Name',
      meta: { isPrimary: true },
      cell: (info) => info.getValue(),
    }),
    column.accessor('hidden', {
      header: 'Visibility',
      enableSorting: false,
      cell: (info) => (info.getValue() ? <Badge tone="muted">Hidden</Badge> : <Badge tone="success">Visible</Badge>),
    }),
    column.accessor('imprints', {
      header: 'Imprints',
      enableSorting: false,
      meta: { hideOnPhone: true },
      cell: (info) => info.getValue().map((imprint) => imprint.name).join(', ') || '—',
    }),
    column.accessor('seriesCount', { header: 'Series', enableSorting: false, meta: { align: 'end' }, cell: (info) => formatCount(info.getValue()) }),
    column.accessor('productCount', { header: 'Products', enableSorting: false, meta: { align: 'end' }, cell: (info) => formatCount(info.getValue()) }),
    column.accessor('createdAt', { header: 'Created', meta: { hideOnPhone: true }, cell: (info) => formatDate(info.getValue()) }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      meta: { align: 'end', label: 'Actions', width: '3.5rem', isRowActions: true },
      cell: ({ row }) => (
        <MenuButton
          label={`Actions for ${row.original.name}`}
          actions={[
            { id: 'edit', label: 'Edit', onAction: () => setEditing(row.original) },
            {
              id: 'visibility',
              label: row.original.hidden ? 'Show on the storefront' : 'Hide from the storefront',
              onAction: () => void changeVisibility([String(row.original.id)], !row.original.hidden),
            },
            { id: 'remove', label: 'Remove…', isDestructive: true, separatorBefore: true, onAction: () => removal.ask(row.original) },
          ]}
        />
      ),
    }),
  ];

  return (
    <>
      <PageHeader
        title="Publishers"
        summary="Create, edit and remove publishers and their imprints, and hide or show them on the storefront."
        actions={<Button onClick={() => setEditing(null)}>New publisher</Button>}
      />
      <DataTable
        caption="Publishers"
        columns={columns}
        list={list}
        getRowId={(publisher) => String(publisher.id)}
        rowLabel={(publisher) => publisher.name}
        selection={{ selected, onChange: setSelected }}
        bulkActions={(ids) => (
          <>
            <Button size="sm" variant="accent" disabled={setHidden.isPending} onClick={() => void changeVisibility(ids, true)}>
              Hide
            </Button>
            <Button size="sm" variant="accent" disabled={setHidden.isPending} onClick={() => void changeVisibility(ids, false)}>
              Show
            </Button>
          </>
        )}
        toolbar={
          <>
            <SearchField label="Search publishers" placeholder="Search by name" value={list.searchInput} onChange={list.setSearch} />
            <SelectField<string>
              label="Visibility"
              options={[
                { id: 'all', label: 'All publishers' },
                { id: 'visible', label: 'Visible' },
                { id: 'hidden', label: 'Hidden' },
              ]}
              value={list.params.filters.visibility ?? 'all'}
              onChange={(value) => list.setFilter('visibility', value === 'all' ? null : value)}
            />
          </>
        }
        empty={{
          title: 'No publishers yet',
          text: 'Publishers you create appear here with their imprints and visibility.',
          action: <Button onClick={() => setEditing(null)}>New publisher</Button>,
        }}
      />

      {editing !== undefined && <PublisherDialog key={editing?.id ?? 'new'} publisher={editing} onClose={() => setEditing(undefined)} />}

      <ConfirmDialog
        isOpen={removal.isOpen}
        onOpenChange={removal.onOpenChange}
        title={`Remove ${removal.item?.name ?? 'this publisher'}?`}
        confirmLabel="Remove publisher"
        isDestructive
        onConfirm={async () => {
          if (!removal.item) return;
          await remove.mutateAsync(removal.item.id);
          toast.success(`Publisher “${removal.item.name}” removed`);
          setSelected(({ [String(removal.item!.id)]: _, ...rest }) => rest);
        }}
      >
        <p>The publisher and its imprints are removed. A publisher that series or products still belong to cannot be removed.</p>
      </ConfirmDialog>
    </>
  );
}
