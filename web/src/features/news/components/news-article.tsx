import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '@inkwell/ui-kit/api-client';
import { Button, ButtonLink } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { AlertIcon, ArrowRightIcon, RefreshIcon } from '@inkwell/ui-kit/icons';
import { NotFoundView } from '@/components/layout/not-found-view';
import { Page, SITE_NAME } from '@/components/layout/page';
import { CoverImage } from '@/components/ui/cover-image';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useArticle } from '../api/get-article';
import styles from './news-article.module.css';

/** Article images are wide banners (storefront spec §9: hero ratio 33). */
const ARTICLE_IMAGE_RATIO = 40;

/**
 * Links inside an article's HTML are plain anchors; those to the store itself are followed by the
 * router so a click does not reload the whole app.
 */
function useInternalLinks() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as HTMLElement).closest('a');
    if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(`${url.pathname}${url.search}${url.hash}`);
  };
}

function ArticleSkeleton() {
  return (
    <div className={styles.page} role="status">
      <span className="visually-hidden">Loading article…</span>
      <Skeleton className={styles.lineShort} />
      <Skeleton className={styles.titleSkeleton} />
      <Skeleton className={styles.line} />
      <Skeleton className={styles.imageSkeleton} style={{ aspectRatio: `100 / ${ARTICLE_IMAGE_RATIO}` }} />
    </div>
  );
}

/** One news article (`news/strips-article/{id}`), or its preview for staff under /preview/. */
export function NewsArticle({ idOrUrl, preview }: { idOrUrl: string; preview: boolean }) {
  const article = useArticle(idOrUrl, preview);
  const followInternalLinks = useInternalLinks();

  if (article.isPending) return <ArticleSkeleton />;
  if (article.isError) {
    const error = article.error;
    if (error instanceof ApiError && error.isNotFound) {
      return (
        <NotFoundView title="We couldn't find that article">
          <p>It may have been moved or taken down. The latest stories are on the News page, and every comic is in Browse.</p>
          <p className={styles.backLink}>
            <Link to={paths.news}>Go to News</Link>
          </p>
        </NotFoundView>
      );
    }
    return (
      <Page title="This article didn't load" documentTitle="News" width="narrow">
        <EmptyState
          tone="error"
          icon={<AlertIcon />}
          title="We couldn't load this article"
          actions={
            <>
              <Button onClick={() => article.refetch()} disabled={article.isFetching}>
                <RefreshIcon size={18} />
                {article.isFetching ? 'Trying again…' : 'Try again'}
              </Button>
              <ButtonLink to={paths.news} variant="secondary">
                Go to News
              </ButtonLink>
            </>
          }
        >
          <p>{error.message}</p>
        </EmptyState>
      </Page>
    );
  }

  const data = article.data;
  return (
    <article className={styles.page}>
      <title>{`${data.title} · ${SITE_NAME}`}</title>
      <nav aria-label="Breadcrumb" className={styles.crumbs}>
        <Link to={paths.news}>News</Link>
      </nav>
      <header className={styles.header}>
        <p className={styles.meta}>
          <span className={styles.type}>{data.pageType}</span>
          <time dateTime={data.publishedAt}>{formatDate(data.publishedAt)}</time>
          {preview && <span className={styles.preview}>Preview</span>}
        </p>
        <h1 className={styles.title}>{data.title}</h1>
        {data.summary && <p className={styles.lede}>{data.summary}</p>}
      </header>
      {data.thumbnails.length > 0 && (
        <div className={styles.image}>
          <CoverImage images={data.thumbnails} alt="" ratio={ARTICLE_IMAGE_RATIO} eager sizes="(min-width: 992px) 900px, 100vw" />
        </div>
      )}
      {/* The body is staff-written HTML that the catalog sanitises before it is stored. */}
      <div className={styles.body} onClick={followInternalLinks} dangerouslySetInnerHTML={{ __html: data.bodyHtml }} />
      {data.series && (
        <Link to={paths.series(data.series)} className={styles.seriesLink}>
          <span>
            <span className={styles.seriesLabel}>Read the series</span>
            <span className={styles.seriesTitle}>{data.series.title}</span>
          </span>
          <ArrowRightIcon />
        </Link>
      )}
      <p className={styles.backLink}>
        <Link to={paths.news}>More news</Link>
      </p>
    </article>
  );
}
