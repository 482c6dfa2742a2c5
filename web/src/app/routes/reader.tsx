import { ButtonLink } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { BookIcon } from '@inkwell/ui-kit/icons';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';

export default function ReaderRoute() {
  return (
    <Page title="Reader" width="narrow">
      <EmptyState
        icon={<BookIcon />}
        title="This comic can't be opened"
        actions={
          <>
            <ButtonLink to={paths.library}>Go to My Comics</ButtonLink>
            <ButtonLink to={paths.browse} variant="secondary">
              Browse comics
            </ButtonLink>
          </>
        }
      >
        <p>The link may be out of date. Comics you own or have started are in My Comics.</p>
      </EmptyState>
    </Page>
  );
}
