import type { ReactNode } from 'react';
import styles from './page.module.css';

interface PageProps {
  /** The page's h1, also used for the document title unless `documentTitle` says otherwise. */
  title: string;
  documentTitle?: string;
  /** Small label above the heading (section of the store). */
  eyebrow?: string;
  intro?: ReactNode;
  children?: ReactNode;
  width?: 'wide' | 'narrow';
}

export const SITE_NAME = 'Inkwell';

/** Standard page frame: document title, heading block and content column. */
export function Page({ title, documentTitle, eyebrow, intro, children, width = 'wide' }: PageProps) {
  return (
    <div className={[styles.page, styles[width]].join(' ')}>
      <title>{`${documentTitle ?? title} · ${SITE_NAME}`}</title>
      <header className={styles.header}>
        {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
        <h1 className={styles.title}>{title}</h1>
        {intro && <div className={styles.intro}>{intro}</div>}
      </header>
      {children}
    </div>
  );
}
