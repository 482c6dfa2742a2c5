import { PASSWORD_MIN_LENGTH, PASSWORD_MIN_SCORE } from '@inkwell/contracts/account-rules';
import type { PasswordStrength } from '@/lib/password-strength';
import styles from './password-strength.module.css';

/**
 * The strength hint under a new-password field (issue 26), given as the field's `hint` (so the
 * field points at it with aria-describedby): a meter of four steps, its word and, while the service
 * would refuse the password, why, in the words it would answer. Phrasing content only, as the hint
 * sits in a paragraph; the words are read out politely as they change.
 */
export function PasswordStrengthHint({ strength }: { strength: PasswordStrength | null }) {
  if (!strength) return <>At least {PASSWORD_MIN_LENGTH} characters. A few uncommon words make a strong password.</>;
  const strong = strength.problem === undefined && strength.score >= PASSWORD_MIN_SCORE;
  return (
    <span className={styles.strength} data-score={strength.score} data-testid="password-strength">
      <span className={styles.meter} aria-hidden="true">
        {[1, 2, 3, 4].map((step) => (
          <span key={step} className={step <= Math.max(1, strength.score) ? styles.filled : styles.empty} />
        ))}
      </span>
      <span aria-live="polite">
        <strong className={styles.label}>Password strength: {strength.label}.</strong> {strong ? 'Good to go.' : (strength.problem ?? '')}
      </span>
    </span>
  );
}
