import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { FieldErrors, FieldValues, UseFormHandleSubmit } from 'react-hook-form';
import { messagesFor, type Problem } from '@inkwell/contracts/problems';
import { Button } from '@inkwell/ui-kit/button';
import { AuditTrail, type AuditedPath } from '@/components/audit/audit-trail';
import { formatDateTime } from '@/lib/format';
import { readRefusal } from '@/lib/refusal';
import type { ListedProblem } from './problem-summary';
import styles from './editor.module.css';

/*
 * What the product, series and bundle editors share: the problem summary's outcome, the save that
 * comes before a status change, the save bar, and the record and history beside the form.
 */

/** Why a publish, schedule or removal did not start: the save before it was refused (the summary says why). */
export const SAVE_FIRST = 'The changes could not be saved; correct the problems listed at the top first.';

export interface Outcome {
  title: string;
  problems: ListedProblem[];
  /** The refused call's problems with their fields, for each field to show its own beside itself. */
  refused?: readonly Problem[];
}

/** The messages of the outcome's refusal about `field` (a path into the request), joined, or undefined. */
export function refusedAt(outcome: Outcome | null, field: string): string | undefined {
  const messages = messagesFor(outcome?.refused ?? [], field);
  return messages.length > 0 ? messages.join(' ') : undefined;
}

/** The outcome listed at the top of an editor; a new one takes focus so it is read before anything else. */
export function useOutcome() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const report = useCallback((next: Outcome | null) => {
    setOutcome(next);
    // The summary renders first, then takes focus.
    if (next) requestAnimationFrame(() => summaryRef.current?.focus());
  }, []);
  /** A refused call, its problems listed one a line under `title` and kept by field. */
  const refuse = useCallback(
    (title: string, error: unknown) => {
      const { problems } = readRefusal(error);
      report({ title, problems: problems.map(({ message }) => ({ message })), refused: problems });
    },
    [report],
  );
  return { outcome, report, refuse, summaryRef };
}

/** A stored item read again (after a publish, an ingestion) refreshes the form unless staff are mid-edit. */
export function useResetOnNewVersion<T extends { updatedAt: string }>(stored: T | undefined, isDirty: boolean, reset: (stored: T) => void) {
  const updatedAt = stored?.updatedAt;
  useEffect(() => {
    if (stored && !isDirty) reset(stored);
    // Only a new stored version should reset the form.
  }, [updatedAt]);
}

interface SaveFirstOptions<V extends FieldValues, S> {
  /** True when there is something to save: changes, or nothing stored yet. */
  needed: boolean;
  /** What a status change acts on when nothing needs saving. */
  stored: S | undefined;
  handleSubmit: UseFormHandleSubmit<V>;
  persist: (values: V) => Promise<S | undefined>;
  onInvalid: (errors: FieldErrors<V>) => void;
}

/**
 * Saves when needed (a status change acts on what is stored), then resolves to what is stored, or
 * to undefined when the form or the server refused the save.
 */
export function saveFirst<V extends FieldValues, S>({ needed, stored, handleSubmit, persist, onInvalid }: SaveFirstOptions<V, S>): Promise<S | undefined> {
  if (!needed && stored !== undefined) return Promise.resolve(stored);
  return new Promise((resolve) => {
    void handleSubmit(
      async (values) => resolve(await persist(values)),
      (errors) => {
        onInvalid(errors);
        resolve(undefined);
      },
    )();
  });
}

interface SaveBarProps {
  isDirty: boolean;
  /** When the stored item was last saved; undefined for a new one. */
  savedAt: string | undefined;
  busy: boolean;
  saving: boolean;
  onDiscard: () => void;
  /** The submit button's label for a new item, e.g. "Create product". */
  createLabel: string;
}

/** The end of an editor's form, kept at the bottom of a phone's screen: whether it is saved, Discard and Save. */
export function SaveBar({ isDirty, savedAt, busy, saving, onDiscard, createLabel }: SaveBarProps) {
  const isNew = savedAt === undefined;
  return (
    <div className={styles.saveBar}>
      <span className={styles.dirty} aria-live="polite">
        {isDirty ? 'Unsaved changes' : isNew ? 'Not saved yet' : `Saved ${formatDateTime(savedAt)}`}
      </span>
      <div className={styles.actions}>
        {isDirty && !isNew && (
          <Button variant="ghost" onClick={onDiscard} disabled={busy}>
            Discard changes
          </Button>
        )}
        <Button type="submit" disabled={busy} aria-busy={saving}>
          {saving ? 'Saving…' : isNew ? createLabel : 'Save'}
        </Button>
      </div>
    </div>
  );
}

interface EditorAsideProps {
  /** The aside's name, e.g. "About this product". */
  label: string;
  /** The stored record's facts, in order: [term, value]. */
  facts: readonly (readonly [string, ReactNode])[];
  audit: { entity: AuditedPath; id: number };
  /** Shown between the record and the history (a series' notes). */
  children?: ReactNode;
}

/** Beside a stored item's form: its record, then its history. */
export function EditorAside({ label, facts, audit, children }: EditorAsideProps) {
  const titleId = useId();
  return (
    <aside className={styles.aside} aria-label={label}>
      <section className={styles.section} aria-labelledby={titleId}>
        <h2 id={titleId} className={styles.sectionTitle}>
          Record
        </h2>
        <dl className={styles.facts}>
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {children}
      {/* The history is a card of its own, not a box within a card, so a phone keeps its width. */}
      <AuditTrail entity={audit.entity} id={audit.id} className={styles.section} />
    </aside>
  );
}

interface RowOrderActionsProps {
  index: number;
  count: number;
  /** The row as the buttons name it, e.g. "credit 2" in "Move credit 2 up". */
  name: string;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}

/** Up, Down and Remove for a row of an ordered list (credits, a bundle's items). */
export function RowOrderActions({ index, count, name, move, remove }: RowOrderActionsProps) {
  return (
    <div className={styles.rowActions}>
      <Button variant="ghost" size="sm" disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={`Move ${name} up`}>
        Up
      </Button>
      <Button variant="ghost" size="sm" disabled={index === count - 1} onClick={() => move(index, index + 1)} aria-label={`Move ${name} down`}>
        Down
      </Button>
      <Button variant="ghost" size="sm" onClick={() => remove(index)} aria-label={`Remove ${name}`}>
        Remove
      </Button>
    </div>
  );
}
