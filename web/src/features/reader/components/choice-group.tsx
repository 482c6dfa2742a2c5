import { useId } from 'react';
import styles from './choice-group.module.css';

interface Choice<T extends string> {
  value: T;
  label: string;
  disabled?: boolean;
}

interface ChoiceGroupProps<T extends string> {
  label: string;
  choices: ReadonlyArray<Choice<T>>;
  value: T;
  onChange: (value: T) => void;
  /** Why some choices are unavailable, read out with the group. */
  note?: string | undefined;
}

/** A segmented control: native radio buttons (arrow keys move between them) drawn as one bar. */
export function ChoiceGroup<T extends string>({ label, choices, value, onChange, note }: ChoiceGroupProps<T>) {
  const name = useId();
  const noteId = useId();
  return (
    <fieldset className={styles.group} aria-describedby={note ? noteId : undefined}>
      <legend className={styles.legend}>{label}</legend>
      <div className={styles.choices}>
        {choices.map((choice) => (
          <label key={choice.value} className={[styles.choice, choice.disabled && styles.disabled].filter(Boolean).join(' ')}>
            <input
              type="radio"
              className={styles.input}
              name={name}
              value={choice.value}
              checked={value === choice.value}
              disabled={choice.disabled}
              onChange={() => onChange(choice.value)}
            />
            <span className={styles.face}>{choice.label}</span>
          </label>
        ))}
      </div>
      {note && (
        <p id={noteId} className={styles.note}>
          {note}
        </p>
      )}
    </fieldset>
  );
}
