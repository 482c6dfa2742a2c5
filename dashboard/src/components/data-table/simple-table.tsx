/**
 * A read-only table for short lists the API answers whole (lookups, maintenance lists): the same
 * look, phone cards, loading, empty and error states as {@link DataTable}, without paging.
 */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { InboxIcon } from '@inkwell/ui-kit/icons';
import { cx } from '@/lib/format';
import { ErrorRow, SkeletonRows, StateRow } from './table-states';
import styles from './data-table.module.css';

export interface SimpleColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'start' | 'end';
  isPrimary?: boolean;
}

interface SimpleTableProps<T> {
  caption: string;
  columns: readonly SimpleColumn<T>[];
  query: UseQueryResult<T[]>;
  getRowId: (row: T) => string;
  empty: { title: string; text?: ReactNode };
  /** Rows after a local filter, when the screen narrows the answer itself. */
  rows?: T[];
  /**
   * The list refreshes on its own (a console polling every few seconds): its rows stay as they are
   * while it does, instead of dimming on every poll (the table is still marked busy).
   */
  refreshesItself?: boolean;
}

export function SimpleTable<T>({ caption, columns, query, getRowId, empty, rows: filtered, refreshesItself = false }: SimpleTableProps<T>) {
  const rows = filtered ?? query.data ?? [];
  let body: ReactNode;
  if (query.isPending) {
    body = <SkeletonRows rows={5} columns={columns.length} />;
  } else if (query.isError) {
    body = <ErrorRow columns={columns.length} title={`${caption} didn't load`} query={query} />;
  } else if (rows.length === 0) {
    body = (
      <StateRow columns={columns.length}>
        <EmptyState icon={<InboxIcon size={20} />} title={empty.title} headingLevel="h3">
          {empty.text && <p>{empty.text}</p>}
        </EmptyState>
      </StateRow>
    );
  } else {
    body = rows.map((row) => (
      <tr key={getRowId(row)}>
        {columns.map((column) => {
          const Cell = column.isPrimary ? 'th' : 'td';
          return (
            <Cell
              key={column.id}
              scope={column.isPrimary ? 'row' : undefined}
              data-label={column.header}
              className={cx(column.isPrimary && styles.primary, column.align === 'end' && styles.end)}
            >
              {column.cell(row)}
            </Cell>
          );
        })}
      </tr>
    ));
  }

  return (
    <div className={styles.scroller}>
      <table className={cx(styles.table, !refreshesItself && query.isFetching && !query.isPending && styles.stale)} aria-busy={query.isFetching || undefined}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={cx(column.align === 'end' && styles.end)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
    </div>
  );
}
