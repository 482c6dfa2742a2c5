import { Button } from '@inkwell/ui-kit/button';
import styles from './verification-button.module.css';

interface VerificationButtonProps {
  label: string;
  disabled: boolean;
  onClick: () => void;
  size?: 'sm' | 'md';
  variant?: 'primary' | 'secondary';
}

/** The button that sends the verification email again, with the labels of `useVerificationEmail`. */
export function VerificationButton({ label, disabled, onClick, size = 'md', variant = 'primary' }: VerificationButtonProps) {
  return (
    <Button size={size} variant={variant} className={styles.button} disabled={disabled} onClick={onClick}>
      {label}
    </Button>
  );
}
