import { useState } from 'react';
import { publishStatusLabel } from '@inkwell/contracts/labels';
import { createColumnHelper } from '@tanstack/react-table';
import { PUBLISH_STATUS_NAMES, SERIES_SORTS, type SeriesListRow } from '@inkwell/contracts/dashboard-catalogue';
import { ButtonLink } from '@inkwell/ui-kit/button';
import { DataTable, usePagedQuery } from '@/components/data-table';
import { ConfirmDialog } from '@/components/dialog/confirm-dialog';
import { StatusBadge } from '@/components/feedback/status-badge';
import { SearchField, SelectField } from '@/components/form';
import { PageHeader } from '@/components/layout/page-header';
import { MenuButton } from '@/components/menu-button';
import { formatCount, formatDate } from '@/lib/format';
import { NameCell, UntitledName, changeFromList } from '@/components/list/list-parts';
import { useChangeSeriesStatus, type SeriesStatusAction } from '../api/change-series-status';
import { getSeriesList, seriesQueryKey } from '../api/get-series-list';

const column = createColumnHelper<SeriesListRow>();
const ANY = 'any';
const STATUS_OPTIONS = [{ id: ANY, label: 'Any status' }, ...PUBLISH_STATUS_NAMES.filter((name) => name !== 'New').map((name) => ({ id: name, label: publishStatusLabel(name) }))];

/** `series`: the server-side paged, sorted and filtered series list. */
export default function SeriesListRoute() {
  const list = usePagedQuery<SeriesListRow, 'status'>({
    queryKey: [...seriesQueryKey, 'page'],
    filterKeys: ['status'],
    fetchPage: (params, signal) => {
      const sortBy = SERIES_SORTS.find((sort) => sort === params.sort?.id);
      return getSeriesList(
        {
          query: params.search || undefined,
          start: (params.page - 1) * params.pageSize,
          count: params.pageSize,
          publishStatus: params.filters.status,
          sortBy,
          sortDirection: sortBy ? (params.sort?.desc ? 'desc' : 'asc') : undefined,
        },
        { signal },
      );
    },
    defaultSort: { id: 'updatedAt', desc: true },
  });
  const changeStatus = useChangeSeriesStatus();
  const [removing, setRemoving] = useState<SeriesListRow | null>(null);

  const change = async (action: SeriesStatusAction, row: SeriesListRow) => {
    await changeFromList(row.title, () => changeStatus.mutateAsync({ id: row.id, action }));
  };

  const columns = [
    column.accessor('title', {
      header: 'Title',
      meta: { isPrimary: true, label: 'Title' },
      cell: ({ row }) => (
        <NameCell thumbnail={row.original.thumbnail} name={row.original.title || <UntitledName />} note={row.original.unlisted && 'unlisted'} />
      ),
    }),
    column.accessor('status', { header: 'Status', cell: (info) => <StatusBadge status={info.getValue()} /> }),
    column.accessor((row) => row.publisher?.name ?? '', { id: 'publisher', header: 'Publisher', enableSorting: false, meta: { hideOnPhone: true }, cell: (info) => info.getValue() || '—' }),
    column.accessor((row) => row.genres.map((genre) => genre.name).join(', '), { id: 'genres', header: 'Genres', enableSorting: false, meta: { hideOnPhone: true }, cell: (info) => info.getValue() || '—' }),
    column.accessor('productCount', { header: 'Products', enableSorting: false, meta: { align: 'end' }, cell: (info) => formatCount(info.getValue()) }),
    column.accessor('updatedAt', { header: 'Updated', meta: { hideOnPhone: true }, cell: (info) => formatDate(info.getValue()) }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      meta: { label: 'Actions', align: 'end' },
      cell: ({ row }) => {
        const series = row.original;
        return (
          <MenuButton
            label={`Actions for ${series.title}`}
            actions={[
              { id: 'edit', label: 'Edit', href: `/series/${series.id}` },
              { id: 'publish', label: 'Publish', isDisabled: series.status === 'Published' || series.status === 'Removed', onAction: () => void change('publish', series).catch(() => undefined) },
              { id: 'unpublish', label: 'Unpublish', isDisabled: series.status !== 'Published', onAction: () => void change('unpublish', series).catch(() => undefined) },
              series.status === 'Removed'
                ? { id: 'restore', label: 'Restore', onAction: () => void change('restore', series).catch(() => undefined) }
                : { id: 'remove', label: 'Remove…', isDestructive: true, separatorBefore: true, onAction: () => setRemoving(series) },
            ]}
          />
        );
      },
    }),
  ];

  return (
    <>
      <PageHeader title="Series" summary="Edit series, publish or unpublish them, and see the products of each series." actions={<ButtonLink to="/series/new">New series</ButtonLink>} />
      <DataTable
        caption="Series"
        columns={columns}
        list={list}
        getRowId={(row) => String(row.id)}
        rowHref={(row) => `/series/${row.id}`}
        rowLabel={(row) => row.title || 'Untitled'}
        toolbar={
          <>
            <SearchField label="Search series" placeholder="Search by title" value={list.searchInput} onChange={list.setSearch} />
            <SelectField<string>
              label="Status"
              options={STATUS_OPTIONS}
              value={list.params.filters.status ?? ANY}
              onChange={(value) => list.setFilter('status', value === ANY ? null : value)}
            />
          </>
        }
        empty={{ title: 'No series yet', text: 'Create the first series; products are attached to it.', action: <ButtonLink to="/series/new">New series</ButtonLink> }}
      />
      <ConfirmDialog
        isOpen={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove ${removing?.title ?? 'this series'}?`}
        confirmLabel="Remove series"
        isDestructive
        onConfirm={() => (removing ? change('remove', removing) : undefined)}
      >
        <p>It leaves the storefront and search and can be restored later; its products stay as they are.</p>
      </ConfirmDialog>
    </>
  );
}
