import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  /** Buttons or links that let the visitor do something about it. */
  actions?: ReactNode;
  tone?: 'neutral' | 'error';
  /** Heading level inside the page; defaults to h2 under the page's h1 (h1 when it is the whole page). */
  headingLevel?: 'h1' | 'h2' | 'h3';
}

export function EmptyState({ icon, title, children, actions, tone = 'neutral', headingLevel: Heading = 'h2' }: EmptyStateProps) {
  return (
    <div className={[styles.root, styles[tone]].join(' ')} role={tone === 'error' ? 'alert' : undefined}>
      {icon && <div className={styles.icon}>{icon}</div>}
      <Heading className={styles.title}>{title}</Heading>
      {children && <div className={styles.body}>{children}</div>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}
