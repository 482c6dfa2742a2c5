import { useId, useRef, type Ref } from 'react';
import styles from './html-components.module.css';

interface CodeFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  description?: string;
  error?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
}

/**
 * A code view: a labelled monospace text area with line numbers beside it (the numbers scroll with
 * the text and are hidden from screen readers). Lines do not wrap, so each number stays by its line.
 * Tab moves on to the next control, as everywhere else.
 */
export function CodeField({ label, value, onChange, onBlur, name, description, error, ref }: CodeFieldProps) {
  const id = useId();
  const gutter = useRef<HTMLPreElement>(null);
  const lines = Math.max(1, value.split('\n').length);
  const describedBy = [description ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <div className={styles.codeField}>
      <label htmlFor={id} className={styles.codeLabel}>
        {label}
      </label>
      <div className={styles.code} data-invalid={error ? true : undefined}>
        <pre ref={gutter} className={styles.gutter} aria-hidden="true">
          {Array.from({ length: lines }, (_, index) => index + 1).join('\n')}
        </pre>
        <textarea
          ref={ref}
          id={id}
          name={name}
          className={styles.textarea}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          onScroll={(event) => {
            if (gutter.current) gutter.current.scrollTop = event.currentTarget.scrollTop;
          }}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          wrap="off"
          rows={14}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
      </div>
      {description && (
        <p id={`${id}-help`} className={styles.help}>
          {description}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
