import { erasedUserToken, erasePersonFromPlatformTables, type EventData, type EventEnvelope, type Transaction } from '@inkwell/platform';

/**
 * `account.deleted`: the cart service forgets the person, in the event's transaction. Their carts go
 * with their lines (and the guest carts merged into them at sign-in); coupon claims and redemptions
 * are kept, so usage counts and the one-use-per-account rule still add up, with the account id
 * replaced by its anonymous token (platform `erasedUserToken`); the outbox's `cart.updated` events
 * about them are redacted. A repeat finds nothing left.
 */
export async function eraseAccountCarts(tx: Transaction, event: EventEnvelope): Promise<void> {
  const { userId } = event.data as EventData<'accountDeleted'>;
  const token = erasedUserToken(userId);
  const { rows } = await tx.query<{ id: string }>(
    `WITH RECURSIVE theirs AS (
       SELECT id FROM carts WHERE account_id = $1
       UNION SELECT c.id FROM carts c JOIN theirs t ON c.merged_into = t.id)
     SELECT id FROM theirs`,
    [userId],
  );
  const ids = rows.map((row) => row.id);
  if (ids.length > 0) {
    await tx.query('UPDATE carts SET merged_into = NULL WHERE merged_into = ANY($1::uuid[])', [ids]);
    await tx.query('DELETE FROM carts WHERE id = ANY($1::uuid[])', [ids]);
  }
  await tx.query('UPDATE coupon_claims SET account_id = $2 WHERE account_id = $1', [userId, token]);
  await tx.query('UPDATE coupon_redemptions SET account_id = $2 WHERE account_id = $1', [userId, token]);
  await erasePersonFromPlatformTables(tx, { userId, emails: [] });
}
