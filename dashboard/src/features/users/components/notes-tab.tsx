import { useState } from 'react';
import { LOG_LEVELS, type LogLevel } from '@inkwell/contracts/dashboard-catalogue';
import { NOTE_LENGTH_MESSAGE, NOTE_MAX_LENGTH, type UserDetail } from '@inkwell/contracts/dashboard-customers';
import { Button } from '@inkwell/ui-kit/button';
import { AuditEntries } from '@/components/audit/audit-trail';
import { Badge } from '@/components/feedback/status-badge';
import { toast } from '@/components/feedback/toast';
import { SelectField } from '@/components/form/select-field';
import { TextAreaField } from '@/components/form/text-field';
import { formatCount, formatDateTime, formatRelative } from '@/lib/format';
import { readRefusal } from '@/lib/refusal';
import { useAddUserNote } from '../api/users';
import { LOG_LEVEL_TONES } from './labels';
import styles from './users.module.css';

/** The customer page's Notes: staff notes with their log level, newest first, and a form to add one. */
export function NotesTab({ user }: { user: UserDetail }) {
  const addNote = useAddUserNote(user.id);
  const [message, setMessage] = useState('');
  const [logLevel, setLogLevel] = useState<LogLevel>('Info');
  const [error, setError] = useState<string>();
  const tooLong = message.length > NOTE_MAX_LENGTH;

  const submit = () => {
    if (message.trim() === '') return setError('Write the note first.');
    // The API refuses it with the same words; nothing to send.
    if (tooLong) return setError(NOTE_LENGTH_MESSAGE);
    setError(undefined);
    addNote.mutate(
      { logLevel, message: message.trim() },
      {
        onSuccess: () => {
          setMessage('');
          toast.success('Note added');
        },
        onError: (refused) => setError(readRefusal(refused).problems.map((p) => p.message).join(' ')),
      },
    );
  };

  const notes = [...user.notes].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <div className={styles.stack}>
      <form
        className={styles.noteForm}
        noValidate
        aria-label="Add a note"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextAreaField
          label="New note"
          rows={3}
          value={message}
          onChange={(value) => {
            setMessage(value);
            if (error && value.length <= NOTE_MAX_LENGTH) setError(undefined);
          }}
          description={`${formatCount(message.length)} of ${formatCount(NOTE_MAX_LENGTH)} characters.`}
          error={error ?? (tooLong ? NOTE_LENGTH_MESSAGE : undefined)}
        />
        <div className={styles.noteRow}>
          <SelectField<LogLevel>
            label="Log level"
            options={LOG_LEVELS.map((level) => ({ id: level, label: level }))}
            value={logLevel}
            onChange={(value) => value && setLogLevel(value)}
          />
          <Button type="submit" disabled={addNote.isPending} aria-busy={addNote.isPending}>
            {addNote.isPending ? 'Adding…' : 'Add note'}
          </Button>
        </div>
      </form>

      {notes.length === 0 ? (
        <p className={styles.muted}>No notes yet.</p>
      ) : (
        <ol className={styles.list} aria-label="Notes">
          {notes.map((note) => (
            <li key={note.id} className={styles.note}>
              <div className={styles.noteMeta}>
                <Badge tone={LOG_LEVEL_TONES[note.logLevel]}>{note.logLevel}</Badge>
                <span>
                  {note.authorEmail ?? note.authorId} ·{' '}
                  <time dateTime={note.at} title={formatDateTime(note.at)}>
                    {formatRelative(note.at)}
                  </time>
                </span>
              </div>
              <p className={styles.noteText}>{note.message}</p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** The customer page's Activity: what staff did to this user, newest first. */
export function ActivityTab({ user }: { user: UserDetail }) {
  if (user.activity.length === 0) return <p className={styles.muted}>No staff actions recorded yet.</p>;
  return <AuditEntries entries={user.activity} />;
}
