import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { AlertIcon } from '@inkwell/ui-kit/icons';
import { errorMessage } from '@/lib/staff-api';
import styles from './data-table.module.css';

/** Grey placeholder rows while a table's first answer loads, hidden from screen readers (the table is aria-busy). */
export function SkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return Array.from({ length: rows }, (_, index) => (
    <tr key={index} className={styles.skeletonRow} aria-hidden="true">
      {Array.from({ length: columns }, (__, cell) => (
        <td key={cell}>
          <span className={styles.skeleton} />
        </td>
      ))}
    </tr>
  ));
}

/** One row across the whole table, for what stands in place of rows (an empty list, a failed read). */
export function StateRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr className={styles.stateRow}>
      <td colSpan={columns}>{children}</td>
    </tr>
  );
}

/** A failed read, in the server's words, with a way to try again. */
export function ErrorRow({ columns, title, query }: { columns: number; title: string; query: UseQueryResult<unknown> }) {
  return (
    <StateRow columns={columns}>
      <EmptyState
        tone="error"
        icon={<AlertIcon size={20} />}
        title={title}
        headingLevel="h3"
        actions={
          <Button size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {query.isFetching ? 'Trying again…' : 'Try again'}
          </Button>
        }
      >
        <p>{errorMessage(query.error)}</p>
      </EmptyState>
    </StateRow>
  );
}
