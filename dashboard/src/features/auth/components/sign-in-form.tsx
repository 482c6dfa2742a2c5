import { Controller, useForm } from 'react-hook-form';
import { ACCOUNT_MESSAGES, isValidEmail } from '@inkwell/contracts/account-rules';
import { ApiError } from '@inkwell/ui-kit/api-client';
import { Button } from '@inkwell/ui-kit/button';
import { TextField } from '@/components/form/text-field';
import { useSignIn, type Credentials } from '../api/sign-in';
import styles from './staff-gate.module.css';

/**
 * Email and password, checked as staff type them, then the account's token call. A wrong password
 * (403 "Wrong password.") is shown under the password; anything else (throttled, unreachable) above
 * the button.
 */
export function SignInForm() {
  const signIn = useSignIn();
  const { control, handleSubmit, setError, formState } = useForm<Credentials>({
    defaultValues: { email: '', password: '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async (credentials) => {
    try {
      await signIn.mutateAsync(credentials);
    } catch (error) {
      if (error instanceof ApiError && error.httpStatus === 403) {
        setError('password', { type: 'server', message: error.message }, { shouldFocus: true });
      } else {
        setError('root.server', { type: 'server', message: error instanceof Error ? error.message : 'Signing in failed.' });
      }
    }
  });

  const rootError = formState.errors.root?.server?.message;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-describedby={rootError ? 'sign-in-problem' : undefined}>
      <Controller
        control={control}
        name="email"
        rules={{
          required: 'Enter your email.',
          validate: (value) => isValidEmail(value) || ACCOUNT_MESSAGES.invalidEmail,
        }}
        render={({ field, fieldState }) => (
          <TextField
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="username"
            isRequired
            autoFocus
            {...field}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="password"
        rules={{ required: 'Enter your password.' }}
        render={({ field, fieldState }) => (
          <TextField label="Password" type="password" autoComplete="current-password" isRequired {...field} error={fieldState.error?.message} />
        )}
      />
      {rootError && (
        <p id="sign-in-problem" className={styles.problem} role="alert">
          {rootError}
        </p>
      )}
      <Button type="submit" size="lg" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
