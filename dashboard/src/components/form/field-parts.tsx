/**
 * What every form field of the dashboard shares: the props a react-hook-form `Controller` hands
 * over (`value`, `onChange`, `onBlur`, `name`, `ref`) plus a label, help text and the field's
 * error. Every field is a React Aria component, so the label, the help text and the error are
 * tied to the control (`aria-labelledby`, `aria-describedby`) and the error is announced.
 *
 * With react-hook-form:
 *
 *   <Controller control={control} name="title" render={({ field, fieldState }) => (
 *     <TextField label="Title" isRequired {...field} error={fieldState.error?.message} />
 *   )} />
 */
import type { ReactNode } from 'react';
import { FieldError, Label, Text } from 'react-aria-components';
import styles from './field.module.css';

export interface FieldProps {
  label: string;
  /** Help text shown under the control. */
  description?: ReactNode;
  /** The field's problem, shown under it and announced; the field is marked invalid while set. */
  error?: string | undefined;
  isRequired?: boolean;
  isDisabled?: boolean;
  className?: string;
  name?: string;
  onBlur?: () => void;
}

export function FieldLabel({ label, isRequired }: { label: string; isRequired?: boolean | undefined }) {
  return (
    <Label className={styles.label}>
      {label}
      {isRequired && (
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      )}
    </Label>
  );
}

/** Help text and error text, in the slots React Aria wires to the control's `aria-describedby`. */
export function FieldHelp({ description, error }: { description?: ReactNode; error?: string | undefined }) {
  return (
    <>
      {description && (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
      <FieldError className={styles.error}>{error}</FieldError>
    </>
  );
}

export { styles as fieldStyles };
