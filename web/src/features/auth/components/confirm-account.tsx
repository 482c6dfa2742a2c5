import { useId } from 'react';
import type { Account } from '@inkwell/ui-kit/account';
import { Button } from '@inkwell/ui-kit/button';
import { MailIcon } from '@inkwell/ui-kit/icons';
import { FormAlert } from '@/components/ui/form-alert';
import { useVerificationEmail } from '../use-verification-email';
import { VERIFICATION_LABELS } from '../verification-window';
import styles from './confirm-account.module.css';

/**
 * The confirm-your-account screen for a logged-in reader who has not verified their email yet
 * (storefront spec §2, §6), with the button that sends the verification email again.
 */
export function ConfirmAccount({ account }: { account: Account }) {
  const titleId = useId();
  const verification = useVerificationEmail(account);

  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <span className={styles.icon}>
        <MailIcon size={28} />
      </span>
      <div className={styles.body}>
        <h2 id={titleId} className={styles.title}>
          Confirm your account
        </h2>
        <p className={styles.status}>{VERIFICATION_LABELS.notVerified}</p>
        <p className={styles.text}>
          Open the verification link we emailed to <strong className={styles.email}>{account.email}</strong> to finish
          setting up your Reader account. Can't find it? Check your spam folder, or send a new one.
        </p>
        <div className={styles.actions}>
          <VerificationButton label={verification.label} disabled={verification.disabled} onClick={verification.send} />
          {verification.disabled && <span className={styles.wait}>You can send another one 3 minutes after the last.</span>}
        </div>
        {verification.justSent && (
          <FormAlert tone="success">
            <p>A new verification link is on its way to {account.email}.</p>
          </FormAlert>
        )}
        {verification.error && <FormAlert tone="error">{verification.error}</FormAlert>}
      </div>
    </section>
  );
}

interface VerificationButtonProps {
  label: string;
  disabled: boolean;
  onClick: () => void;
  size?: 'sm' | 'md';
  variant?: 'primary' | 'secondary';
}

export function VerificationButton({ label, disabled, onClick, size = 'md', variant = 'primary' }: VerificationButtonProps) {
  return (
    <Button size={size} variant={variant} className={styles.button} disabled={disabled} onClick={onClick}>
      {label}
    </Button>
  );
}
