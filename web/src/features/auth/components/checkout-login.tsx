import { useState } from 'react';
import { Button } from '@inkwell/ui-kit/button';
import { LOGIN_TITLES } from '../login-titles';
import { EmailStep, LoginStep, SignUpStep, type LoginStepName } from './login-steps';
import styles from './login-overlay.module.css';

type Intent = 'login' | 'signup';

/**
 * Checkout's log-in and sign-up choice (storefront spec §2's checkout variant, titled 'Log in or
 * Sign up to continue'), shown beside "Continue as guest" in the checkout overlay itself rather than
 * in a window on top of it (issue 26). The steps are the login overlay's: the email, then step 1
 * (log in) or step 2 (sign up) by whether an account uses it. Once logged in, checkout goes on.
 */
export function CheckoutLogin({ email: guestEmail }: { email: string }) {
  const [intent, setIntent] = useState<Intent | null>(null);
  const [email, setEmail] = useState('');
  const [step, setStep] = useState<LoginStepName>('email');
  const [notice, setNotice] = useState<string | null>(null);

  const start = (chosen: Intent) => {
    setIntent(chosen);
    setEmail(guestEmail);
    setStep('email');
    setNotice(null);
  };
  const goTo = (next: LoginStepName, message: string | null = null) => {
    setNotice(message);
    setStep(next);
  };

  return (
    <div className={styles.inline}>
      <h3 className={styles.inlineTitle}>{LOGIN_TITLES.checkout}</h3>
      {intent === null ? (
        <>
          <p className={styles.lead}>With a Reader account your digital comics go straight to My Comics, and your orders stay in your account.</p>
          <div className={styles.inlineChoices}>
            <Button variant="secondary" size="lg" onClick={() => start('login')}>
              Log in
            </Button>
            <Button variant="secondary" size="lg" onClick={() => start('signup')}>
              Create account
            </Button>
          </div>
        </>
      ) : (
        <>
          {step === 'email' && (
            <EmailStep
              email={email}
              onEmailChange={setEmail}
              onAnswer={(exists) => {
                if (exists) goTo('login', intent === 'signup' ? 'You already have a Reader account with this email: log in with its password.' : null);
                else goTo('signup');
              }}
            />
          )}
          {step === 'login' && <LoginStep email={email} notice={notice} onChangeEmail={() => goTo('email')} />}
          {(step === 'signup' || step === 'created') && (
            <SignUpStep email={email} onChangeEmail={() => goTo('email')} onExistingAccount={(message) => goTo('login', message)} onCreated={() => goTo('created')} />
          )}
          <button type="button" className={styles.textButton} onClick={() => setIntent(null)}>
            Back
          </button>
        </>
      )}
    </div>
  );
}
