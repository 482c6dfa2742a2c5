import { SITE_NAME } from '@/components/layout/page';
import styles from './reader-states.module.css';

/**
 * While the comic opens: the dark reader with a page-shaped placeholder. Kept apart from the other
 * states so the router can show it while the reader's code loads without loading that code.
 */
export function ReaderLoading() {
  return (
    <div className={styles.screen} role="status">
      <title>{`Opening comic · ${SITE_NAME}`}</title>
      <div className={styles.pagePlaceholder}>
        <span className={styles.spinner} aria-hidden="true" />
      </div>
      <span className="visually-hidden">Opening comic…</span>
    </div>
  );
}
