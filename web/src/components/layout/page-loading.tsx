import { Skeleton } from '@/components/ui/skeleton';
import styles from './page-loading.module.css';

/** Placeholder shaped like a page's heading and first content while its code or data loads. */
export function PageLoading({ label = 'Loading page…' }: { label?: string }) {
  return (
    <div className={styles.root} role="status">
      <span className="visually-hidden">{label}</span>
      <Skeleton className={styles.eyebrow} />
      <Skeleton className={styles.title} />
      <Skeleton className={styles.line} />
      <Skeleton className={styles.block} />
    </div>
  );
}
