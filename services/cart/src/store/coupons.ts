import type { Coupon, CouponCreate } from '@inkwell/contracts/cart';
import { DEFAULT_CURRENCY } from '@inkwell/contracts/catalog-rules';
import { DomainError, EVENTS, type Outbox, type Queryable, type Transaction } from '@inkwell/platform';
import { COUPON_MESSAGES, couponUsable, normalizeCode, type CouponProblem, type CouponTerms } from '../domain';

export interface CouponRecord extends CouponTerms {
  id: number;
}

interface RawCoupon {
  id: string;
  code: string;
  kind: 'Percent' | 'Fixed';
  value: string;
  currency: string;
  min_subtotal_cents: string | null;
  starts_at: Date | null;
  ends_at: Date | null;
  usage_cap: number | null;
  times_used: number;
  product_ids: string[];
  series_ids: string[];
  disabled_at: Date | null;
  holder_account_id: string | null;
}

const COLUMNS = 'id, code, kind, value, currency, min_subtotal_cents, starts_at, ends_at, usage_cap, times_used, product_ids, series_ids, disabled_at, holder_account_id';

function recordOf(row: RawCoupon): CouponRecord {
  return {
    id: Number(row.id),
    code: row.code,
    kind: row.kind,
    value: Number(row.value),
    currency: row.currency,
    minSubtotalCents: row.min_subtotal_cents === null ? null : Number(row.min_subtotal_cents),
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    usageCap: row.usage_cap,
    timesUsed: row.times_used,
    productIds: row.product_ids.map(Number),
    seriesIds: row.series_ids.map(Number),
    disabled: row.disabled_at !== null,
    holderAccountId: row.holder_account_id,
  };
}

export function couponView(record: CouponRecord): Coupon {
  return {
    id: record.id,
    code: record.code,
    kind: record.kind,
    value: record.value,
    currency: record.currency,
    minSubtotal: record.minSubtotalCents,
    startsAt: record.startsAt?.toISOString() ?? null,
    endsAt: record.endsAt?.toISOString() ?? null,
    usageCap: record.usageCap,
    timesUsed: record.timesUsed,
    productIds: [...record.productIds],
    seriesIds: [...record.seriesIds],
    disabled: record.disabled,
  };
}

export async function findCouponByCode(db: Queryable, code: string, { lock = false } = {}): Promise<CouponRecord | undefined> {
  const { rows } = await db.query<RawCoupon>(`SELECT ${COLUMNS} FROM coupons WHERE code = $1${lock ? ' FOR UPDATE' : ''}`, [normalizeCode(code)]);
  return rows[0] && recordOf(rows[0]);
}

export async function findCoupon(db: Queryable, id: number): Promise<CouponRecord | undefined> {
  const { rows } = await db.query<RawCoupon>(`SELECT ${COLUMNS} FROM coupons WHERE id = $1`, [id]);
  return rows[0] && recordOf(rows[0]);
}

export async function usedByAccount(db: Queryable, couponId: number, accountId: string | undefined): Promise<boolean> {
  if (accountId === undefined) return false;
  const { rowCount } = await db.query('SELECT 1 FROM coupon_redemptions WHERE coupon_id = $1 AND account_id = $2', [couponId, accountId]);
  return (rowCount ?? 0) > 0;
}

/** Records the account's claim; null when it had claimed the code before. */
export async function claimCoupon(db: Queryable, couponId: number, accountId: string): Promise<Date | null> {
  const { rows } = await db.query<{ claimed_at: Date }>(
    'INSERT INTO coupon_claims (coupon_id, account_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING claimed_at',
    [couponId, accountId],
  );
  return rows[0]?.claimed_at ?? null;
}

/** The purchase an account redeemed the coupon for, if it did. */
export async function redemptionOrder(db: Queryable, couponId: number, accountId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ order_id: string }>('SELECT order_id FROM coupon_redemptions WHERE coupon_id = $1 AND account_id = $2', [couponId, accountId]);
  return rows[0]?.order_id;
}

/** A demo coupon, left as it is when its code exists. */
export async function seedCoupon(db: Queryable, coupon: { code: string; kind: string; value: number; minSubtotalCents: number | null }): Promise<void> {
  await db.query(
    `INSERT INTO coupons (code, kind, value, min_subtotal_cents, created_by) VALUES ($1, $2, $3, $4, 'demo') ON CONFLICT (code) DO NOTHING`,
    [coupon.code, coupon.kind, coupon.value, coupon.minSubtotalCents],
  );
}

export async function createCoupon(db: Queryable, input: CouponCreate, createdBy: string): Promise<CouponRecord> {
  const code = normalizeCode(input.code);
  const { rows } = await db.query<RawCoupon>(
    `INSERT INTO coupons (code, kind, value, currency, min_subtotal_cents, starts_at, ends_at, usage_cap, product_ids, series_ids, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (code) DO NOTHING RETURNING ${COLUMNS}`,
    [code, input.kind, input.value, input.currency ?? DEFAULT_CURRENCY, input.minSubtotal ?? null, input.startsAt ?? null, input.endsAt ?? null, input.usageCap ?? null, input.productIds ?? [], input.seriesIds ?? [], createdBy],
  );
  if (!rows[0]) throw new DomainError(409, 'Conflict', COUPON_MESSAGES.codeTaken(code), { field: 'code' });
  return recordOf(rows[0]);
}

export async function listCoupons(db: Queryable, page: { pageNumber: number; pageSize: number }): Promise<{ items: CouponRecord[]; total: number }> {
  const { rows } = await db.query<RawCoupon & { total: string }>(
    `SELECT ${COLUMNS}, count(*) OVER () AS total FROM coupons ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
    [page.pageSize, (page.pageNumber - 1) * page.pageSize],
  );
  const total = rows[0] ? Number(rows[0].total) : Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM coupons')).rows[0]!.n);
  return { items: rows.map(recordOf), total };
}

export async function disableCoupon(db: Queryable, id: number): Promise<CouponRecord | undefined> {
  const { rows } = await db.query<RawCoupon>(`UPDATE coupons SET disabled_at = coalesce(disabled_at, now()) WHERE id = $1 RETURNING ${COLUMNS}`, [id]);
  return rows[0] && recordOf(rows[0]);
}

export interface Redemption {
  code: string;
  accountId: string;
  orderId: string;
  saveAmount: number;
  currency: string;
}

/**
 * Checkout's use of a code (issue 13 calls it when an order completes): checked again under a lock
 * on the coupon, so two purchases cannot both take its last use, then counted and announced as
 * `coupon.redeemed` in the same transaction.
 */
export async function redeemCoupon(tx: Transaction, outbox: Outbox, redemption: Redemption, now: Date): Promise<CouponProblem | null> {
  const coupon = await findCouponByCode(tx, redemption.code, { lock: true });
  if (!coupon) return { kind: 'disabled', message: COUPON_MESSAGES.unknown(normalizeCode(redemption.code)), statusCode: 400 };
  const problem = couponUsable(coupon, { now, usedByAccount: await usedByAccount(tx, coupon.id, redemption.accountId), accountId: redemption.accountId });
  if (problem) return problem;
  await tx.query('INSERT INTO coupon_redemptions (coupon_id, account_id, order_id, save_amount) VALUES ($1, $2, $3, $4)', [coupon.id, redemption.accountId, redemption.orderId, redemption.saveAmount]);
  await tx.query('UPDATE coupons SET times_used = times_used + 1 WHERE id = $1', [coupon.id]);
  await outbox.add(tx, {
    type: EVENTS.couponRedeemed.type,
    key: String(coupon.id),
    data: { couponId: String(coupon.id), code: coupon.code, userId: redemption.accountId, orderId: redemption.orderId, saveAmount: redemption.saveAmount, currency: redemption.currency },
  });
  return null;
}
