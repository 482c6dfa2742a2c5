import { Button, ButtonLink } from '@inkwell/ui-kit/button';
import { Page } from '@/components/layout/page';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { LoginStatus, useAuth } from '@/features/auth/auth-context';
import { ReaderBenefits } from '@/features/auth/components/reader-benefits';
import styles from './account.module.css';

export default function AccountRoute() {
  const { status, account, logout } = useAuth();

  if (status === LoginStatus.LoggedIn && account) {
    return (
      <Page title="Your account" documentTitle="Account">
        <dl className={styles.details}>
          <div>
            <dt>Email</dt>
            <dd>{account.email}</dd>
          </div>
          <div>
            <dt>Email status</dt>
            <dd>{account.verified ? 'Verified' : 'Your account has not been verified.'}</dd>
          </div>
        </dl>
        <div className={styles.actions}>
          <ButtonLink to={paths.library}>Go to My Comics</ButtonLink>
          <Button variant="secondary" onClick={logout}>
            Log Out
          </Button>
        </div>
      </Page>
    );
  }

  if (status === LoginStatus.LoggedOut) {
    return (
      <Page title="Log in or create a Reader account" documentTitle="Account" width="narrow">
        <ReaderBenefits />
        <p className={styles.more}>
          <ButtonLink to={paths.accountBenefits} variant="secondary">
            More about Reader accounts
          </ButtonLink>
        </p>
      </Page>
    );
  }

  return (
    <Page title="Your account" documentTitle="Account">
      <div role="status">
        <span className="visually-hidden">Checking your login…</span>
        <Skeleton className={styles.loading} />
      </div>
    </Page>
  );
}
