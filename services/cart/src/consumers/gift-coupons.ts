import { normalizeCode } from '../domain';
import { erasedUserToken, type EventData, type EventEnvelope, type Logger, type Transaction } from '@inkwell/platform';

/**
 * `badge.claimed` (account service): the gift code handed with the badge becomes a coupon with the
 * badge's terms that only that account may use, once (usage_cap 1, holder_account_id; the coupon
 * rules refuse anyone else). The account service owns who holds which code; this is the cart's copy
 * of that fact, made in the event's transaction. A code that is already an ordinary coupon's is
 * left alone and logged: staff gave a pool a code the cart already used.
 */
export function giftCouponOfBadge(logger: Logger) {
  return async (tx: Transaction, event: EventEnvelope): Promise<void> => {
    const { userId, giftCode, coupon } = event.data as EventData<'badgeClaimed'>;
    const code = normalizeCode(giftCode);
    const { rows } = await tx.query<{ holder_account_id: string | null }>(
      `INSERT INTO coupons (code, kind, value, currency, usage_cap, holder_account_id, created_by)
       VALUES ($1, $2, $3, $4, 1, $5, 'badge-gift')
       ON CONFLICT (code) DO UPDATE SET code = EXCLUDED.code
       RETURNING holder_account_id`,
      [code, coupon.kind, coupon.value, coupon.currency, userId],
    );
    if (rows[0]?.holder_account_id !== userId) logger.warn({ eventId: event.id }, 'a gift code handed out with a badge is already an ordinary coupon; it stays one');
  };
}

/** `account.deleted`: an erased holder's gift coupons are held by the id's anonymous token (as its redemptions are), so nobody can use them. */
export async function forgetGiftHolder(tx: Transaction, event: EventEnvelope): Promise<void> {
  const { userId } = event.data as EventData<'accountDeleted'>;
  await tx.query('UPDATE coupons SET holder_account_id = $2 WHERE holder_account_id = $1', [userId, erasedUserToken(userId)]);
}
