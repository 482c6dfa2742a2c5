import { useCallback, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isAdmin, useAccount } from '@inkwell/ui-kit/account';
import { Button, ButtonAnchor } from '@inkwell/ui-kit/button';
import { Logo } from '@inkwell/ui-kit/logo';
import { getAccessToken, subscribeToTokens } from '@inkwell/ui-kit/storage';
import { STOREFRONT_URL } from '@/config/areas';
import { signOut as endSession } from '../api/sign-out';
import { StaffContext, type StaffSession } from '../staff-context';
import { SignInForm } from './sign-in-form';
import styles from './staff-gate.module.css';

function GateCard({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <main className={styles.screen}>
      <title>{`${title} · Inkwell Staff`}</title>
      <section className={styles.card} aria-labelledby="gate-title">
        <Logo tag="staff" tagStyle="solid" className={styles.brand} />
        <h1 id="gate-title" className={styles.title}>
          {title}
        </h1>
        <div className={styles.body}>{children}</div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </section>
    </main>
  );
}

const toStorefront = (
  <ButtonAnchor href={STOREFRONT_URL} size="lg">
    Go to the storefront
  </ButtonAnchor>
);

/**
 * Lets only admins in. Staff sign in here with the account's token call (a sign-in on the
 * storefront counts too: same origin, same tokens in local storage); the gate then checks the
 * account's roles with `GET /account`. A reader who signs in is told plainly and offered the
 * storefront or signing out.
 */
export function StaffGate({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const accessToken = useSyncExternalStore(subscribeToTokens, getAccessToken);
  // A token that disappears while the dashboard is open means the session ended (refresh refused).
  const [hadToken, setHadToken] = useState(accessToken !== null);
  if (accessToken !== null && !hadToken) setHadToken(true);
  const account = useAccount(accessToken);

  const signOut = useCallback(() => {
    endSession();
    queryClient.clear();
    setHadToken(false);
  }, [queryClient]);

  const session = useMemo<StaffSession | null>(
    () => (account.data && isAdmin(account.data) ? { account: account.data, signOut } : null),
    [account.data, signOut],
  );

  if (accessToken === null) {
    return (
      <GateCard title="Staff sign in">
        {hadToken && (
          <p className={styles.notice} role="status">
            Your session has ended. Sign in again to continue.
          </p>
        )}
        <p>Sign in with your Inkwell staff account.</p>
        <SignInForm />
      </GateCard>
    );
  }

  if (account.isPending) {
    return (
      <main className={styles.screen} role="status">
        <span className={styles.spinner} aria-hidden="true" />
        <span className={styles.checking}>Checking your account…</span>
      </main>
    );
  }

  if (account.isError) {
    return (
      <GateCard
        title="We couldn't check your account"
        actions={
          <Button size="lg" onClick={() => account.refetch()} disabled={account.isFetching}>
            {account.isFetching ? 'Trying again…' : 'Try again'}
          </Button>
        }
      >
        <p>{account.error.message}</p>
      </GateCard>
    );
  }

  if (!session) {
    return (
      <GateCard
        title="This account is not a staff account"
        actions={
          <>
            {toStorefront}
            <Button variant="secondary" size="lg" onClick={signOut}>
              Sign out
            </Button>
          </>
        }
      >
        <p>
          You are signed in as <strong>{account.data.email}</strong>. The dashboard is for Inkwell staff only, so there
          is nothing here for this account.
        </p>
        <p>Carry on to the storefront, or sign out and sign in with a staff account.</p>
      </GateCard>
    );
  }

  return <StaffContext.Provider value={session}>{children}</StaffContext.Provider>;
}
