import type { ReactNode } from 'react';
import { ButtonLink } from '@inkwell/ui-kit/button';
import { CompassIcon, SearchIcon } from '@inkwell/ui-kit/icons';
import { paths } from '@/config/paths';
import { SITE_NAME } from './page';
import styles from './not-found-view.module.css';

interface NotFoundViewProps {
  title: string;
  children: ReactNode;
}

/** The store's 404: what is missing, and the two ways to find it anyway (Browse, Search). */
export function NotFoundView({ title, children }: NotFoundViewProps) {
  return (
    <div className={styles.root}>
      <title>{`Not found · ${SITE_NAME}`}</title>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>{title}</h1>
      <div className={styles.body}>{children}</div>
      <div className={styles.actions}>
        <ButtonLink to={paths.browse} size="lg">
          <CompassIcon size={20} />
          Browse comics
        </ButtonLink>
        <ButtonLink to={paths.search} variant="secondary" size="lg">
          <SearchIcon size={20} />
          Search the store
        </ButtonLink>
      </div>
    </div>
  );
}
