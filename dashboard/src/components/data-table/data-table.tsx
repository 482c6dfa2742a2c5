/**
 * The dashboard's list table: server-side paging, sorting and filtering (TanStack Table in manual
 * mode, state from {@link usePagedQuery}), accessible markup (caption, `th scope`, sortable headers
 * as buttons with `aria-sort`), a link per row that the keyboard reaches, skeleton rows while
 * loading, empty and error states, optional row selection with bulk actions, and pagination.
 * Below 640px each row becomes a card with its column labels.
 *
 * Columns are TanStack column definitions; `meta` adds what the table needs to know:
 *   { label: 'Name', isPrimary: true }   // the row's link goes here; the card's title on a phone
 *   { align: 'end' }                     // numbers
 *   { hideOnPhone: true }                // detail not worth a line on a card
 *   { isRowActions: true }               // the row's menu, in the card's top corner on a phone
 */
import { useMemo, type MouseEvent, type ReactNode } from 'react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { Link, useNavigate } from 'react-router-dom';
import { Checkbox } from 'react-aria-components';
import { Button } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { ArrowUpIcon, CheckIcon, InboxIcon } from '@inkwell/ui-kit/icons';
import { cx, formatCount } from '@/lib/format';
import { errorMessage } from '@/lib/staff-api';
import { SelectField } from '../form/select-field';
import { ErrorRow, SkeletonRows, StateRow } from './table-states';
import { PAGE_SIZES, type PagedQuery } from './use-paged-query';
import styles from './data-table.module.css';

declare module '@tanstack/react-table' {
  // Type parameters must match TanStack's declaration even though the table's meta does not use them.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The column's name on a phone card, and for the sort choice (defaults to the header when it is text). */
    label?: string;
    /** This column's cell carries the row's link (and is the row header). */
    isPrimary?: boolean;
    align?: 'start' | 'end';
    hideOnPhone?: boolean;
    /** A CSS width for the column, e.g. '8rem'. */
    width?: string;
    /** The row's action menu: on a phone card it sits in the title's corner rather than on a line of its own. */
    isRowActions?: boolean;
  }
}

export interface DataTableProps<T, F extends string = string> {
  /** Names the table for screen readers (shown only to them unless `showCaption`). */
  caption: string;
  showCaption?: boolean;
  // TanStack's column definitions vary in their value type; any is its own recommendation here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  list: PagedQuery<T, F>;
  getRowId: (row: T) => string;
  /** Where a row leads (its editor); the primary cell becomes a link and the row is clickable. */
  rowHref?: (row: T) => string;
  /** The row's name for screen readers ("Select Dark Horse"). */
  rowLabel?: (row: T) => string;
  /** Filters and search above the table. */
  toolbar?: ReactNode;
  /** Row selection, controlled: ids of the selected rows (kept across pages). */
  selection?: { selected: RowSelectionState; onChange: (next: RowSelectionState) => void };
  /** Buttons acting on the selected rows, shown in a bar while any are selected. */
  bulkActions?: (selectedIds: string[]) => ReactNode;
  /** What an empty list says when no search or filter narrows it. */
  empty: { title: string; text?: ReactNode; action?: ReactNode };
  pageSizes?: readonly number[];
}

function resolve<S>(updater: Updater<S>, current: S): S {
  return typeof updater === 'function' ? (updater as (old: S) => S)(current) : updater;
}

function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  if (!direction) return <span className={styles.sortIdle} aria-hidden="true">↕</span>;
  return <ArrowUpIcon size={14} className={cx(styles.sortIcon, direction === 'desc' && styles.sortDesc)} aria-hidden="true" />;
}

function SelectBox({ label, isSelected, isIndeterminate, onChange }: { label: string; isSelected: boolean; isIndeterminate?: boolean; onChange: (v: boolean) => void }) {
  return (
    <Checkbox aria-label={label} isSelected={isSelected} isIndeterminate={isIndeterminate} onChange={onChange} className={styles.check}>
      {({ isSelected: selected, isIndeterminate: partly }) => (
        <span className={styles.box} aria-hidden="true">
          {partly ? '−' : selected ? <CheckIcon size={12} /> : null}
        </span>
      )}
    </Checkbox>
  );
}

export function DataTable<T, F extends string = string>({
  caption,
  showCaption = false,
  columns,
  list,
  getRowId,
  rowHref,
  rowLabel,
  toolbar,
  selection,
  bulkActions,
  empty,
  pageSizes = PAGE_SIZES,
}: DataTableProps<T, F>) {
  const navigate = useNavigate();
  const { query, params } = list;
  const result = query.data;
  const rows = useMemo(() => result?.items ?? [], [result]);
  const sorting: SortingState = params.sort ? [params.sort] : [];

  const table = useReactTable<T>({
    data: rows,
    columns,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableMultiSort: false,
    enableSortingRemoval: true,
    pageCount: result?.totalPageNumber ?? -1,
    rowCount: result?.filteredTotalRows,
    state: {
      sorting,
      pagination: { pageIndex: params.page - 1, pageSize: params.pageSize },
      rowSelection: selection?.selected ?? {},
    },
    enableRowSelection: selection !== undefined,
    onSortingChange: (updater) => list.setSort(resolve(updater, sorting)[0] ?? null),
    onRowSelectionChange: (updater) => selection?.onChange(resolve(updater, selection.selected)),
  });

  const visibleColumns = table.getVisibleLeafColumns();
  const columnCount = visibleColumns.length + (selection ? 1 : 0);
  const selectedIds = selection ? Object.keys(selection.selected).filter((id) => selection.selected[id]) : [];
  const labelOf = (column: (typeof visibleColumns)[number]) =>
    column.columnDef.meta?.label ?? (typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id);
  const sortableColumns = visibleColumns.filter((column) => column.getCanSort());

  const totalPages = Math.max(result?.totalPageNumber ?? 1, 1);
  const total = result?.filteredTotalRows ?? 0;
  const first = total === 0 ? 0 : (params.page - 1) * params.pageSize + 1;
  const last = Math.min(params.page * params.pageSize, total);

  const openRow = (event: MouseEvent<HTMLTableRowElement>, href: string) => {
    // Clicks on the row's own controls (links, buttons, checkboxes, menus) do their own thing.
    const target = event.target as HTMLElement;
    if (target.closest('a, button, input, label, [role="menuitem"], [role="checkbox"]')) return;
    if (window.getSelection()?.toString()) return;
    void navigate(href);
  };

  let body: ReactNode;
  if (query.isPending) {
    body = <SkeletonRows rows={Math.min(params.pageSize, 8)} columns={columnCount} />;
  } else if (query.isError && !result) {
    body = <ErrorRow columns={columnCount} title="The list didn't load" query={query} />;
  } else if (rows.length === 0) {
    body = (
      <StateRow columns={columnCount}>
        {list.isFiltered ? (
          <EmptyState
            icon={<InboxIcon size={20} />}
            title="Nothing matches"
            headingLevel="h3"
            actions={
              <Button size="sm" variant="secondary" onClick={list.clearFilters}>
                Clear search and filters
              </Button>
            }
          >
            <p>No rows match the search and filters.</p>
          </EmptyState>
        ) : (
          <EmptyState icon={<InboxIcon size={20} />} title={empty.title} headingLevel="h3" actions={empty.action}>
            {empty.text && <p>{empty.text}</p>}
          </EmptyState>
        )}
      </StateRow>
    );
  } else {
    body = table.getRowModel().rows.map((row) => {
      const href = rowHref?.(row.original);
      const name = rowLabel?.(row.original) ?? row.id;
      return (
        <tr
          key={row.id}
          className={cx(href && styles.clickable, row.getIsSelected() && styles.selected)}
          onClick={href ? (event) => openRow(event, href) : undefined}
        >
          {selection && (
            <td className={styles.selectCell}>
              <SelectBox label={`Select ${name}`} isSelected={row.getIsSelected()} onChange={(value) => row.toggleSelected(value)} />
            </td>
          )}
          {row.getVisibleCells().map((cell) => {
            const meta = cell.column.columnDef.meta;
            const content = flexRender(cell.column.columnDef.cell, cell.getContext());
            const Cell = meta?.isPrimary ? 'th' : 'td';
            return (
              <Cell
                key={cell.id}
                scope={meta?.isPrimary ? 'row' : undefined}
                data-label={labelOf(cell.column)}
                className={cx(
                  meta?.isPrimary && styles.primary,
                  meta?.align === 'end' && styles.end,
                  meta?.hideOnPhone && styles.hideOnPhone,
                  meta?.isRowActions && styles.rowActions,
                )}
              >
                {meta?.isPrimary && href ? (
                  <Link to={href} className={styles.rowLink}>
                    {content}
                  </Link>
                ) : (
                  content
                )}
              </Cell>
            );
          })}
        </tr>
      );
    });
  }

  return (
    <section className={styles.root} aria-label={showCaption ? undefined : caption}>
      {(toolbar || sortableColumns.length > 0) && (
        <div className={styles.toolbar}>
          {toolbar}
          {sortableColumns.length > 0 && (
            <SelectField<string>
              label="Sort by"
              className={styles.phoneSort}
              options={sortableColumns.flatMap((column) => [
                { id: `${column.id}:asc`, label: `${labelOf(column)} ↑` },
                { id: `${column.id}:desc`, label: `${labelOf(column)} ↓` },
              ])}
              value={params.sort ? `${params.sort.id}:${params.sort.desc ? 'desc' : 'asc'}` : null}
              placeholder="Default order"
              onChange={(value) => {
                if (!value) return list.setSort(null);
                const [id = '', dir] = value.split(':');
                list.setSort({ id, desc: dir === 'desc' });
              }}
            />
          )}
        </div>
      )}

      {selection && selectedIds.length > 0 && (
        <div className={styles.bulkBar} role="region" aria-label="Selected rows">
          <span className={styles.bulkCount} aria-live="polite">
            {formatCount(selectedIds.length)} selected
          </span>
          {bulkActions?.(selectedIds)}
          <Button size="sm" variant="ghost" onClick={() => selection.onChange({})}>
            Clear selection
          </Button>
        </div>
      )}

      {query.isError && result && (
        <div className={styles.inlineError} role="alert">
          <span>The list could not be refreshed: {errorMessage(query.error)}</span>
          <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      )}

      <div className={styles.scroller}>
        <table className={cx(styles.table, query.isPlaceholderData && styles.stale)} aria-busy={query.isFetching || undefined}>
          <caption className={showCaption ? styles.caption : 'visually-hidden'}>
            {caption}
            {result && !showCaption ? `, page ${params.page} of ${totalPages}` : ''}
          </caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {selection && (
                  <th scope="col" className={styles.selectCell}>
                    <SelectBox
                      label="Select every row on this page"
                      isSelected={table.getIsAllPageRowsSelected()}
                      isIndeterminate={table.getIsSomePageRowsSelected()}
                      onChange={(value) => table.toggleAllPageRowsSelected(value)}
                    />
                  </th>
                )}
                {group.headers.map((header) => {
                  const meta = header.column.columnDef.meta;
                  const direction = header.column.getIsSorted();
                  const label = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      style={meta?.width ? { width: meta.width } : undefined}
                      aria-sort={header.column.getCanSort() ? (direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none') : undefined}
                      className={cx(meta?.align === 'end' && styles.end)}
                    >
                      {header.column.getCanSort() ? (
                        <button type="button" className={styles.sortButton} onClick={header.column.getToggleSortingHandler()}>
                          {label}
                          <SortIcon direction={direction} />
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>{body}</tbody>
        </table>
      </div>

      {result && result.filteredTotalRows > 0 && (
        <nav className={styles.pagination} aria-label={`${caption} pages`}>
          <p className={styles.range}>
            {formatCount(first)}–{formatCount(last)} of {formatCount(total)}
            {result.unfilteredTotalRows !== total && <span className={styles.muted}> (of {formatCount(result.unfilteredTotalRows)} in all)</span>}
          </p>
          <div className={styles.pager}>
            <SelectField<number>
              label="Rows per page"
              className={styles.pageSize}
              options={pageSizes.map((size) => ({ id: size, label: String(size) }))}
              value={params.pageSize}
              onChange={(size) => size && list.setPageSize(size)}
            />
            <Button size="sm" variant="secondary" onClick={() => list.setPage(params.page - 1)} disabled={params.page <= 1}>
              Previous
            </Button>
            <span className={styles.pageOf} aria-live="polite">
              Page {formatCount(params.page)} of {formatCount(totalPages)}
            </span>
            <Button size="sm" variant="secondary" onClick={() => list.setPage(params.page + 1)} disabled={params.page >= totalPages}>
              Next
            </Button>
          </div>
        </nav>
      )}
    </section>
  );
}
