import type { BadgeCoupon, BadgeStock, UserBadge } from '@inkwell/contracts/badges';
import type { Queryable, Transaction } from '@inkwell/platform';

interface BadgeRow {
  id: number;
  name: string;
  description: string;
  coupon_kind: 'Percent' | 'Fixed';
  coupon_value: string;
  currency: string;
}

export interface Badge {
  id: number;
  name: string;
  coupon: BadgeCoupon;
}

const badgeOf = (row: BadgeRow): Badge => ({ id: row.id, name: row.name, coupon: { kind: row.coupon_kind, value: Number(row.coupon_value), currency: row.currency } });

export async function findBadge(db: Queryable, id: number): Promise<Badge | undefined> {
  const { rows } = await db.query<BadgeRow>('SELECT id, name, description, coupon_kind, coupon_value, currency FROM badges WHERE id = $1', [id]);
  return rows[0] && badgeOf(rows[0]);
}

interface UserBadgeRow {
  badge_id: number;
  name: string;
  code: string | null;
  claimed_at: Date;
}

const userBadgeOf = (row: UserBadgeRow): UserBadge => ({
  badge: { id: row.badge_id, name: row.name },
  gift: row.code === null ? null : { code: row.code },
  claimedAt: row.claimed_at.toISOString(),
});

const USER_BADGES = `SELECT ub.badge_id, b.name, g.code, ub.claimed_at
  FROM user_badges ub JOIN badges b ON b.id = ub.badge_id LEFT JOIN badge_gift_codes g ON g.id = ub.gift_code_id`;

export async function userBadges(db: Queryable, accountId: string): Promise<UserBadge[]> {
  const { rows } = await db.query<UserBadgeRow>(`${USER_BADGES} WHERE ub.account_id = $1 ORDER BY ub.claimed_at, ub.badge_id`, [accountId]);
  return rows.map(userBadgeOf);
}

export async function userBadge(db: Queryable, accountId: string, badgeId: number): Promise<UserBadge | undefined> {
  const { rows } = await db.query<UserBadgeRow>(`${USER_BADGES} WHERE ub.account_id = $1 AND ub.badge_id = $2`, [accountId, badgeId]);
  return rows[0] && userBadgeOf(rows[0]);
}

/**
 * Takes the next free code of the badge's pool for the account. SKIP LOCKED lets concurrent claims
 * each take a different row instead of queueing on (and then sharing) the first; the caller's
 * transaction keeps the row locked until the handing-out commits. Undefined when the pool is empty.
 */
export async function handOutGiftCode(tx: Transaction, badgeId: number, accountId: string): Promise<{ id: number; code: string } | undefined> {
  const { rows } = await tx.query<{ id: string; code: string }>(
    `WITH next AS (
       SELECT id FROM badge_gift_codes WHERE badge_id = $1 AND claimed_at IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
     UPDATE badge_gift_codes g SET holder_id = $2, claimed_at = now() FROM next WHERE g.id = next.id RETURNING g.id, g.code`,
    [badgeId, accountId],
  );
  return rows[0] && { id: Number(rows[0].id), code: rows[0].code };
}

/** Records the account's badge; false when it held it already (a concurrent claim of its own won). */
export async function addUserBadge(tx: Transaction, accountId: string, badgeId: number, giftCodeId: number): Promise<boolean> {
  const { rowCount } = await tx.query(
    'INSERT INTO user_badges (account_id, badge_id, gift_code_id) VALUES ($1, $2, $3) ON CONFLICT (account_id, badge_id) DO NOTHING',
    [accountId, badgeId, giftCodeId],
  );
  return (rowCount ?? 0) > 0;
}

interface StockRow extends BadgeRow {
  total: string;
  handed_out: string;
  holders: string;
}

const STOCK = `SELECT b.id, b.name, b.description, b.coupon_kind, b.coupon_value, b.currency,
    (SELECT count(*) FROM badge_gift_codes g WHERE g.badge_id = b.id) AS total,
    (SELECT count(*) FROM badge_gift_codes g WHERE g.badge_id = b.id AND g.claimed_at IS NOT NULL) AS handed_out,
    (SELECT count(*) FROM user_badges ub WHERE ub.badge_id = b.id) AS holders
  FROM badges b`;

const stockOf = (row: StockRow): BadgeStock => {
  const total = Number(row.total);
  const handedOut = Number(row.handed_out);
  const { coupon } = badgeOf(row);
  return { id: row.id, name: row.name, description: row.description, coupon, codes: { total, handedOut, left: total - handedOut }, holders: Number(row.holders) };
};

export async function badgeStocks(db: Queryable): Promise<BadgeStock[]> {
  const { rows } = await db.query<StockRow>(`${STOCK} ORDER BY b.id`);
  return rows.map(stockOf);
}

export async function badgeStock(db: Queryable, id: number): Promise<BadgeStock | undefined> {
  const { rows } = await db.query<StockRow>(`${STOCK} WHERE b.id = $1`, [id]);
  return rows[0] && stockOf(rows[0]);
}

/** Puts the codes in the badge's pool; a code already in any pool is left where it is. Returns how many were added. */
export async function addGiftCodes(tx: Transaction, badgeId: number, codes: readonly string[], addedBy: string): Promise<number> {
  const { rowCount } = await tx.query(
    `INSERT INTO badge_gift_codes (badge_id, code, added_by) SELECT $1, code, $3 FROM unnest($2::text[]) AS code
     ON CONFLICT (code) DO NOTHING`,
    [badgeId, codes, addedBy],
  );
  return rowCount ?? 0;
}
