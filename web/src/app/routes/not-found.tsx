import { Page } from '@/components/layout/page';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { CompassIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

export default function NotFoundRoute() {
  return (
    <Page title="Page not found" width="narrow">
      <EmptyState
        icon={<CompassIcon />}
        title="This page doesn't exist"
        actions={
          <>
            <ButtonLink to={paths.home}>Go to the home page</ButtonLink>
            <ButtonLink to={paths.browse} variant="secondary">
              Browse comics
            </ButtonLink>
          </>
        }
      >
        <p>The link may be broken, or the page may have moved.</p>
      </EmptyState>
    </Page>
  );
}
