import type { Ref } from 'react';
import { Input, TextArea, TextField as AriaTextField } from 'react-aria-components';
import { cx } from '@/lib/format';
import { FieldHelp, FieldLabel, fieldStyles as styles, type FieldProps } from './field-parts';

interface TextInputProps extends FieldProps {
  value?: string | null | undefined;
  onChange?: (value: string) => void;
  placeholder?: string;
  autoComplete?: string;
  maxLength?: number;
  isReadOnly?: boolean;
  autoFocus?: boolean;
}

/** A labelled one-line text input (also email, password, url, search-free text). */
export function TextField({
  label,
  description,
  error,
  className,
  value,
  placeholder,
  ref,
  type = 'text',
  inputMode,
  ...props
}: TextInputProps & {
  ref?: Ref<HTMLInputElement>;
  type?: 'text' | 'email' | 'password' | 'url' | 'tel';
  inputMode?: 'text' | 'email' | 'numeric' | 'decimal' | 'url' | 'tel';
}) {
  return (
    <AriaTextField
      {...props}
      type={type}
      inputMode={inputMode}
      value={value ?? ''}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      className={cx(styles.field, className)}
    >
      <FieldLabel label={label} isRequired={props.isRequired} />
      <Input ref={ref} className={styles.input} placeholder={placeholder} />
      <FieldHelp description={description} error={error} />
    </AriaTextField>
  );
}

/** A labelled multi-line text input. */
export function TextAreaField({
  label,
  description,
  error,
  className,
  value,
  placeholder,
  ref,
  rows = 4,
  ...props
}: TextInputProps & { ref?: Ref<HTMLTextAreaElement>; rows?: number }) {
  return (
    <AriaTextField {...props} value={value ?? ''} isInvalid={Boolean(error)} validationBehavior="aria" className={cx(styles.field, className)}>
      <FieldLabel label={label} isRequired={props.isRequired} />
      <TextArea ref={ref} className={styles.input} placeholder={placeholder} rows={rows} />
      <FieldHelp description={description} error={error} />
    </AriaTextField>
  );
}
