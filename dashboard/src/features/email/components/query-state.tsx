import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@inkwell/ui-kit/button';
import { errorMessage } from '@/lib/staff-api';
import styles from './email.module.css';

/**
 * A block's loading, failed and empty states around what it shows once its call answered:
 * loading says so (a status), a failure says why with Try again, empty says what will appear.
 */
export function QueryState<T>({
  query,
  what,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  /** "the budget": used in "Loading the budget…" and "The budget did not load". */
  what: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <p role="status" className={styles.muted}>
        Loading {what}…
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className={styles.problem}>
        <p>
          {what.charAt(0).toUpperCase() + what.slice(1)} did not load: {errorMessage(query.error)}
        </p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (isEmpty?.(query.data)) return <div className={styles.muted}>{empty}</div>;
  return <>{children(query.data)}</>;
}
