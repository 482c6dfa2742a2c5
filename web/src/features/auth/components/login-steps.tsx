import { useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES, emailProblem, isValidEmail, normalizeEmail, passwordProblem } from '@inkwell/contracts/account-rules';
import { ApiError } from '@inkwell/ui-kit/api-client';
import { Button } from '@inkwell/ui-kit/button';
import { MailIcon, UserIcon } from '@inkwell/ui-kit/icons';
import { PasswordField, TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordStrengthHint } from '@/components/ui/password-strength';
import { SubmitButton } from '@/components/ui/submit-button';
import { paths } from '@/config/paths';
import { LoginStatus, useAuth } from '@/lib/auth';
import { usePasswordStrength } from '@/lib/password-strength';
import { useForgotPassword } from '../api/forgot-password';
import { useCheckAccountExists } from '../api/get-account-exists';
import { useLogin } from '../api/login';
import { AutoLoginError, useSignUp } from '../api/sign-up';
import styles from './login-overlay.module.css';

/** `email` asks for the address; `login` is the spec's step 1, `signup` its step 2; `created` follows a sign-up. */
export type LoginStepName = 'email' | 'login' | 'signup' | 'created';

/** The service's refusals of a new password, shown under the password field rather than above the button. */
const PASSWORD_MESSAGES = new Set<string>([ACCOUNT_MESSAGES.passwordTooShort, ACCOUNT_MESSAGES.passwordTooLong]);
const isPasswordMessage = (message: string) => PASSWORD_MESSAGES.has(message) || message.startsWith(ACCOUNT_MESSAGES.passwordTooWeak);

function httpStatusOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.httpStatus : undefined;
}

/** Who is logging in or signing up, with the way back to the email step. */
function EmailSummary({ email, onChangeEmail }: { email: string; onChangeEmail: () => void }) {
  return (
    <div className={styles.who}>
      <span className={styles.avatar}>
        <UserIcon size={20} />
      </span>
      <span className={styles.whoEmail} title={email}>
        {email}
      </span>
      <button type="button" className={styles.textButton} onClick={onChangeEmail}>
        Change<span className="visually-hidden"> email</span>
      </button>
    </div>
  );
}

/** Password managers file the password under the address: they look for a username field in the same form. */
function UsernameForPasswordManagers({ email }: { email: string }) {
  return <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />;
}

export function EmailStep({ email, onEmailChange, onAnswer }: { email: string; onEmailChange: (email: string) => void; onAnswer: (exists: boolean) => void }) {
  const check = useCheckAccountExists();
  const valid = isValidEmail(email);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || check.isPending) return;
    check.mutate(normalizeEmail(email), { onSuccess: onAnswer });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div>
        <h3 className={styles.stepTitle}>Enter your email</h3>
        <p className={styles.lead}>Log in if you already have a Reader account, or create one in a moment.</p>
      </div>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="next"
        placeholder="you@example.com"
        autoFocus
        value={email}
        error={emailProblem(email)}
        onChange={(event) => {
          onEmailChange(event.target.value);
          check.reset();
        }}
      />
      {check.isError && <FormAlert tone="error">{check.error.message}</FormAlert>}
      <SubmitButton size="lg" className={styles.submit} disabled={!valid} pending={check.isPending} pendingLabel="Checking…">
        Continue
      </SubmitButton>
    </form>
  );
}

export function LoginStep({ email, notice, onChangeEmail }: { email: string; notice: string | null; onChangeEmail: () => void }) {
  const { status } = useAuth();
  const login = useLogin();
  const forgot = useForgotPassword();
  const [password, setPassword] = useState('');
  // From the answer until the account has loaded and the overlay closes, the login is still going.
  const pending = login.isPending || (login.isSuccess && status !== LoginStatus.LoggedOut);
  const wrongPassword = login.isError && httpStatusOf(login.error) === 403;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password === '' || pending) return;
    login.mutate({ email, password });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div>
        <h3 className={styles.stepTitle}>Welcome back</h3>
        <p className={styles.lead}>Enter your password to log in.</p>
      </div>
      <EmailSummary email={email} onChangeEmail={onChangeEmail} />
      {notice && <FormAlert tone="info">{notice}</FormAlert>}
      <UsernameForPasswordManagers email={email} />
      <div className={styles.passwordBlock}>
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          enterKeyHint="go"
          autoFocus
          value={password}
          error={wrongPassword ? ACCOUNT_MESSAGES.wrongPassword : undefined}
          onChange={(event) => {
            setPassword(event.target.value);
            if (login.isError) login.reset();
          }}
        />
        <button type="button" className={`${styles.textButton} ${styles.forgot}`} disabled={forgot.isPending} onClick={() => forgot.mutate(email)}>
          {forgot.isPending ? 'Sending…' : 'Forgot password?'}
        </button>
      </div>
      {forgot.isSuccess && (
        <FormAlert tone="info" title="Check your inbox">
          <p>
            We've sent a link to reset your password to <strong>{email}</strong>. It may take a minute to arrive.
          </p>
        </FormAlert>
      )}
      {forgot.isError && <FormAlert tone="error">{forgot.error.message}</FormAlert>}
      {login.isError && !wrongPassword && <FormAlert tone="error">{login.error.message}</FormAlert>}
      <SubmitButton size="lg" className={styles.submit} disabled={password === ''} pending={pending} pendingLabel="Logging in…">
        Log In
      </SubmitButton>
    </form>
  );
}

export function SignUpStep({
  email,
  onChangeEmail,
  onExistingAccount,
  onCreated,
}: {
  email: string;
  onChangeEmail: () => void;
  onExistingAccount: (message: string) => void;
  onCreated: () => void;
}) {
  const signUp = useSignUp();
  const [password, setPassword] = useState('');
  const [passwordRefused, setPasswordRefused] = useState<string | undefined>(undefined);
  // Issue 26: the strength while typing, by the service's own rule (its dictionaries load with this step).
  const strength = usePasswordStrength(password, email);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (signUp.isPending) return;
    const problem = passwordProblem(password) ?? strength?.problem;
    if (problem) {
      setPasswordRefused(problem);
      return;
    }
    signUp.mutate(
      { email, password },
      {
        onSuccess: onCreated,
        onError: (error) => {
          if (error instanceof AutoLoginError) onExistingAccount(error.message);
        },
      },
    );
  };

  // Sign-up codes of storefront spec §8: 406 is an address the service will not take, 400 says
  // what else is wrong (the password, or an account that exists after all).
  const status = httpStatusOf(signUp.error);
  const serverMessage = signUp.isError && !(signUp.error instanceof AutoLoginError) ? signUp.error.message : null;
  const passwordError = passwordRefused ?? (serverMessage !== null && isPasswordMessage(serverMessage) ? serverMessage : undefined);
  const emailTaken = serverMessage === ACCOUNT_MESSAGES.emailTaken;

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div>
        <h3 className={styles.stepTitle}>Create your Reader account</h3>
        <p className={styles.lead}>There's no account with this email yet. Choose a password to create one.</p>
      </div>
      <EmailSummary email={email} onChangeEmail={onChangeEmail} />
      <UsernameForPasswordManagers email={email} />
      <PasswordField
        label="Create a password"
        name="new-password"
        autoComplete="new-password"
        enterKeyHint="done"
        autoFocus
        hint={<PasswordStrengthHint strength={strength} />}
        value={password}
        error={passwordError}
        onChange={(event) => {
          setPassword(event.target.value);
          setPasswordRefused(undefined);
          if (signUp.isError) signUp.reset();
        }}
      />
      {status === 406 && (
        <FormAlert tone="error">
          <p>{ACCOUNT_MESSAGES.invalidEmail}</p>
          <button type="button" className={styles.textButton} onClick={onChangeEmail}>
            Change email
          </button>
        </FormAlert>
      )}
      {emailTaken && (
        <FormAlert tone="error">
          <p>{ACCOUNT_MESSAGES.emailTaken}</p>
          <button type="button" className={styles.textButton} onClick={() => onExistingAccount('Log in with the password of your account.')}>
            Log in instead
          </button>
        </FormAlert>
      )}
      {serverMessage && status !== 406 && !emailTaken && !passwordError && <FormAlert tone="error">{serverMessage}</FormAlert>}
      <SubmitButton size="lg" className={styles.submit} pending={signUp.isPending} pendingLabel="Creating your account…">
        Create Account
      </SubmitButton>
      <p className={styles.fineprint}>
        By creating an account you agree to our{' '}
        <a href={paths.termsOfUse} target="_blank" rel="noreferrer">
          Terms of Use
        </a>{' '}
        and{' '}
        <a href={paths.privacyPolicy} target="_blank" rel="noreferrer">
          Privacy Policy
        </a>
        . We never sell your personal information.
      </p>
    </form>
  );
}

export function CreatedStep({ email, onDone }: { email: string; onDone: () => void }) {
  return (
    <div className={styles.created}>
      <span className={styles.createdIcon}>
        <MailIcon size={30} />
      </span>
      <h3 className={styles.stepTitle}>Welcome to Inkwell!</h3>
      <p className={styles.lead}>
        Your Reader account is ready and you're logged in. We've sent a verification link to <strong className={styles.createdEmail}>{email}</strong>. Open it to verify your account.
      </p>
      <Button size="lg" className={styles.submit} autoFocus onClick={onDone}>
        Start reading
      </Button>
    </div>
  );
}
