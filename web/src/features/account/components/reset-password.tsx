import { useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES, passwordProblem } from '@inkwell/contracts/account-rules';
import { Button } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { AlertIcon, CheckIcon, LockIcon } from '@inkwell/ui-kit/icons';
import { Page } from '@/components/layout/page';
import { PasswordField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordStrengthHint } from '@/components/ui/password-strength';
import { SubmitButton } from '@/components/ui/submit-button';
import { usePasswordStrength } from '@/lib/password-strength';
import { useResetPassword } from '../api/reset-password';
import styles from './link-pages.module.css';

interface ResetPasswordProps {
  /** The token of the password-reset link; null when the page was opened without one. */
  token: string | null;
  /** Opens the login overlay: after a reset, and to ask for a new link. */
  onLogin: () => void;
}

/** /reset-password/?token=: a new password, typed twice, for the account the link was mailed to. */
export function ResetPassword({ token, onLogin }: ResetPasswordProps) {
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<{ password?: string | undefined; confirm?: string | undefined }>({});
  const strength = usePasswordStrength(password, null);

  if (!token) return <NoLink onLogin={onLogin} />;

  if (reset.isSuccess) {
    return (
      <Page title="Password changed" width="narrow">
        <EmptyState
          icon={<CheckIcon />}
          title="Your new password is set"
          actions={
            <Button size="lg" aria-haspopup="dialog" onClick={onLogin}>
              Log in
            </Button>
          }
        >
          <p>Log in with your email and your new password.</p>
        </EmptyState>
      </Page>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reset.isPending) return;
    const found = { password: passwordProblem(password) ?? strength?.problem, confirm: confirm !== password ? ACCOUNT_MESSAGES.passwordsDoNotMatch : undefined };
    if (found.password || found.confirm) {
      setProblems(found);
      return;
    }
    reset.mutate({ token, password });
  };

  const clear = () => {
    setProblems({});
    if (!reset.isIdle) reset.reset();
  };
  const linkSpent = reset.isError && reset.error.message === ACCOUNT_MESSAGES.invalidLink;
  // The service's refusal of the password (the strength rule knows the account's email) goes under the field.
  const passwordRefused = reset.isError && reset.error.message.startsWith(ACCOUNT_MESSAGES.passwordTooWeak) ? reset.error.message : undefined;

  return (
    <Page title="Choose a new password" documentTitle="Reset password" width="narrow">
      <form className={styles.card} onSubmit={submit} noValidate>
        <span className={styles.icon}>
          <LockIcon size={26} />
        </span>
        <p className={styles.lead}>Pick a password you don't use anywhere else. You'll log in with it from now on.</p>
        <PasswordField
          label="New password"
          autoComplete="new-password"
          autoFocus
          hint={<PasswordStrengthHint strength={strength} />}
          value={password}
          error={problems.password ?? passwordRefused}
          onChange={(event) => {
            setPassword(event.target.value);
            clear();
          }}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          value={confirm}
          error={problems.confirm}
          onChange={(event) => {
            setConfirm(event.target.value);
            clear();
          }}
        />
        {reset.isError && !passwordRefused && (
          <FormAlert tone="error">
            <p>{reset.error.message}</p>
            {linkSpent && (
              <button type="button" className={styles.textButton} onClick={onLogin}>
                Ask for a new link
              </button>
            )}
          </FormAlert>
        )}
        <SubmitButton size="lg" className={styles.submit} pending={reset.isPending} pendingLabel="Saving…" disabled={!password || !confirm}>
          Set new password
        </SubmitButton>
      </form>
    </Page>
  );
}

function NoLink({ onLogin }: { onLogin: () => void }) {
  return (
    <Page title="Reset password" width="narrow">
      <EmptyState
        tone="error"
        icon={<AlertIcon />}
        title={ACCOUNT_MESSAGES.invalidLink}
        actions={
          <Button aria-haspopup="dialog" onClick={onLogin}>
            Ask for a new link
          </Button>
        }
      >
        <p>Open the link from your password-reset email. To get a new one, enter your email and choose “Forgot password?”.</p>
      </EmptyState>
    </Page>
  );
}
