import { useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES, passwordProblem } from '@inkwell/contracts/account-rules';
import { ApiError } from '@inkwell/ui-kit/api-client';
import { PasswordField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordStrengthHint } from '@/components/ui/password-strength';
import { SubmitButton } from '@/components/ui/submit-button';
import { usePasswordStrength } from '@/lib/password-strength';
import { useChangePassword } from '../api/change-password';
import styles from './account-settings.module.css';

const EMPTY = { password: '', newPassword: '', confirm: '' };

export function ChangePasswordForm({ email }: { email: string }) {
  const change = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const [problems, setProblems] = useState<{ newPassword?: string; confirm?: string }>({});
  const strength = usePasswordStrength(values.newPassword, email);

  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setProblems({});
    if (!change.isIdle) change.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const found = {
      newPassword: passwordProblem(values.newPassword) ?? strength?.problem,
      confirm: values.confirm !== values.newPassword ? ACCOUNT_MESSAGES.passwordsDoNotMatch : undefined,
    };
    if (found.newPassword || found.confirm) {
      setProblems(found);
      return;
    }
    change.mutate(
      { email, password: values.password, newPassword: values.newPassword, confirmNewPassword: values.confirm },
      { onSuccess: () => setValues(EMPTY) },
    );
  };

  const wrongPassword = change.error instanceof ApiError && change.error.httpStatus === 403;
  // The service's refusal of the new password goes under that field.
  const newPasswordRefused = change.error instanceof ApiError && change.error.message.startsWith(ACCOUNT_MESSAGES.passwordTooWeak) ? change.error.message : undefined;

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        required
        value={values.password}
        onChange={set('password')}
        error={wrongPassword ? ACCOUNT_MESSAGES.wrongPassword : undefined}
      />
      <div className={styles.pair}>
        <PasswordField label="New password" autoComplete="new-password" required hint={<PasswordStrengthHint strength={strength} />} value={values.newPassword} onChange={set('newPassword')} error={problems.newPassword ?? newPasswordRefused} />
        <PasswordField label="Confirm new password" autoComplete="new-password" required value={values.confirm} onChange={set('confirm')} error={problems.confirm} />
      </div>
      {change.isError && !wrongPassword && !newPasswordRefused && <FormAlert tone="error">{change.error.message}</FormAlert>}
      {change.isSuccess && <FormAlert tone="success">Your password has been changed.</FormAlert>}
      <div className={styles.formActions}>
        <SubmitButton pending={change.isPending} pendingLabel="Changing password…" disabled={!values.password || !values.newPassword || !values.confirm}>
          Change password
        </SubmitButton>
      </div>
    </form>
  );
}
