import type { Ref } from 'react';
import styles from './editor.module.css';

/** A problem to list; with `field`, the item is a button that takes staff to that field. */
export interface ListedProblem {
  message: string;
  field?: string;
  /** What the problem is made of (a variation's missing fields), listed under it. */
  details?: readonly string[];
}

interface ProblemSummaryProps {
  title: string;
  problems: readonly ListedProblem[];
  onSelect?: (field: string) => void;
  /** Focus lands here after a refused save or publish (tabIndex -1), so it is read first. */
  ref?: Ref<HTMLDivElement>;
}

/** The problems of a refused save or publish, listed at the top of the editor (spec §5 words as sent). */
export function ProblemSummary({ title, problems, onSelect, ref }: ProblemSummaryProps) {
  if (problems.length === 0) return null;
  return (
    <div ref={ref} tabIndex={-1} role="alert" aria-labelledby="problem-summary-title" className={styles.summary}>
      <h2 id="problem-summary-title" className={styles.summaryTitle}>
        {title}
      </h2>
      <ul>
        {problems.map((problem, index) => (
          <li key={`${index}-${problem.message}`}>
            {problem.field && onSelect ? (
              <button type="button" className={styles.summaryLink} onClick={() => onSelect(problem.field!)}>
                {problem.message}
              </button>
            ) : (
              problem.message
            )}
            {problem.details && problem.details.length > 0 && (
              <ul className={styles.summaryDetails}>
                {problem.details.map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Warnings that do not stop a save (the book-density ones of spec §5). */
export function WarningList({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <div role="status" className={styles.warnings}>
      <h2 className={styles.summaryTitle}>Check before publishing</h2>
      <ul>
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </div>
  );
}

/** Every message of react-hook-form's errors with the path of its field, in form order. */
export function collectFormErrors(errors: unknown, prefix = ''): ListedProblem[] {
  if (typeof errors !== 'object' || errors === null) return [];
  const record = errors as Record<string, unknown>;
  if (typeof record.message === 'string' && 'type' in record) return [{ message: record.message, field: prefix }];
  return Object.entries(record).flatMap(([key, value]) => (key === 'ref' || key === 'root' ? [] : collectFormErrors(value, prefix ? `${prefix}.${key}` : key)));
}
