import { useState } from 'react';
import { createColumnHelper, type RowSelectionState } from '@tanstack/react-table';
import { PRODUCT_STATUSES, type BatchResult, type ProductListRow } from '@inkwell/contracts/dashboard-products';
import { formatLabel, productTypeLabel, publishStatusLabel } from '@inkwell/contracts/labels';
import { Button, ButtonLink } from '@inkwell/ui-kit/button';
import { DataTable, usePagedQuery } from '@/components/data-table';
import { ConfirmDialog } from '@/components/dialog/confirm-dialog';
import { StatusBadge } from '@/components/feedback/status-badge';
import { toast } from '@/components/feedback/toast';
import { CheckboxField, SearchField, SelectField } from '@/components/form';
import { PageHeader } from '@/components/layout/page-header';
import { MenuButton } from '@/components/menu-button';
import { formatDate, formatMoney } from '@/lib/format';
import { productsQueryKey } from '@/lib/api/get-product';
import { NameCell, UntitledName, changeFromList } from '@/components/list/list-parts';
import styles from '@/components/list/list.module.css';
import { useBatchChangeProducts, useChangeProductStatus, type BatchAction } from '../api/change-product-status';
import { getProducts } from '../api/get-products';
import { BatchPublishDialog } from '../components/batch-publish-dialog';
import { PRODUCT_FILTER_KEYS, productListQuery } from '../product-list-query';
import { distinctMessages } from '../publish-problems';

const column = createColumnHelper<ProductListRow>();
/** The choice meaning "no filter" (React Aria keys cannot be empty). */
const ANY = 'any';
const STATUS_OPTIONS = [{ id: ANY, label: 'Any status but removed' }, ...PRODUCT_STATUSES.map((status) => ({ id: status, label: publishStatusLabel(status) }))];
const DISTRIBUTION_OPTIONS = [
  { id: ANY, label: 'Any distribution' },
  { id: 'Digital', label: formatLabel('Digital') },
  { id: 'Print', label: formatLabel('Print') },
];

function rowHref(row: ProductListRow): string {
  return row.kind === 'bundle' ? `/bundles/${row.id}` : `/products/${row.id}`;
}

/** Tells staff how a batch went: every id is its own change, so some may fail while others succeed. */
function reportBatch(verb: string, result: BatchResult) {
  if (result.failed === 0) {
    toast.success(`${result.succeeded} ${result.succeeded === 1 ? 'product' : 'products'} ${verb}.`);
    return;
  }
  const failures = result.results.filter((item) => !item.ok);
  toast.error(`${result.succeeded} ${verb}, ${result.failed} refused`, {
    description: failures
      .slice(0, 5)
      .map((item) => `#${item.id}: ${distinctMessages(item.problems).join(' ')}`)
      .join('\n'),
    duration: 15_000,
  });
}

/** `products`: the server-side paged, sorted and filtered product list with batch publishing. */
export default function ProductListRoute() {
  const list = usePagedQuery<ProductListRow, (typeof PRODUCT_FILTER_KEYS)[number]>({
    queryKey: [...productsQueryKey, 'list'],
    filterKeys: PRODUCT_FILTER_KEYS,
    fetchPage: (params, signal) => getProducts(productListQuery(params), { signal }),
    defaultSort: { id: 'updatedAt', desc: true },
  });
  const [selected, setSelected] = useState<RowSelectionState>({});
  const [batch, setBatch] = useState<{ action: 'publish' | 'unpublish'; ids: number[] } | null>(null);
  const [removing, setRemoving] = useState<ProductListRow | null>(null);
  const batchChange = useBatchChangeProducts();
  const changeStatus = useChangeProductStatus();
  const { filters } = list.params;

  const runBatch = async (action: BatchAction) => {
    const result = await batchChange.mutateAsync(action);
    reportBatch(action.action === 'publish' ? (action.publishStatus ? 'scheduled' : 'published') : 'unpublished', result);
    setSelected({});
  };

  const single = async (action: 'publish' | 'unpublish' | 'restore' | 'remove', row: ProductListRow) => {
    await changeFromList(row.name || 'Untitled', () => changeStatus.mutateAsync({ action, id: row.id }));
  };

  const columns = [
    column.accessor('name', {
      header: 'Name',
      meta: { isPrimary: true, label: 'Name' },
      cell: ({ row }) => (
        <NameCell thumbnail={row.original.thumbnail} name={row.original.displayName || row.original.name || <UntitledName />} note={row.original.kind === 'bundle' && 'bundle'} />
      ),
    }),
    column.accessor((row) => row.series?.title ?? '', { id: 'series', header: 'Series', meta: { hideOnPhone: true }, cell: (info) => info.getValue() || '—' }),
    column.accessor('subCategory', { header: 'Type', enableSorting: false, cell: (info) => productTypeLabel(info.getValue()) }),
    column.accessor('status', { header: 'Status', cell: (info) => <StatusBadge status={info.getValue()} /> }),
    column.accessor('publishDate', { header: 'Publish date', cell: (info) => formatDate(info.getValue()) }),
    column.accessor('distributionTypes', {
      header: 'Variants',
      enableSorting: false,
      meta: { hideOnPhone: true },
      cell: (info) => info.getValue().map(formatLabel).join(', ') || '—',
    }),
    // The list row carries only the lowest enabled variant's price, not each variant's: named as such,
    // so a Free Digital beside a $14.99 Print reads "Free", not a bare "$0.00" taken for the product's price.
    column.accessor('price', {
      header: 'Lowest price',
      meta: { align: 'end' },
      // A number column sorts highest first on its first click by default: "Lowest price" reads lowest first.
      sortDescFirst: false,
      cell: ({ row }) => (
        <>
          {row.original.price === 0 ? 'Free' : formatMoney(row.original.price)}
          {row.original.isOnSale && <span className={styles.muted}> on sale</span>}
        </>
      ),
    }),
    column.accessor('updatedAt', { header: 'Updated', meta: { hideOnPhone: true }, cell: (info) => formatDate(info.getValue()) }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      meta: { label: 'Actions', align: 'end' },
      cell: ({ row }) => {
        const product = row.original;
        const removed = product.status === 'Removed';
        return (
          <MenuButton
            label={`Actions for ${product.displayName || product.name || 'Untitled'}`}
            actions={[
              { id: 'edit', label: 'Edit', href: rowHref(product) },
              ...(product.kind === 'bundle'
                ? []
                : [
                    { id: 'publish', label: 'Publish', isDisabled: product.status === 'Published' || removed, onAction: () => void single('publish', product).catch(() => undefined) },
                    { id: 'unpublish', label: 'Unpublish', isDisabled: product.status !== 'Published', onAction: () => void single('unpublish', product).catch(() => undefined) },
                    removed
                      ? { id: 'restore', label: 'Restore', onAction: () => void single('restore', product).catch(() => undefined) }
                      : { id: 'remove', label: 'Remove…', isDestructive: true, separatorBefore: true, onAction: () => setRemoving(product) },
                  ]),
            ]}
          />
        );
      },
    }),
  ];

  return (
    <>
      <PageHeader
        title="Products"
        summary="Create, edit, publish, schedule and remove Digital and Print products."
        actions={<ButtonLink to="/products/new">New product</ButtonLink>}
      />
      <DataTable
        caption="Products"
        columns={columns}
        list={list}
        getRowId={(row) => `${row.kind}-${row.id}`}
        rowHref={rowHref}
        rowLabel={(row) => row.displayName || row.name || 'Untitled'}
        selection={{ selected, onChange: setSelected }}
        bulkActions={(ids) => {
          const productIds = ids.filter((id) => id.startsWith('product-')).map((id) => Number(id.slice('product-'.length)));
          return (
            <>
              <Button size="sm" onClick={() => setBatch({ action: 'publish', ids: productIds })} disabled={productIds.length === 0}>
                Publish or schedule…
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setBatch({ action: 'unpublish', ids: productIds })} disabled={productIds.length === 0}>
                Unpublish…
              </Button>
            </>
          );
        }}
        toolbar={
          <>
            <SearchField label="Search products" placeholder="Search by name" value={list.searchInput} onChange={list.setSearch} />
            <SelectField<string>
              label="Status"
              options={STATUS_OPTIONS}
              value={filters.status ?? ANY}
              onChange={(value) => list.setFilter('status', value === ANY ? null : value)}
            />
            <SelectField<string>
              label="Distribution"
              options={DISTRIBUTION_OPTIONS}
              value={filters.distribution ?? ANY}
              onChange={(value) => list.setFilter('distribution', value === ANY ? null : value)}
            />
            <div className={styles.checks}>
              <CheckboxField label="Include removed" value={filters.removed === 'yes'} onChange={(on) => list.setFilter('removed', on ? 'yes' : null)} />
              <CheckboxField label="On sale only" value={filters.onSale === 'yes'} onChange={(on) => list.setFilter('onSale', on ? 'yes' : null)} />
              <CheckboxField label="Include chapters" value={filters.chapters !== 'no'} onChange={(on) => list.setFilter('chapters', on ? null : 'no')} />
              <CheckboxField label="Include bundles" value={filters.bundles === 'yes'} onChange={(on) => list.setFilter('bundles', on ? 'yes' : null)} />
            </div>
          </>
        }
        empty={{ title: 'No products yet', text: 'Create the first product; it starts as a draft.', action: <ButtonLink to="/products/new">New product</ButtonLink> }}
      />

      <BatchPublishDialog
        isOpen={batch?.action === 'publish'}
        onOpenChange={(open) => !open && setBatch(null)}
        count={batch?.ids.length ?? 0}
        onConfirm={(schedule) => runBatch({ action: 'publish', ids: batch?.ids ?? [], ...schedule })}
      />
      <ConfirmDialog
        isOpen={batch?.action === 'unpublish'}
        onOpenChange={(open) => !open && setBatch(null)}
        title={`Unpublish ${batch?.ids.length ?? 0} products?`}
        confirmLabel="Unpublish"
        onConfirm={() => runBatch({ action: 'unpublish', ids: batch?.ids ?? [] })}
      >
        <p>They go back to Draft and leave the storefront and search until published again.</p>
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove ${removing?.name ?? 'this product'}?`}
        confirmLabel="Remove product"
        isDestructive
        onConfirm={() => (removing ? single('remove', removing) : undefined)}
      >
        <p>It leaves the storefront and search, and stays listed here as Removed; it can be restored later.</p>
      </ConfirmDialog>
    </>
  );
}
