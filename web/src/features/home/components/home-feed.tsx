import { Button, ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { AlertIcon, BookIcon, RefreshIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { hasFeaturedContent, useHomePage } from '../api/get-home';
import styles from './home-feed.module.css';

const SKELETON_SHELVES = 2;
const SKELETON_POSTERS = 6;

function ShelfSkeleton() {
  return (
    <div className={styles.shelf}>
      <Skeleton className={styles.shelfTitle} />
      <div className={styles.posters}>
        {Array.from({ length: SKELETON_POSTERS }, (_, index) => (
          <div key={index} className={styles.poster}>
            <Skeleton className={styles.posterImage} />
            <Skeleton className={styles.posterLine} />
            <Skeleton className={styles.posterLineShort} />
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * The curated part of the home page (`GET /home/V2`): skeleton shelves while it loads, a way out
 * when it fails or nothing is featured. Rendering the featured shelves themselves belongs to the
 * catalogue feature, which types the answer.
 */
export function HomeFeed() {
  const home = useHomePage();

  if (home.isPending) {
    return (
      <div role="status" aria-live="polite">
        <span className="visually-hidden">Loading featured comics…</span>
        {Array.from({ length: SKELETON_SHELVES }, (_, index) => (
          <ShelfSkeleton key={index} />
        ))}
      </div>
    );
  }

  if (home.isError) {
    return (
      <EmptyState
        tone="error"
        icon={<AlertIcon />}
        title="We couldn't load the featured comics"
        actions={
          <>
            <Button onClick={() => home.refetch()} disabled={home.isFetching}>
              <RefreshIcon size={18} />
              {home.isFetching ? 'Trying again…' : 'Try again'}
            </Button>
            <ButtonLink to={paths.browse} variant="secondary">
              Browse the catalogue
            </ButtonLink>
          </>
        }
      >
        <p>{home.error.message}</p>
      </EmptyState>
    );
  }

  if (!hasFeaturedContent(home.data)) {
    return (
      <EmptyState
        icon={<BookIcon />}
        title="Nothing is featured right now"
        actions={<ButtonLink to={paths.browse}>Browse the catalogue</ButtonLink>}
      >
        <p>When our editors feature series and new volumes, they appear here. Until then, the whole catalogue is in Browse.</p>
      </EmptyState>
    );
  }

  return null;
}
