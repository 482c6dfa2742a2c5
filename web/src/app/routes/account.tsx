import { Page } from '@/components/layout/page';
import { Skeleton } from '@/components/ui/skeleton';
import { AccountSettings } from '@/features/account/components/account-settings';
import { LoginPrompt } from '@/features/auth/components/login-prompt';
import { NewsletterPreferences } from '@/features/newsletter/components/newsletter-preferences';
import { AGE_RATINGS } from '@/features/catalog/catalog-details';
import { OrderHistory } from '@/features/orders/components/order-history';
import { LoginStatus, useAuth } from '@/lib/auth';
import styles from './account.module.css';

export default function AccountRoute() {
  const { status, account, logout } = useAuth();

  if (status === LoginStatus.LoggedIn && account) {
    return (
      <AccountSettings
        account={account}
        onLogout={logout}
        ratingLabels={AGE_RATINGS}
        orders={<OrderHistory reader={account.userid} />}
        newsletters={<NewsletterPreferences email={account.email} />}
      />
    );
  }

  if (status === LoginStatus.LoggedOut) return <LoginPrompt />;

  return (
    <Page title="Your account" documentTitle="Account">
      <div role="status">
        <span className="visually-hidden">Checking your login…</span>
        <Skeleton className={styles.loading} />
      </div>
    </Page>
  );
}
