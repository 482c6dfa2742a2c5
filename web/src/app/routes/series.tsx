import { Page } from '@/components/layout/page';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { BookIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

export default function SeriesRoute() {
  return (
    <Page title="Series not available" eyebrow="Series" width="narrow">
      <EmptyState
        icon={<BookIcon />}
        title="This series isn't in the store"
        actions={<ButtonLink to={paths.browse}>Browse comics</ButtonLink>}
      >
        <p>It may not be published yet, or not be available in your region.</p>
      </EmptyState>
    </Page>
  );
}
