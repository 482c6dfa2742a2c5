import { Link } from 'react-router-dom';
import type { NewsArticleCardView } from '@inkwell/contracts/catalog';
import { CoverImage } from '@/components/ui/cover-image';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import styles from './news-card.module.css';

/** News images are wide banners; cards crop them to this height (percent of width). */
export const NEWS_IMAGE_RATIO = 52;

export function articlePath(article: Pick<NewsArticleCardView, 'id' | 'readableUrl'>): string {
  return paths.newsArticle(article.readableUrl?.trim() || article.id);
}

export function NewsCard({ article, featured = false }: { article: NewsArticleCardView; featured?: boolean }) {
  return (
    <Link to={articlePath(article)} className={[styles.card, featured && styles.featured].filter(Boolean).join(' ')}>
      <span className={styles.image}>
        <CoverImage images={article.thumbnails} alt="" ratio={NEWS_IMAGE_RATIO} eager={featured} sizes={featured ? '(min-width: 992px) 760px, 100vw' : '(min-width: 992px) 380px, (min-width: 576px) 50vw, 100vw'} />
      </span>
      <span className={styles.text}>
        <span className={styles.meta}>
          <span className={styles.type}>{article.pageType}</span>
          <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time>
        </span>
        <span className={styles.title}>{article.title}</span>
        {article.summary && <span className={styles.summary}>{article.summary}</span>}
      </span>
    </Link>
  );
}

export function NewsCardSkeleton() {
  return (
    <div className={styles.skeleton} aria-hidden="true">
      <Skeleton style={{ aspectRatio: `100 / ${NEWS_IMAGE_RATIO}` }} className={styles.skeletonImage} />
      <Skeleton className={styles.skeletonLineShort} />
      <Skeleton className={styles.skeletonLine} />
      <Skeleton className={styles.skeletonLine} />
    </div>
  );
}
