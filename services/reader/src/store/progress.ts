import type { Queryable, Transaction } from '@inkwell/platform';

export interface StoredProgress {
  page: number;
  updatedAt: Date;
  /** This write replaced what was stored (false: a newer write from another device had won). */
  applied: boolean;
}

/**
 * Last write wins by the time the device made it: a write older than the stored one changes
 * nothing, and the stored one is answered so the device can catch up. Equal times go to the later
 * arrival. In a transaction because a losing upsert still locks the stored row, so the read that
 * follows finds it even if a wipe comes in between.
 */
export async function saveProgress(tx: Transaction, write: { userId: string; productId: string; seriesId: string | null; page: number; at: Date }): Promise<StoredProgress> {
  const { rows } = await tx.query<{ page: number; updated_at: Date }>(
    `INSERT INTO reading_progress (user_id, product_id, series_id, page, updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, product_id) DO UPDATE SET page = EXCLUDED.page, series_id = EXCLUDED.series_id, updated_at = EXCLUDED.updated_at
       WHERE reading_progress.updated_at <= EXCLUDED.updated_at
     RETURNING page, updated_at`,
    [write.userId, write.productId, write.seriesId, write.page, write.at],
  );
  if (rows[0]) return { page: rows[0].page, updatedAt: rows[0].updated_at, applied: true };
  const stored = await progressOf(tx, write.userId, write.productId);
  if (!stored) throw new Error('reading progress vanished while locked');
  return { ...stored, applied: false };
}

export async function progressOf(db: Queryable, userId: string, productId: string): Promise<{ page: number; updatedAt: Date } | undefined> {
  const { rows } = await db.query<{ page: number; updated_at: Date }>('SELECT page, updated_at FROM reading_progress WHERE user_id = $1 AND product_id = $2', [userId, productId]);
  return rows[0] ? { page: rows[0].page, updatedAt: rows[0].updated_at } : undefined;
}

/** Forgets progress in one series, or everywhere when `seriesId` is undefined; answers how many comics it forgot. */
export async function wipeProgress(db: Queryable, userId: string, seriesId?: string): Promise<number> {
  const { rowCount } = seriesId === undefined
    ? await db.query('DELETE FROM reading_progress WHERE user_id = $1', [userId])
    : await db.query('DELETE FROM reading_progress WHERE user_id = $1 AND series_id = $2', [userId, seriesId]);
  return rowCount ?? 0;
}
