import { useLocation } from 'react-router-dom';
import type { Account } from '@inkwell/ui-kit/account';
import { MailIcon } from '@inkwell/ui-kit/icons';
import { paths } from '@/config/paths';
import { LoginStatus, useAuth } from '../auth-context';
import { useVerificationEmail } from '../use-verification-email';
import { VERIFICATION_LABELS } from '../verification-window';
import { VerificationButton } from './confirm-account';
import styles from './verification-banner.module.css';

/** Pages that show the full confirm-your-account screen (or are where a link lands) need no banner. */
const PAGES_WITH_THEIR_OWN: readonly string[] = [paths.account, paths.library, paths.emailVerified];

/** A slim reminder under the navbar, on every other page, for a logged-in reader who has not verified yet. */
export function VerificationBanner() {
  const { status, account } = useAuth();
  const { pathname } = useLocation();
  if (status !== LoginStatus.LoggedIn || !account || account.verified || PAGES_WITH_THEIR_OWN.includes(pathname)) return null;
  return <Banner account={account} />;
}

function Banner({ account }: { account: Account }) {
  const verification = useVerificationEmail(account);
  return (
    <aside className={styles.banner} aria-label="Account verification">
      <div className={styles.inner}>
        <MailIcon size={20} className={styles.icon} />
        <p className={styles.text}>
          <strong>{VERIFICATION_LABELS.notVerified}</strong>{' '}
          <span className={styles.more}>Open the link we emailed to {account.email}.</span>
        </p>
        {verification.error && (
          <p className={styles.error} role="alert">
            {verification.error}
          </p>
        )}
        <VerificationButton size="sm" variant="secondary" label={verification.label} disabled={verification.disabled} onClick={verification.send} />
      </div>
    </aside>
  );
}
