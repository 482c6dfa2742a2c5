import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ChevronLeftIcon } from '@inkwell/ui-kit/icons';
import styles from './page-header.module.css';

interface PageHeaderProps {
  title: string;
  summary?: ReactNode;
  /** Buttons for the page as a whole ("New publisher", "Save", "Publish"); they wrap under the title on a phone. */
  actions?: ReactNode;
  /** A link back to the list an editor was opened from. */
  back?: { to: string; label: string };
  /** Beside the title: a status badge, a count. */
  meta?: ReactNode;
}

/** The page's h1, the browser tab's title, what the page is for, and its main actions. */
export function PageHeader({ title, summary, actions, back, meta }: PageHeaderProps) {
  return (
    <header className={styles.header}>
      <title>{`${title} · Inkwell Staff`}</title>
      {back && (
        <Link to={back.to} className={styles.back}>
          <ChevronLeftIcon size={16} />
          {back.label}
        </Link>
      )}
      <div className={styles.row}>
        <div className={styles.heading}>
          <div className={styles.titleRow}>
            <h1 className={styles.title}>{title}</h1>
            {meta}
          </div>
          {summary && <p className={styles.summary}>{summary}</p>}
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </header>
  );
}
