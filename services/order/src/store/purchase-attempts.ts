import type { Envelope, Queryable } from '@inkwell/platform';

/** Claims an Idempotency-Key for a purchase; false when another request holds it already. */
export async function claimAttempt(db: Queryable, key: string, purchaseId: string, requestHash: string): Promise<boolean> {
  const { rows } = await db.query(
    'INSERT INTO purchase_attempts (idempotency_key, purchase_id, request_hash) VALUES ($1, $2, $3) ON CONFLICT (idempotency_key) DO NOTHING RETURNING idempotency_key',
    [key, purchaseId, requestHash],
  );
  return rows.length > 0;
}

export interface StoredAttempt<Body> {
  requestHash: string;
  statusCode: number | null;
  answer: Envelope<Body> | null;
  purchaseId: string;
}

export async function findAttempt<Body>(db: Queryable, key: string): Promise<StoredAttempt<Body> | undefined> {
  const { rows } = await db.query<{ request_hash: string; status_code: number | null; answer: Envelope<Body> | null; purchase_id: string }>(
    'SELECT request_hash, status_code, answer, purchase_id FROM purchase_attempts WHERE idempotency_key = $1',
    [key],
  );
  const row = rows[0];
  return row && { requestHash: row.request_hash, statusCode: row.status_code, answer: row.answer, purchaseId: row.purchase_id };
}

/** Keeps the answer for every repeat of the key. */
export async function keepAnswer(db: Queryable, key: string, statusCode: number, answer: Envelope<unknown>): Promise<void> {
  await db.query('UPDATE purchase_attempts SET status_code = $2, answer = $3 WHERE idempotency_key = $1', [key, statusCode, JSON.stringify(answer)]);
}

/** Lets the key go (its request decided nothing): the same key may try again. */
export async function forgetAttempt(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM purchase_attempts WHERE idempotency_key = $1 AND answer IS NULL', [key]);
}
