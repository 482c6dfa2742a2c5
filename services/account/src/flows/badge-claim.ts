import { BADGE_MESSAGES, type UserBadge } from '@inkwell/contracts/badges';
import { ConflictError, EVENTS, NotFoundError, UnauthorizedError, type Database, type Outbox } from '@inkwell/platform';
import { addUserBadge, findBadge, handOutGiftCode, userBadge } from '../store/badges';

/**
 * A reader claims a badge (storefront spec §5: only signed in, one discount code per account, not
 * reusable). In one transaction: the account's row is locked so its own concurrent claims queue
 * (the second finds the badge the first gave), one free code of the pool is taken (SKIP LOCKED, so
 * other accounts' claims take other codes at the same time), the badge recorded and `badge.claimed`
 * written to the outbox, from which the cart service makes the code that account's coupon.
 *
 * A badge already held is answered as it is (the client moves to "claimed" on any answer but the
 * empty-pool one, spec §8); an empty pool is a 409 with the spec's message and changes nothing.
 */
export async function claimBadge(db: Database, outbox: Outbox, accountId: string, badgeId: number): Promise<UserBadge> {
  return db.transaction(async (tx) => {
    const badge = await findBadge(tx, badgeId);
    if (!badge) throw new NotFoundError(BADGE_MESSAGES.unknownBadge(badgeId));
    const { rowCount } = await tx.query('SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
    if (!rowCount) throw new UnauthorizedError();
    const held = await userBadge(tx, accountId, badgeId);
    if (held) return held;
    const gift = await handOutGiftCode(tx, badgeId, accountId);
    if (!gift) throw new ConflictError(BADGE_MESSAGES.noMoreGifts);
    await addUserBadge(tx, accountId, badgeId, gift.id);
    await outbox.add(tx, {
      type: EVENTS.badgeClaimed.type,
      key: accountId,
      data: { userId: accountId, badgeId, giftCode: gift.code, coupon: badge.coupon },
    });
    const claimed = await userBadge(tx, accountId, badgeId);
    if (!claimed) throw new Error(`badge ${badgeId} of ${accountId} vanished in its own transaction`);
    return claimed;
  });
}
