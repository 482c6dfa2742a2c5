import { Page } from '@/components/layout/page';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { BookIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

export default function ProductRoute() {
  return (
    <Page title="Product not available" eyebrow="Product" width="narrow">
      <EmptyState
        icon={<BookIcon />}
        title="This volume isn't in the store"
        actions={<ButtonLink to={paths.browse}>Browse comics</ButtonLink>}
      >
        <p>It may not be on sale yet, or no longer be available in your region.</p>
      </EmptyState>
    </Page>
  );
}
