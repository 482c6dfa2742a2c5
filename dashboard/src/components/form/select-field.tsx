import type { Ref } from 'react';
import { Button, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { CheckIcon, ChevronDownIcon } from '@inkwell/ui-kit/icons';
import { cx } from '@/lib/format';
import { FieldHelp, FieldLabel, fieldStyles as styles, type FieldProps } from './field-parts';
import { findOption, type FieldOption } from './options';

interface SelectFieldProps<K extends string | number> extends FieldProps {
  options: readonly FieldOption<K>[];
  value?: K | null | undefined;
  onChange?: (value: K | null) => void;
  placeholder?: string;
  ref?: Ref<HTMLButtonElement>;
}

/** A labelled choice among a short, known list (statuses, types, price types). */
export function SelectField<K extends string | number>({
  label,
  description,
  error,
  className,
  options,
  value,
  onChange,
  placeholder = 'Choose…',
  ref,
  ...props
}: SelectFieldProps<K>) {
  return (
    <Select
      {...props}
      value={value ?? null}
      onChange={(key) => onChange?.(findOption(options, key)?.id ?? null)}
      placeholder={placeholder}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      className={cx(styles.field, className)}
    >
      <FieldLabel label={label} isRequired={props.isRequired} />
      <Button ref={ref} className={styles.selectTrigger}>
        <SelectValue className={styles.selectValue} />
        <ChevronDownIcon size={16} aria-hidden="true" />
      </Button>
      <FieldHelp description={description} error={error} />
      <Popover className={styles.popover} offset={4}>
        <ListBox className={styles.listBox} items={options}>
          {(option) => (
            <ListBoxItem id={option.id} textValue={option.label} isDisabled={option.isDisabled} className={styles.option}>
              {({ isSelected }) => (
                <>
                  <span>{option.label}</span>
                  {isSelected && <CheckIcon size={14} className={styles.optionCheck} />}
                </>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
