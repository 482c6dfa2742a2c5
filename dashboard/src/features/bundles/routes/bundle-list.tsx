import { useState } from 'react';
import { publishStatusLabel } from '@inkwell/contracts/labels';
import { createColumnHelper } from '@tanstack/react-table';
import { PUBLISH_STATUS_NAMES, type BundleListRow } from '@inkwell/contracts/dashboard-catalogue';
import { ButtonLink } from '@inkwell/ui-kit/button';
import { DataTable, usePagedQuery } from '@/components/data-table';
import { ConfirmDialog } from '@/components/dialog/confirm-dialog';
import { StatusBadge } from '@/components/feedback/status-badge';
import { CheckboxField, SearchField, SelectField } from '@/components/form';
import { PageHeader } from '@/components/layout/page-header';
import { MenuButton } from '@/components/menu-button';
import { formatCount, formatDate, formatMoney } from '@/lib/format';
import { NameCell, UntitledName, changeFromList } from '@/components/list/list-parts';
import { useChangeBundleStatus, type BundleStatusAction } from '../api/change-bundle';
import { bundlesQueryKey, getBundles } from '../api/get-bundles';

const column = createColumnHelper<BundleListRow>();
const ANY = 'any';
const STATUS_OPTIONS = [{ id: ANY, label: 'Any status' }, ...PUBLISH_STATUS_NAMES.filter((name) => name !== 'New').map((name) => ({ id: name, label: publishStatusLabel(name) }))];

/** `bundles`: the server-side paged and filtered bundle list (the call sorts newest first). */
export default function BundleListRoute() {
  const list = usePagedQuery<BundleListRow, 'status' | 'removed'>({
    queryKey: [...bundlesQueryKey, 'page'],
    filterKeys: ['status', 'removed'],
    fetchPage: (params, signal) =>
      getBundles(
        {
          query: params.search || undefined,
          start: (params.page - 1) * params.pageSize,
          count: params.pageSize,
          publishStatus: params.filters.status,
          includeRemoved: params.filters.removed === 'yes' || params.filters.status === 'Removed' || undefined,
        },
        { signal },
      ),
  });
  const changeStatus = useChangeBundleStatus();
  const [removing, setRemoving] = useState<BundleListRow | null>(null);

  const change = async (action: BundleStatusAction, row: BundleListRow) => {
    await changeFromList(row.name, () => changeStatus.mutateAsync({ id: row.id, action }));
  };

  const columns = [
    column.accessor('name', {
      header: 'Name',
      enableSorting: false,
      meta: { isPrimary: true, label: 'Name' },
      cell: ({ row }) => (
        <NameCell thumbnail={row.original.defaultThumbnail} name={row.original.name || <UntitledName />} />
      ),
    }),
    column.accessor('status', { header: 'Status', enableSorting: false, cell: (info) => <StatusBadge status={info.getValue()} /> }),
    column.accessor('itemCount', { header: 'Items', enableSorting: false, meta: { align: 'end' }, cell: (info) => formatCount(info.getValue()) }),
    column.accessor('price', { header: 'Price', enableSorting: false, meta: { align: 'end' }, cell: ({ row }) => formatMoney(row.original.price, row.original.currency) }),
    column.accessor('createdAt', { header: 'Created', enableSorting: false, meta: { hideOnPhone: true }, cell: (info) => formatDate(info.getValue()) }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      meta: { label: 'Actions', align: 'end' },
      cell: ({ row }) => {
        const bundle = row.original;
        return (
          <MenuButton
            label={`Actions for ${bundle.name}`}
            actions={[
              { id: 'edit', label: 'Edit', href: `/bundles/${bundle.id}` },
              { id: 'publish', label: 'Publish', isDisabled: bundle.status === 'Published' || bundle.status === 'Removed', onAction: () => void change('publish', bundle).catch(() => undefined) },
              { id: 'unpublish', label: 'Unpublish', isDisabled: bundle.status !== 'Published', onAction: () => void change('unpublish', bundle).catch(() => undefined) },
              { id: 'remove', label: 'Remove…', isDestructive: true, separatorBefore: true, isDisabled: bundle.status === 'Removed', onAction: () => setRemoving(bundle) },
            ]}
          />
        );
      },
    }),
  ];

  return (
    <>
      <PageHeader title="Bundles" summary="Group products into bundles with their own prices and thumbnails." actions={<ButtonLink to="/bundles/new">New bundle</ButtonLink>} />
      <DataTable
        caption="Bundles"
        columns={columns}
        list={list}
        getRowId={(row) => String(row.id)}
        rowHref={(row) => `/bundles/${row.id}`}
        rowLabel={(row) => row.name || 'Untitled'}
        toolbar={
          <>
            <SearchField label="Search bundles" placeholder="Search by name" value={list.searchInput} onChange={list.setSearch} />
            <SelectField<string>
              label="Status"
              options={STATUS_OPTIONS}
              value={list.params.filters.status ?? ANY}
              onChange={(value) => list.setFilter('status', value === ANY ? null : value)}
            />
            <CheckboxField label="Include removed" value={list.params.filters.removed === 'yes'} onChange={(on) => list.setFilter('removed', on ? 'yes' : null)} />
          </>
        }
        empty={{ title: 'No bundles yet', text: 'Create a bundle to sell several products together.', action: <ButtonLink to="/bundles/new">New bundle</ButtonLink> }}
      />
      <ConfirmDialog
        isOpen={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove ${removing?.name ?? 'this bundle'}?`}
        confirmLabel="Remove bundle"
        isDestructive
        onConfirm={() => (removing ? change('remove', removing) : undefined)}
      >
        <p>It leaves the storefront. Its products are not changed.</p>
      </ConfirmDialog>
    </>
  );
}
