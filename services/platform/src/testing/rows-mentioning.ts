import type { Queryable } from '../db/database';

/**
 * Every row of every table of every schema of a database, read as text (`SELECT t::text`), that
 * mentions one of `needles` (any case), as `schema.table has "needle": row` — for erasure tests,
 * which must find a person nowhere.
 */
export async function rowsMentioning(db: Queryable, needles: readonly string[]): Promise<string[]> {
  const { rows: tables } = await db.query<{ schema: string; table: string }>(
    `SELECT table_schema AS schema, table_name AS table FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
  );
  const found: string[] = [];
  for (const { schema, table } of tables) {
    const { rows } = await db.query<{ row: string }>(`SELECT t::text AS row FROM "${schema.replaceAll('"', '""')}"."${table.replaceAll('"', '""')}" t`);
    for (const { row } of rows) {
      const lower = row.toLowerCase();
      for (const needle of needles) if (needle !== '' && lower.includes(needle.toLowerCase())) found.push(`${schema}.${table} has "${needle}": ${row.slice(0, 300)}`);
    }
  }
  return found;
}
