import type { ComponentProps } from 'react';
import { Button } from '@inkwell/ui-kit/button';
import styles from './submit-button.module.css';

interface SubmitButtonProps extends Omit<ComponentProps<typeof Button>, 'type'> {
  /** The request is under way: the button says so (`pendingLabel`) and cannot be pressed again. */
  pending: boolean;
  pendingLabel: string;
}

/** A form's submit button with a loading state. */
export function SubmitButton({ pending, pendingLabel, children, disabled, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={disabled || pending} aria-busy={pending || undefined} {...props}>
      {pending ? (
        <>
          <span className={styles.spinner} aria-hidden="true" />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
