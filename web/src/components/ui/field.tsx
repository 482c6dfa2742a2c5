import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './field.module.css';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: string;
  /** Help shown under the field while there is no error (a rule such as "at least 8 characters"). */
  hint?: ReactNode;
  /** What is wrong with the value; marks the field invalid and is read out with it. */
  error?: string | undefined;
}

function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

function FieldFrame({ label, hint, error, inputId, children }: { label: string; hint?: ReactNode; error?: string | undefined; inputId: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      {children}
      {error ? (
        // Announced as it appears (after a submit the field keeps focus, and a changed description is not read out).
        <p id={`${inputId}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${inputId}-hint`} className={styles.hint}>
            {hint}
          </p>
        )
      )}
    </div>
  );
}

/** A labelled text input with its hint or error underneath. */
export function TextField({ label, hint, error, id, className, ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldFrame label={label} hint={hint} error={error} inputId={inputId}>
      <input
        id={inputId}
        className={[styles.input, className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error ? `${inputId}-error` : hint !== undefined && `${inputId}-hint`)}
        {...input}
      />
    </FieldFrame>
  );
}

/** A password input whose value the reader can reveal to check their typing (phones make typos easy). */
export function PasswordField({ label, hint, error, id, className, ...input }: Omit<FieldProps, 'type'>) {
  const generated = useId();
  const inputId = id ?? generated;
  const [shown, setShown] = useState(false);
  return (
    <FieldFrame label={label} hint={hint} error={error} inputId={inputId}>
      <div className={styles.withAction}>
        <input
          id={inputId}
          type={shown ? 'text' : 'password'}
          className={[styles.input, className].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error ? `${inputId}-error` : hint !== undefined && `${inputId}-hint`)}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          {...input}
        />
        <button type="button" className={styles.reveal} aria-pressed={shown} aria-controls={inputId} onClick={() => setShown((value) => !value)}>
          {shown ? 'Hide' : 'Show'}
          <span className="visually-hidden"> password</span>
        </button>
      </div>
    </FieldFrame>
  );
}
