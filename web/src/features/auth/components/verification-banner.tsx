import { useLocation } from 'react-router-dom';
import type { Account } from '@inkwell/ui-kit/account';
import { MailIcon } from '@inkwell/ui-kit/icons';
import { paths } from '@/config/paths';
import { LoginStatus, useAuth } from '@/lib/auth';
import { useVerificationEmail } from '../use-verification-email';
import { VERIFICATION_LABELS } from '../verification-window';
import { VerificationButton } from './verification-button';
import styles from './verification-banner.module.css';

/** Where a verification link lands: that page verifies, so it needs no reminder. */
const PAGES_WITHOUT: readonly string[] = [paths.emailVerified];

/**
 * The reminder under the navbar, on every page, for a signed-in reader who has not verified their
 * email yet. Nothing waits for verification: My Comics, the reader and checkout work as they do
 * for a verified account (a purchase is never held back), so this is a notice, not a wall. The
 * confirm-your-account screen of storefront spec §2 and §6 is this banner.
 */
export function VerificationBanner() {
  const { status, account } = useAuth();
  const { pathname } = useLocation();
  if (status !== LoginStatus.LoggedIn || !account || account.verified || PAGES_WITHOUT.includes(pathname)) return null;
  return <Banner account={account} />;
}

function Banner({ account }: { account: Account }) {
  const verification = useVerificationEmail(account);
  // `wait` explains a disabled button; narrow screens leave it out, the button's label says enough.
  let outcome: { tone: 'note' | 'wait' | 'success' | 'error'; text: string } | null = null;
  if (verification.error) outcome = { tone: 'error', text: verification.error };
  else if (verification.sending) outcome = { tone: 'note', text: 'Sending a new link…' };
  else if (verification.justSent) outcome = { tone: 'success', text: 'Sent. Check your inbox for the new link.' };
  else if (verification.waiting) outcome = { tone: 'wait', text: 'You can ask for another email 3 minutes after the last one.' };

  return (
    <aside className={styles.banner} aria-label="Account verification">
      <div className={styles.inner}>
        <span className={styles.icon}>
          <MailIcon size={18} />
        </span>
        {/* A status region: what the button did is read out where it happened, without moving focus. */}
        <div className={styles.message} role="status">
          <p className={styles.text}>
            <strong>{VERIFICATION_LABELS.notVerified}</strong>{' '}
            <span className={styles.more}>
              Your email is not confirmed yet: open the link we sent to <span className={styles.email}>{account.email}</span>.
              <span className={styles.aside}> Your comics are ready to read meanwhile.</span>
            </span>
          </p>
          {outcome && <p className={`${styles.outcome} ${styles[outcome.tone]}`}>{outcome.text}</p>}
        </div>
        <VerificationButton size="sm" variant="secondary" label={verification.label} disabled={verification.disabled} onClick={verification.send} />
      </div>
    </aside>
  );
}
