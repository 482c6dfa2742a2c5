import { erasePersonFromPlatformTables, type EventData, type EventEnvelope, type Transaction } from '@inkwell/platform';

/**
 * `account.deleted`, beside the library's own consumer (consumers/entitlements.ts: purchases,
 * grants, shelf and reading progress go): the reader's other rows of the person — orders awaiting
 * their release day — and its outbox's events about them (`reading.progress-updated`,
 * `reading.session-recorded`: the user id replaced by its anonymous token). Reading sessions are
 * not stored here (they are events, which the analytics service erases). A repeat finds nothing left.
 */
export async function eraseReaderAccount(tx: Transaction, event: EventEnvelope): Promise<void> {
  const { userId } = event.data as EventData<'accountDeleted'>;
  await tx.query('DELETE FROM awaiting_orders WHERE user_id = $1', [userId]);
  await erasePersonFromPlatformTables(tx, { userId, emails: [] });
}
