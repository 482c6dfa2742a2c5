import { useId, type ReactNode, type Ref } from 'react';
import { Checkbox, Switch } from 'react-aria-components';
import { CheckIcon } from '@inkwell/ui-kit/icons';
import { cx } from '@/lib/format';
import { fieldStyles as styles } from './field-parts';

interface ToggleProps {
  label: ReactNode;
  /** Help text under the label. */
  description?: ReactNode;
  error?: string | undefined;
  value?: boolean | null | undefined;
  onChange?: (value: boolean) => void;
  onBlur?: () => void;
  name?: string;
  isDisabled?: boolean;
  className?: string;
  ref?: Ref<HTMLLabelElement>;
}

function ToggleHelp({ id, description, error }: { id: string; description?: ReactNode; error?: string | undefined }) {
  if (!description && !error) return null;
  return (
    <span id={id} className={styles.field}>
      {description && <span className={styles.description}>{description}</span>}
      {error && <span className={styles.error}>{error}</span>}
    </span>
  );
}

/** A labelled checkbox; help and error text are tied to it with aria-describedby. */
export function CheckboxField({ label, description, error, value, className, ref, ...props }: ToggleProps & { isIndeterminate?: boolean }) {
  const helpId = useId();
  return (
    <div className={cx(styles.field, className)}>
      <Checkbox
        {...props}
        ref={ref}
        isSelected={Boolean(value)}
        isInvalid={Boolean(error)}
        aria-describedby={description || error ? helpId : undefined}
        className={styles.check}
      >
        {({ isSelected, isIndeterminate }) => (
          <>
            <span className={styles.box} aria-hidden="true">
              {isIndeterminate ? '−' : isSelected ? <CheckIcon size={13} /> : null}
            </span>
            <span>{label}</span>
          </>
        )}
      </Checkbox>
      <ToggleHelp id={helpId} description={description} error={error} />
    </div>
  );
}

/** A labelled on/off switch, for settings that take effect as a whole (visible, enabled). */
export function SwitchField({ label, description, error, value, className, ref, ...props }: ToggleProps) {
  const helpId = useId();
  return (
    <div className={cx(styles.field, className)}>
      <Switch {...props} ref={ref} isSelected={Boolean(value)} aria-describedby={description || error ? helpId : undefined} className={styles.check}>
        <span className={styles.track} aria-hidden="true">
          <span className={styles.thumb} />
        </span>
        <span>{label}</span>
      </Switch>
      <ToggleHelp id={helpId} description={description} error={error} />
    </div>
  );
}
