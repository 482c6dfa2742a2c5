import { erasedUserToken, type EventData, type EventEnvelope, type Transaction } from '@inkwell/platform';

/**
 * `account.deleted`: the person's desktop transactions are kept for the accounts (what was paid on
 * the platform, its order id for refunds) under the anonymous token instead of the account id,
 * without the platform user id; the simulated platform forgets its user too. Idempotent: a repeat
 * finds nothing left.
 */
export async function eraseDesktopTransactions(tx: Transaction, event: EventEnvelope): Promise<void> {
  const { userId } = event.data as EventData<'accountDeleted'>;
  const token = erasedUserToken(userId);
  const { rows } = await tx.query<{ platform_order_id: string }>(
    `UPDATE desktop_transactions SET user_id = $2, platform_user_id = 'erased', updated_at = now() WHERE user_id = $1 RETURNING platform_order_id`,
    [userId, token],
  );
  if (rows.length > 0) await tx.query(`UPDATE desktop_sim_transactions SET steam_id = 'erased' WHERE order_id = ANY($1::text[])`, [rows.map((row) => String(row.platform_order_id))]);
}
