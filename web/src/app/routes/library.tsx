import { ButtonLink } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { BookIcon } from '@inkwell/ui-kit/icons';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { LoginStatus, useAuth } from '@/features/auth/auth-context';

export default function LibraryRoute() {
  const { status } = useAuth();
  const loggedOut = status === LoginStatus.LoggedOut;

  return (
    <Page title="My Comics" documentTitle="Library" eyebrow="Library">
      <EmptyState
        icon={<BookIcon />}
        title="Your library is empty"
        actions={
          <>
            <ButtonLink to={paths.browse}>Browse comics</ButtonLink>
            {loggedOut && (
              <ButtonLink to={paths.account} variant="secondary">
                Log in
              </ButtonLink>
            )}
          </>
        }
      >
        <p>Comics you buy or start reading appear here, with your reading progress synced across your devices.</p>
        {loggedOut && <p>Already have a Reader account? Log in to see your comics.</p>}
      </EmptyState>
    </Page>
  );
}
