import type { Ref } from 'react';
import { Button, Group, Input, NumberField as AriaNumberField } from 'react-aria-components';
import { cx } from '@/lib/format';
import { FieldHelp, FieldLabel, fieldStyles as styles, type FieldProps } from './field-parts';

interface NumberFieldProps extends FieldProps {
  /** null while the field is empty. */
  value?: number | null | undefined;
  onChange?: (value: number | null) => void;
  minValue?: number;
  maxValue?: number;
  step?: number;
  /** e.g. `{ style: 'currency', currency: 'USD' }` or `{ maximumFractionDigits: 0 }`. */
  formatOptions?: Intl.NumberFormatOptions;
  /** Show the − and + buttons (off for ids and prices, where stepping makes little sense). */
  showSteppers?: boolean;
  placeholder?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled, locale-aware number input; clearing it gives null rather than NaN. */
export function NumberField({
  label,
  description,
  error,
  className,
  value,
  onChange,
  showSteppers = false,
  placeholder,
  ref,
  ...props
}: NumberFieldProps) {
  return (
    <AriaNumberField
      {...props}
      value={value ?? Number.NaN}
      onChange={(next) => onChange?.(Number.isNaN(next) ? null : next)}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      className={cx(styles.field, className)}
    >
      <FieldLabel label={label} isRequired={props.isRequired} />
      <Group className={styles.group}>
        <Input ref={ref} className={styles.input} placeholder={placeholder} />
        {showSteppers && (
          <>
            <Button slot="decrement" className={styles.iconButton}>
              −
            </Button>
            <Button slot="increment" className={styles.iconButton}>
              +
            </Button>
          </>
        )}
      </Group>
      <FieldHelp description={description} error={error} />
    </AriaNumberField>
  );
}
