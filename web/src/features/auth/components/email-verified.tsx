import { ACCOUNT_MESSAGES } from '@inkwell/contracts/account-rules';
import type { Account } from '@inkwell/ui-kit/account';
import { ApiError } from '@inkwell/ui-kit/api-client';
import { Button, ButtonLink } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { AlertIcon } from '@inkwell/ui-kit/icons';
import { Page } from '@/components/layout/page';
import { PageLoading } from '@/components/layout/page-loading';
import { FormAlert } from '@/components/ui/form-alert';
import { paths } from '@/config/paths';
import { LoginStatus, useAuth } from '@/lib/auth';
import { useVerifyEmail } from '../api/verify-email';
import { useVerificationEmail } from '../use-verification-email';
import { AccountBenefits } from './account-benefits';
import { VerificationButton } from './verification-button';
import styles from './email-verified.module.css';

/**
 * /email-verified: with the `token` of a verification email, verifies the address and shows the
 * benefits screen in its verified mode; without one it is that screen as it is (storefront spec §2).
 */
export function EmailVerified({ token }: { token: string | null }) {
  return token ? <VerifyLink token={token} /> : <AccountBenefits verified />;
}

function VerifyLink({ token }: { token: string }) {
  const verification = useVerifyEmail(token);
  if (verification.isPending) return <PageLoading label="Verifying your email…" />;
  if (verification.isError) {
    const spent = verification.error instanceof ApiError && verification.error.isClientError;
    return spent ? <ExpiredLink /> : <VerifyFailed message={verification.error.message} retry={() => void verification.refetch()} retrying={verification.isFetching} />;
  }
  return <AccountBenefits verified verifiedEmail={verification.data.email} />;
}

function VerifyFailed({ message, retry, retrying }: { message: string; retry: () => void; retrying: boolean }) {
  return (
    <Page title="Verify your email" width="narrow">
      <EmptyState
        tone="error"
        icon={<AlertIcon />}
        title="We couldn't verify your email"
        actions={
          <Button onClick={retry} disabled={retrying}>
            {retrying ? 'Trying again…' : 'Try again'}
          </Button>
        }
      >
        <p>{message}</p>
      </EmptyState>
    </Page>
  );
}

/** A link that was used already or is too old: the way to a new one depends on who is here. */
function ExpiredLink() {
  const { status, account, openLogin } = useAuth();
  let next;
  if (status === LoginStatus.LoggedIn && account) {
    next = account.verified ? (
      <>
        <p>Good news: your account {account.email} is already verified.</p>
        <ButtonLink to={paths.account}>Go to your account</ButtonLink>
      </>
    ) : (
      <ResendForAccount account={account} />
    );
  } else if (status === LoginStatus.LoggedOut) {
    next = (
      <>
        <p>Log in and we'll send you a new verification link. If you have verified already, you're all set.</p>
        <Button aria-haspopup="dialog" onClick={() => openLogin()}>
          Log in to get a new link
        </Button>
      </>
    );
  }
  return (
    <Page title="Verify your email" width="narrow">
      <EmptyState tone="error" icon={<AlertIcon />} title={ACCOUNT_MESSAGES.invalidLink}>
        <p>Verification links work once, for a limited time.</p>
        {next && <div className={styles.next}>{next}</div>}
      </EmptyState>
    </Page>
  );
}

function ResendForAccount({ account }: { account: Account }) {
  const verification = useVerificationEmail(account);
  return (
    <>
      <p>Send a new link to {account.email}.</p>
      <VerificationButton label={verification.label} disabled={verification.disabled} onClick={verification.send} />
      {verification.justSent && (
        <FormAlert tone="success">
          <p>A new verification link is on its way. Open the newest email.</p>
        </FormAlert>
      )}
      {verification.error && <FormAlert tone="error">{verification.error}</FormAlert>}
    </>
  );
}
