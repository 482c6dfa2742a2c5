import type { StaffNote } from '@inkwell/contracts/dashboard-customers';
import type { LogLevel } from '@inkwell/contracts/dashboard-catalogue';
import type { Queryable } from '@inkwell/platform';
import type { OrderActor } from './order-history';

interface RawNote {
  id: string;
  log_level: LogLevel;
  message: string;
  author_id: string;
  author_email: string | null;
  created_at: Date;
}

const noteOf = (row: RawNote): StaffNote => ({
  id: Number(row.id),
  logLevel: row.log_level,
  message: row.message,
  authorId: row.author_id,
  authorEmail: row.author_email,
  at: row.created_at.toISOString(),
});

/** Dashboard spec §3 Order note: stores a staff note on the order, with who wrote it. */
export async function addOrderNote(tx: Queryable, orderId: string, note: { logLevel: LogLevel; message: string }, actor: OrderActor): Promise<StaffNote> {
  const { rows } = await tx.query<RawNote>(
    `INSERT INTO order_notes (order_id, log_level, message, author_id, author_email) VALUES ($1, $2, $3, $4, $5)
     RETURNING id, log_level, message, author_id, author_email, created_at`,
    [orderId, note.logLevel, note.message, actor.id, actor.email],
  );
  return noteOf(rows[0]!);
}

/** The order's notes, oldest first. */
export async function notesOfOrder(db: Queryable, orderId: string): Promise<StaffNote[]> {
  const { rows } = await db.query<RawNote>('SELECT id, log_level, message, author_id, author_email, created_at FROM order_notes WHERE order_id = $1 ORDER BY created_at, id', [orderId]);
  return rows.map(noteOf);
}
