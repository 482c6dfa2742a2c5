import { SimpleTable } from '@/components/data-table/simple-table';
import styles from './system.module.css';

type ListingProps<T> = Omit<Parameters<typeof SimpleTable<T>>[0], 'empty' | 'refreshesItself'> & {
  /** What an empty list means, in one line: most of the console's lists are empty on a good day. */
  quiet: string;
};

/**
 * A console list: the shared table while it loads, fails or has rows, and one quiet line when it is
 * empty, so a healthy service's panel stays short instead of a column of large empty states.
 */
export function Listing<T>({ quiet, ...table }: ListingProps<T>) {
  if (table.query.isSuccess && table.query.data.length === 0) {
    return (
      <p className={styles.quiet}>
        <span className={styles.quietDot} aria-hidden="true" />
        {quiet}
      </p>
    );
  }
  // The console polls every few seconds: a table dimmed at each poll would flicker.
  return <SimpleTable {...table} empty={{ title: quiet }} refreshesItself />;
}
