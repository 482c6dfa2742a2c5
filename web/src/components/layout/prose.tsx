import type { ReactNode } from 'react';
import styles from './prose.module.css';

/** Long-form text (about, help and legal pages) set for comfortable reading. */
export function Prose({ children }: { children: ReactNode }) {
  return <div className={styles.prose}>{children}</div>;
}
