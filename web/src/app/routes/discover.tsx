import { ButtonLink } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { CompassIcon } from '@inkwell/ui-kit/icons';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';

export default function DiscoverRoute() {
  return (
    <Page title="Collection not available" eyebrow="Discover" width="narrow">
      <EmptyState
        icon={<CompassIcon />}
        title="This collection isn't running"
        actions={<ButtonLink to={paths.browse}>Browse comics</ButtonLink>}
      >
        <p>Curated collections come and go. Everything in the store can be found in Browse.</p>
      </EmptyState>
    </Page>
  );
}
