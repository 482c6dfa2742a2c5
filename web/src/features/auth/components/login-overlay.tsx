import { useEffect, useId, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { CloseIcon } from '@inkwell/ui-kit/icons';
import { Logo } from '@inkwell/ui-kit/logo';
import { useFocusTrap } from '@/hooks/use-focus-trap';
import { LoginStatus, useAuth, type LoginVariant } from '@/lib/auth';
import { LOGIN_TITLES } from '../login-titles';
import { CreatedStep, EmailStep, LoginStep, SignUpStep, type LoginStepName } from './login-steps';
import { ReaderBenefits } from './reader-benefits';
import styles from './login-overlay.module.css';

interface LoginOverlayProps {
  variant: LoginVariant;
  onClose: () => void;
}

/**
 * The login / sign-up overlay (storefront spec §2, login flow of §4): an email first, then, after
 * asking whether an account uses it, step 1 (log in) for an existing account or step 2 (sign up)
 * for a new one. A modal dialog: focus stays inside, Escape closes, focus returns to whatever
 * opened it. It closes once the reader is logged in — by this overlay or in another tab — except
 * after a sign-up, which first says where the verification email went.
 */
export default function LoginOverlay({ variant, onClose }: LoginOverlayProps) {
  const { status } = useAuth();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [email, setEmail] = useState('');
  const [step, setStep] = useState<LoginStepName>('email');
  const [notice, setNotice] = useState<string | null>(null);
  const pressedOnBackdrop = useRef(false);

  useFocusTrap(dialog, true);

  // A layout effect, so the dialog closes and focus is back on the opener in the same commit that
  // removes the overlay: a passive effect's clean-up runs later, leaving focus on the page body
  // for a moment after the dialog has gone.
  useLayoutEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    if (element && !element.open) element.showModal();
    return () => {
      element?.close();
      root.style.overflow = overflow;
      opener?.focus({ preventScroll: true });
    };
  }, []);

  useEffect(() => {
    if (status === LoginStatus.LoggedIn && step !== 'created') onClose();
  }, [status, step, onClose]);

  const goTo = (next: LoginStepName, message: string | null = null) => {
    setNotice(message);
    setStep(next);
  };

  // A click that starts and ends on the dimmed area around the card closes it; a text selection
  // dragged out of a field does not.
  const onBackdropDown = (event: MouseEvent<HTMLDialogElement>) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onBackdropUp = (event: MouseEvent<HTMLDialogElement>) => {
    if (pressedOnBackdrop.current && event.target === event.currentTarget) onClose();
    pressedOnBackdrop.current = false;
  };

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onMouseDown={onBackdropDown}
      onMouseUp={onBackdropUp}
    >
      <div className={styles.card}>
        <div className={`${styles.intro} on-dark`}>
          <Logo className={styles.logo} />
          <h2 id={titleId} className={styles.title}>
            {LOGIN_TITLES[variant]}
          </h2>
          <p className={styles.free}>It's free, and takes less than a minute.</p>
          <div className={styles.benefits}>
            <ReaderBenefits variant="compact" />
          </div>
        </div>

        <div className={styles.panel}>
          {step === 'email' && (
            <EmailStep
              email={email}
              onEmailChange={setEmail}
              onAnswer={(exists) => goTo(exists ? 'login' : 'signup')}
            />
          )}
          {step === 'login' && <LoginStep email={email} notice={notice} onChangeEmail={() => goTo('email')} />}
          {step === 'signup' && (
            <SignUpStep
              email={email}
              onChangeEmail={() => goTo('email')}
              onExistingAccount={(message) => goTo('login', message)}
              onCreated={() => goTo('created')}
            />
          )}
          {step === 'created' && <CreatedStep email={email} onDone={onClose} />}
        </div>

        <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
    </dialog>
  );
}
