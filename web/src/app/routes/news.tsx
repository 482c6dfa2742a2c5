import { Page } from '@/components/layout/page';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { NewsIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

export default function NewsRoute() {
  return (
    <Page title="News" intro={<p>Announcements, new licenses and release news from the publisher.</p>}>
      <EmptyState
        icon={<NewsIcon />}
        title="No articles yet"
        actions={<ButtonLink to={paths.calendar}>See upcoming releases</ButtonLink>}
      >
        <p>New articles appear here as soon as they are published.</p>
      </EmptyState>
    </Page>
  );
}
