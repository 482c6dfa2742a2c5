import type { TicketTag } from '@inkwell/contracts/dashboard-support';
import type { Queryable, Transaction } from '@inkwell/platform';

/** Ticket tags: the list with how many tickets carry each, add, rename/recolor, delete, and tagging tickets. */

interface TagRow {
  id: number;
  name: string;
  color: string;
  ticket_count: number;
}

const tagOf = (row: TagRow): TicketTag => ({ id: Number(row.id), name: row.name, color: row.color, ticketCount: Number(row.ticket_count) });

export async function listTags(db: Queryable): Promise<TicketTag[]> {
  const { rows } = await db.query<TagRow>(
    `SELECT g.id, g.name, g.color, (SELECT count(*) FROM support_ticket_tags tt WHERE tt.tag_id = g.id) AS ticket_count
       FROM ticket_tags g ORDER BY lower(g.name), g.id`,
  );
  return rows.map(tagOf);
}

export async function loadTag(db: Queryable, id: number): Promise<TicketTag | null> {
  const { rows } = await db.query<TagRow>(
    `SELECT g.id, g.name, g.color, (SELECT count(*) FROM support_ticket_tags tt WHERE tt.tag_id = g.id) AS ticket_count
       FROM ticket_tags g WHERE g.id = $1`,
    [id],
  );
  return rows[0] ? tagOf(rows[0]) : null;
}

/** The tag named `name` (case-insensitively) other than `exceptId`. */
export async function tagNamed(db: Queryable, name: string, exceptId: number | null): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM ticket_tags WHERE lower(name) = lower($1) AND ($2::int IS NULL OR id <> $2)', [name, exceptId]);
  return rows[0] ? Number(rows[0].id) : null;
}

/** Adds a tag; null when the name is taken (the unique index decides, so a race cannot make two). */
export async function insertTag(tx: Transaction, name: string, color: string | undefined): Promise<number | null> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO ticket_tags (name, color) VALUES ($1, COALESCE($2, '#64748b')) ON CONFLICT (lower(name)) DO NOTHING RETURNING id`,
    [name, color ?? null],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/** The tag as it was before the update (locked), or null when there is none. */
export async function lockTag(tx: Transaction, id: number): Promise<{ name: string; color: string } | null> {
  const { rows } = await tx.query<{ name: string; color: string }>('SELECT name, color FROM ticket_tags WHERE id = $1 FOR UPDATE', [id]);
  return rows[0] ?? null;
}

export async function updateTag(tx: Transaction, id: number, name: string, color: string): Promise<void> {
  await tx.query('UPDATE ticket_tags SET name = $2, color = $3 WHERE id = $1', [id, name, color]);
}

/** Deletes a tag (tickets lose it); false when there was none. */
export async function deleteTag(tx: Transaction, id: number): Promise<boolean> {
  const result = await tx.query('DELETE FROM ticket_tags WHERE id = $1', [id]);
  return (result.rowCount ?? 0) > 0;
}

/** Ids among `ids` that are no tag. */
export async function missingTagIds(db: Queryable, ids: readonly number[]): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM ticket_tags WHERE id = ANY($1::int[])', [ids]);
  const found = new Set(rows.map((row) => Number(row.id)));
  return [...new Set(ids)].filter((id) => !found.has(id));
}

export async function addTicketTags(tx: Transaction, ticketIds: readonly number[], tagIds: readonly number[]): Promise<void> {
  await tx.query(
    `INSERT INTO support_ticket_tags (ticket_id, tag_id)
     SELECT t, g FROM unnest($1::bigint[]) AS t CROSS JOIN unnest($2::int[]) AS g
     ON CONFLICT DO NOTHING`,
    [ticketIds, tagIds],
  );
}

export async function removeTicketTags(tx: Transaction, ticketIds: readonly number[], tagIds: readonly number[]): Promise<void> {
  await tx.query('DELETE FROM support_ticket_tags WHERE ticket_id = ANY($1::bigint[]) AND tag_id = ANY($2::int[])', [ticketIds, tagIds]);
}
