import { Button, ButtonLink } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { AlertIcon, NewsIcon, RefreshIcon } from '@inkwell/ui-kit/icons';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { useNews } from '../api/get-news';
import { NewsCard, NewsCardSkeleton } from './news-card';
import styles from './news-list.module.css';

/** The news page: the latest article large, the rest in a grid, and "Load more". */
export function NewsList() {
  const news = useNews();
  const articles = news.data?.pages.flatMap((page) => page.articles) ?? [];
  const [lead, ...rest] = articles;

  let content;
  if (news.isPending) {
    content = (
      <div role="status">
        <span className="visually-hidden">Loading news…</span>
        <div className={styles.grid}>
          {Array.from({ length: 6 }, (_, index) => (
            <NewsCardSkeleton key={index} />
          ))}
        </div>
      </div>
    );
  } else if (news.isError && articles.length === 0) {
    content = (
      <EmptyState
        tone="error"
        icon={<AlertIcon />}
        title="We couldn't load the news"
        actions={
          <Button onClick={() => news.refetch()} disabled={news.isFetching}>
            <RefreshIcon size={18} />
            {news.isFetching ? 'Trying again…' : 'Try again'}
          </Button>
        }
      >
        <p>{news.error.message}</p>
      </EmptyState>
    );
  } else if (!lead) {
    content = (
      <EmptyState icon={<NewsIcon />} title="No articles yet" actions={<ButtonLink to={paths.calendar}>See upcoming releases</ButtonLink>}>
        <p>New articles appear here as soon as they are published.</p>
      </EmptyState>
    );
  } else {
    content = (
      <>
        <NewsCard article={lead} featured />
        {rest.length > 0 && (
          <ul className={styles.grid} aria-label="More articles">
            {rest.map((article) => (
              <li key={article.id}>
                <NewsCard article={article} />
              </li>
            ))}
          </ul>
        )}
        {news.hasNextPage && (
          <div className={styles.more}>
            <Button
              variant="secondary"
              size="lg"
              aria-disabled={news.isFetchingNextPage}
              onClick={() => {
                if (!news.isFetchingNextPage) void news.fetchNextPage();
              }}
            >
              {news.isFetchingNextPage ? 'Loading…' : 'Load more articles'}
            </Button>
            {news.isFetchNextPageError && (
              <p className={styles.moreError} role="alert">
                We couldn't load more articles. Try the button again.
              </p>
            )}
          </div>
        )}
      </>
    );
  }

  return (
    <Page title="News" intro={<p>Announcements, new licenses and release news from the publisher.</p>}>
      {content}
    </Page>
  );
}
