import { useLocation, useParams } from 'react-router-dom';
import { NewsArticle } from '@/features/news/components/news-article';

/** An article: /news/articles/{aid}, the dated /{year}/{month}/{day}/{aid} form, and /preview/{aid}. */
export default function NewsArticleRoute() {
  const { aid, '*': splat } = useParams();
  const preview = useLocation().pathname.startsWith('/preview/');
  const idOrUrl = aid ?? splat?.replace(/\/+$/, '') ?? '';
  return <NewsArticle key={idOrUrl} idOrUrl={idOrUrl} preview={preview} />;
}
