import { Button, ButtonLink } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { LibraryIcon } from '@inkwell/ui-kit/icons';
import { Page } from '@/components/layout/page';
import { CardGridSkeleton } from '@/components/ui/card-grid';
import { POSTER_RATIO } from '@/components/ui/poster-ratio';
import { paths } from '@/config/paths';
import { Bookshelf } from '@/features/library/components/bookshelf';
import { LoginStatus, useAuth } from '@/lib/auth';

export default function LibraryRoute() {
  const { status, account, openLogin } = useAuth();

  let content;
  // Verified or not: what a reader bought is theirs at once (the layout's banner asks for verification).
  if (status === LoginStatus.LoggedIn && account) {
    content = <Bookshelf readerId={account.userid} />;
  } else if (status === LoginStatus.LoggedOut) {
    content = (
      <EmptyState
        icon={<LibraryIcon />}
        title="Log in to see your comics"
        actions={
          <>
            <Button aria-haspopup="dialog" onClick={() => openLogin()}>
              Log in or sign up
            </Button>
            <ButtonLink to={paths.browse} variant="secondary">
              Browse comics
            </ButtonLink>
          </>
        }
      >
        <p>My Comics keeps what you buy and what you start reading, with your place saved on every device. A Reader account is free.</p>
      </EmptyState>
    );
  } else {
    content = <CardGridSkeleton count={12} ratio={POSTER_RATIO.product} label="Loading your comics…" />;
  }

  return (
    <Page title="My Comics" documentTitle="Library" eyebrow="Library">
      {content}
    </Page>
  );
}
