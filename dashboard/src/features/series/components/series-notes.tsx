import { useId, useState } from 'react';
import { LOG_LEVELS, SeriesNoteInputSchema, type LogLevel, type SeriesNote } from '@inkwell/contracts/dashboard-catalogue';
import { Button } from '@inkwell/ui-kit/button';
import { Badge } from '@/components/feedback/status-badge';
import { SelectField, TextAreaField } from '@/components/form';
import { formatDateTime } from '@/lib/format';
import { limitOf } from '@/lib/limits';
import { errorMessage } from '@/lib/staff-api';
import { toast } from '@/components/feedback/toast';
import styles from '@/components/editor/editor.module.css';
import { useAddSeriesNote } from '../api/save-series';

const LEVEL_TONES: Record<LogLevel, 'info' | 'success' | 'danger'> = { Info: 'info', Success: 'success', Error: 'danger' };
const LEVEL_OPTIONS = LOG_LEVELS.map((level) => ({ id: level, label: level }));
const MAX_NOTE = limitOf(SeriesNoteInputSchema.properties.text, 'maxLength');

/** A series' notes, newest first, each with its log level (spec §3), and a form to add one. */
export function SeriesNotes({ seriesId, notes }: { seriesId: number; notes: readonly SeriesNote[] }) {
  const titleId = useId();
  const [text, setText] = useState('');
  const [level, setLevel] = useState<LogLevel>('Info');
  const [problem, setProblem] = useState<string | undefined>();
  const add = useAddSeriesNote();

  const submit = () => {
    if (text.trim() === '') return setProblem('Write the note first.');
    if (text.length > MAX_NOTE) return setProblem(`A note is at most ${MAX_NOTE.toLocaleString()} characters.`);
    setProblem(undefined);
    add.mutate(
      { id: seriesId, text: text.trim(), logLevel: level },
      {
        onSuccess: () => {
          setText('');
          toast.success('Note added.');
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        Notes
      </h2>
      <div className={styles.grid}>
        <TextAreaField label="New note" rows={3} className={styles.wide} value={text} onChange={setText} error={problem} />
        <SelectField label="Log level" options={LEVEL_OPTIONS} value={level} onChange={(next) => next && setLevel(next)} />
      </div>
      <div className={styles.actions}>
        <Button size="sm" onClick={submit} disabled={add.isPending} aria-busy={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add note'}
        </Button>
      </div>
      {notes.length === 0 ? (
        <p className={styles.sectionNote}>No notes yet.</p>
      ) : (
        <ul className={styles.rows}>
          {notes.map((note) => (
            <li key={note.id} className={styles.note}>
              <div className={styles.noteMeta}>
                <Badge tone={LEVEL_TONES[note.logLevel]}>{note.logLevel}</Badge>
                <span>
                  {note.author} · <time dateTime={note.at}>{formatDateTime(note.at)}</time>
                </span>
              </div>
              <p className={styles.noteText}>{note.text}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
