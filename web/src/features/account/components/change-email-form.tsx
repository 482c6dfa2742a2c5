import { useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES, emailProblem, isValidEmail, normalizeEmail } from '@inkwell/contracts/account-rules';
import { ApiError } from '@inkwell/ui-kit/api-client';
import { PasswordField, TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { useInitiateChangeEmail } from '../api/initiate-change-email';
import styles from './account-settings.module.css';

/** New address and password; the change happens when the link mailed to the new address is opened. */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const initiate = useInitiateChangeEmail();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (initiate.isPending || !isValidEmail(newEmail) || !password) return;
    const address = normalizeEmail(newEmail);
    initiate.mutate(
      { newEmail: address, password },
      {
        onSuccess: () => {
          setSentTo(address);
          setNewEmail('');
          setPassword('');
        },
      },
    );
  };

  const status = initiate.error instanceof ApiError ? initiate.error.httpStatus : undefined;
  const sameAddress = normalizeEmail(newEmail).toLowerCase() === currentEmail.toLowerCase() ? 'That is already your email.' : undefined;
  // 400 and 409 are about the address (invalid, taken); 403 about the password.
  const emailError = emailProblem(newEmail) ?? sameAddress ?? (status === 400 || status === 409 ? initiate.error?.message : undefined);
  const passwordError = status === 403 ? ACCOUNT_MESSAGES.wrongPassword : undefined;

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.pair}>
        <TextField
          label="New email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="off"
          spellCheck={false}
          value={newEmail}
          error={emailError}
          onChange={(event) => {
            setNewEmail(event.target.value);
            setSentTo(null);
            if (!initiate.isIdle) initiate.reset();
          }}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          error={passwordError}
          onChange={(event) => {
            setPassword(event.target.value);
            if (!initiate.isIdle) initiate.reset();
          }}
        />
      </div>
      {initiate.isError && !emailError && !passwordError && <FormAlert tone="error">{initiate.error.message}</FormAlert>}
      {sentTo && (
        <FormAlert tone="info" title="Check your new inbox">
          <p>
            We've sent a confirmation link to <strong>{sentTo}</strong>. Open it to finish changing your email.
          </p>
        </FormAlert>
      )}
      <div className={styles.formActions}>
        <SubmitButton pending={initiate.isPending} pendingLabel="Sending link…" disabled={!isValidEmail(newEmail) || !password || sameAddress !== undefined}>
          Change email
        </SubmitButton>
      </div>
    </form>
  );
}
