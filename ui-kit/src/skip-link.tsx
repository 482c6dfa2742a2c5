import styles from './skip-link.module.css';

/** First stop for keyboard users: hidden until focused, it jumps past the navigation to the page. */
export function SkipLink({ targetId }: { targetId: string }) {
  return (
    <a href={`#${targetId}`} className={styles.skipLink}>
      Skip to content
    </a>
  );
}
