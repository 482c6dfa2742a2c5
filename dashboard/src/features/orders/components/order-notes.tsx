import { useState, type FormEvent } from 'react';
import { NOTE_MAX_LENGTH, type StaffNote } from '@inkwell/contracts/dashboard-customers';
import { LOG_LEVELS, type LogLevel } from '@inkwell/contracts/dashboard-catalogue';
import { Button } from '@inkwell/ui-kit/button';
import { Badge } from '@/components/feedback/status-badge';
import { toast } from '@/components/feedback/toast';
import { SelectField, TextAreaField } from '@/components/form';
import { formatDateTime } from '@/lib/format';
import { readRefusal } from '@/lib/refusal';
import { useAddOrderNote } from '../api/orders';
import styles from '../orders.module.css';

const LEVEL_TONES = { Info: 'info', Success: 'success', Error: 'danger' } as const;
const LEVEL_OPTIONS = LOG_LEVELS.map((level) => ({ id: level, label: level }));

/** The order's staff notes (spec §3 Order note), newest first, and a form to add one with its log level. */
export function OrderNotes({ orderId, notes }: { orderId: string; notes: readonly StaffNote[] }) {
  const add = useAddOrderNote();
  const [level, setLevel] = useState<LogLevel>('Info');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const [levelError, setLevelError] = useState<string>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(undefined);
    setLevelError(undefined);
    const text = message.trim();
    if (!text) return setError('Write the note first.');
    if (text.length > NOTE_MAX_LENGTH) return setError(`At most ${NOTE_MAX_LENGTH} characters.`);
    try {
      await add.mutateAsync({ orderId, logLevel: level, message: text });
      setMessage('');
      toast.success('Note added');
    } catch (refused) {
      const { problems } = readRefusal(refused);
      const onLevel = problems.filter((problem) => problem.field.includes('logLevel'));
      setLevelError(onLevel.map((problem) => problem.message).join(' ') || undefined);
      setError(problems.filter((problem) => !problem.field.includes('logLevel')).map((problem) => problem.message).join(' ') || undefined);
    }
  };

  const sorted = [...notes].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <section className={styles.card} aria-labelledby="order-notes-title">
      <h2 id="order-notes-title" className={styles.cardTitle}>
        Notes
      </h2>
      <form className={styles.noteForm} onSubmit={(event) => void submit(event)} noValidate>
        <SelectField<LogLevel> label="Log level" options={LEVEL_OPTIONS} value={level} onChange={(value) => value && setLevel(value)} error={levelError} />
        <TextAreaField
          label="Note"
          value={message}
          onChange={setMessage}
          rows={3}
          maxLength={NOTE_MAX_LENGTH}
          description={`${message.length} of ${NOTE_MAX_LENGTH} characters. Staff only; the customer never sees it.`}
          error={error}
          className={styles.noteText}
        />
        <div>
          <Button type="submit" disabled={add.isPending} aria-busy={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add note'}
          </Button>
        </div>
      </form>
      {sorted.length === 0 ? (
        <p className={styles.muted}>No notes yet.</p>
      ) : (
        <ul className={styles.noteList} aria-label="Order notes">
          {sorted.map((note) => (
            <li key={note.id} className={styles.note}>
              <div className={styles.noteHead}>
                <Badge tone={LEVEL_TONES[note.logLevel]}>{note.logLevel}</Badge>
                <span className={styles.muted}>
                  {note.authorEmail ?? note.authorId} · {formatDateTime(note.at)}
                </span>
              </div>
              <p className={styles.noteMessage}>{note.message}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
