import { Skeleton } from '@/components/ui/skeleton';
import styles from './page-loading.module.css';

/** Placeholder shaped like a page's heading and first content while its code loads. */
export function PageLoading() {
  return (
    <div className={styles.root} role="status">
      <span className="visually-hidden">Loading page…</span>
      <Skeleton className={styles.eyebrow} />
      <Skeleton className={styles.title} />
      <Skeleton className={styles.line} />
      <Skeleton className={styles.block} />
    </div>
  );
}
