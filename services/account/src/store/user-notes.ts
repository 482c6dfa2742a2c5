import type { StaffNote, UserNoteInput } from '@inkwell/contracts/dashboard-customers';
import type { Queryable } from '@inkwell/platform';
import type { StaffActor } from './staff-audit';

interface NoteRow {
  id: string;
  log_level: StaffNote['logLevel'];
  message: string;
  author_id: string;
  author_email: string | null;
  created_at: Date;
}

const COLUMNS = 'id, log_level, message, author_id, author_email, created_at';

function noteOf(row: NoteRow): StaffNote {
  return { id: Number(row.id), logLevel: row.log_level, message: row.message, authorId: row.author_id, authorEmail: row.author_email, at: row.created_at.toISOString() };
}

/** Dashboard spec §3 User note, with its author. */
export async function addUserNote(tx: Queryable, note: UserNoteInput, author: StaffActor): Promise<StaffNote> {
  const { rows } = await tx.query<NoteRow>(
    `INSERT INTO user_notes (account_id, log_level, message, author_id, author_email) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [note.userId, note.logLevel, note.message, author.id, author.email],
  );
  return noteOf(rows[0]!);
}

/** The user's notes, newest first. */
export async function userNotes(db: Queryable, accountId: string, limit = 200): Promise<StaffNote[]> {
  const { rows } = await db.query<NoteRow>(`SELECT ${COLUMNS} FROM user_notes WHERE account_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`, [accountId, limit]);
  return rows.map(noteOf);
}

/** An erased person's notes go; notes they wrote on others (as staff) stay under `token`, without their email. */
export async function forgetPersonInNotes(tx: Queryable, userId: string, token: string): Promise<void> {
  await tx.query('DELETE FROM user_notes WHERE account_id = $1', [userId]);
  await tx.query('UPDATE user_notes SET author_id = $2, author_email = NULL WHERE author_id = $1', [userId, token]);
}
