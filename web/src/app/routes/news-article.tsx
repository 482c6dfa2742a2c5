import { Page } from '@/components/layout/page';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { NewsIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

/** An article: /news/articles/{aid}, the dated /{year}/{month}/{day}/{aid} form, and /preview/*. */
export default function NewsArticleRoute() {
  return (
    <Page title="Article not available" eyebrow="News" width="narrow">
      <EmptyState
        icon={<NewsIcon />}
        title="This article isn't published"
        actions={<ButtonLink to={paths.news}>Go to News</ButtonLink>}
      >
        <p>It may have been moved or taken down. The latest stories are on the News page.</p>
      </EmptyState>
    </Page>
  );
}
