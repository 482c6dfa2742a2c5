import type { Queryable, Transaction } from '@inkwell/platform';
import type { ScheduledEmail } from '@inkwell/contracts/dashboard-support';
import type { ScheduledEmailStatus } from '@inkwell/contracts/support-rules';

export interface ScheduleEmailInput {
  to: string;
  userId?: string | null;
  /** A DB template's name, rendered with `templateData` when the email is due. */
  templateName: string;
  templateData: Record<string, unknown>;
  sendFrom: Date;
  /** Why it exists: `ticket-follow-up`, `pre-order-reminder`, … */
  reason: string;
  /** Scheduling twice with the same key schedules once (the first stays). */
  dedupeKey?: string;
  ticketId?: number | string | null;
  createdBy?: string | null;
}

/**
 * Schedules an email in the caller's transaction. Idempotent on `dedupeKey`: a second call with the
 * same key changes nothing and returns the first row's id. Returns the scheduled email's id.
 */
export async function scheduleEmail(tx: Transaction, input: ScheduleEmailInput): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO scheduled_emails (recipient_email, user_id, template_name, template_data, send_from, reason, dedupe_key, ticket_id, created_by)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9)
     ON CONFLICT (dedupe_key) DO NOTHING
     RETURNING id`,
    [
      input.to,
      input.userId ?? null,
      input.templateName,
      JSON.stringify(input.templateData ?? {}),
      input.sendFrom,
      input.reason,
      input.dedupeKey ?? null,
      input.ticketId ?? null,
      input.createdBy ?? null,
    ],
  );
  if (rows[0]) return Number(rows[0].id);
  const existing = await tx.query<{ id: number }>('SELECT id FROM scheduled_emails WHERE dedupe_key = $1', [input.dedupeKey]);
  return Number(existing.rows[0]!.id);
}

/**
 * Cancels the emails of a ticket (or the one with a dedupe key) that still wait (Scheduled or
 * Deferred); sent, failed or cancelled ones stay as they are. Returns how many were cancelled.
 */
export async function cancelScheduledEmails(
  tx: Transaction,
  which: { ticketId: number | string } | { dedupeKey: string },
  editedBy: string | null = null,
): Promise<number> {
  const [column, value] = 'ticketId' in which ? ['ticket_id', which.ticketId] : ['dedupe_key', which.dedupeKey];
  const result = await tx.query(
    `UPDATE scheduled_emails SET status = 'Cancelled', last_edited = now(), edited_by = COALESCE($2, edited_by)
     WHERE ${column} = $1 AND status IN ('Scheduled', 'Deferred')`,
    [value, editedBy],
  );
  return result.rowCount ?? 0;
}

/** Cancels one waiting email by id: false when it is not waiting (or does not exist — see `scheduledEmailExists`). */
export async function cancelScheduledEmail(tx: Transaction, id: number, editedBy: string | null): Promise<'cancelled' | 'not-found' | 'not-cancellable'> {
  const { rows } = await tx.query<{ status: ScheduledEmailStatus }>('SELECT status FROM scheduled_emails WHERE id = $1 FOR UPDATE', [id]);
  if (!rows[0]) return 'not-found';
  if (rows[0].status !== 'Scheduled' && rows[0].status !== 'Deferred') return 'not-cancellable';
  await tx.query(`UPDATE scheduled_emails SET status = 'Cancelled', last_edited = now(), edited_by = $2 WHERE id = $1`, [id, editedBy]);
  return 'cancelled';
}

interface ScheduledRow {
  id: number;
  recipient_email: string;
  template_name: string;
  send_from: Date;
  sent_at: Date | null;
  status: ScheduledEmailStatus;
  time_created: Date;
  last_edited: Date;
  created_by: string | null;
  edited_by: string | null;
  sent_email_id: string | null;
  reason: string;
  note: string | null;
}

function toScheduledEmail(row: ScheduledRow): ScheduledEmail {
  return {
    id: Number(row.id),
    receipientEmail: row.recipient_email,
    templateName: row.template_name,
    sendFromDateTime: row.send_from.toISOString(),
    sentAtDateTime: row.sent_at ? row.sent_at.toISOString() : null,
    status: row.status,
    timeCreated: row.time_created.toISOString(),
    lastEdited: row.last_edited.toISOString(),
    createdBy: row.created_by,
    editedBy: row.edited_by,
    messageId: row.sent_email_id,
    reason: row.reason,
    note: row.note,
  };
}

const COLUMNS = 'id, recipient_email, template_name, send_from, sent_at, status, time_created, last_edited, created_by, edited_by, sent_email_id, reason, note';

/** A page of scheduled emails, the latest send time first; search matches the recipient, template or reason. */
export async function listScheduledEmails(
  q: Queryable,
  filter: { pageNumber: number; pageSize: number; search?: string; statuses?: readonly ScheduledEmailStatus[] },
): Promise<{ items: ScheduledEmail[]; total: number }> {
  const where: string[] = [];
  const values: unknown[] = [];
  const search = filter.search?.trim();
  if (search) {
    values.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(recipient_email ILIKE $${values.length} OR template_name ILIKE $${values.length} OR reason ILIKE $${values.length})`);
  }
  if (filter.statuses && filter.statuses.length > 0) {
    values.push(filter.statuses);
    where.push(`status = ANY($${values.length}::text[])`);
  }
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = await q.query<{ n: number }>(`SELECT count(*) AS n FROM scheduled_emails ${clause}`, values);
  values.push(filter.pageSize, (filter.pageNumber - 1) * filter.pageSize);
  const { rows } = await q.query<ScheduledRow>(
    `SELECT ${COLUMNS} FROM scheduled_emails ${clause} ORDER BY send_from DESC, id DESC LIMIT $${values.length - 1} OFFSET $${values.length}`,
    values,
  );
  return { items: rows.map(toScheduledEmail), total: Number(total.rows[0]?.n ?? 0) };
}

export async function getScheduledEmail(q: Queryable, id: number): Promise<ScheduledEmail | null> {
  const { rows } = await q.query<ScheduledRow>(`SELECT ${COLUMNS} FROM scheduled_emails WHERE id = $1`, [id]);
  return rows[0] ? toScheduledEmail(rows[0]) : null;
}

/* ------------------------------------------------------------------ budgets */

/** The start of the UTC day after `at`. */
export function nextUtcMidnight(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
}

/**
 * Spends one unit of `budget` for the UTC day of the database's clock, atomically: the increment
 * happens only while `used < cap`, so concurrent schedulers never pass the cap. True when spent.
 * Runs in the caller's transaction (rolled back with it).
 */
export async function spendBudget(tx: Transaction, budget: string, cap: number): Promise<boolean> {
  if (cap <= 0) return false;
  const { rows } = await tx.query<{ used: number }>(
    `INSERT INTO email_budget_usage (budget, day, used) VALUES ($1, (now() AT TIME ZONE 'UTC')::date, 1)
     ON CONFLICT (budget, day) DO UPDATE SET used = email_budget_usage.used + 1 WHERE email_budget_usage.used < $2
     RETURNING used`,
    [budget, cap],
  );
  return rows.length > 0;
}

/** What a budget has spent today (UTC). */
export async function budgetUsedToday(q: Queryable, budget: string): Promise<number> {
  const { rows } = await q.query<{ used: number }>(`SELECT used FROM email_budget_usage WHERE budget = $1 AND day = (now() AT TIME ZONE 'UTC')::date`, [budget]);
  return Number(rows[0]?.used ?? 0);
}
