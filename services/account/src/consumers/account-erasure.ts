import { erasePersonFromPlatformTables, type EventData, type EventEnvelope, type Transaction } from '@inkwell/platform';

/**
 * `account.deleted`, consumed by the service that wrote it: once the event is on the bus (a consumer
 * has it, so it is published), its own outbox row — which must name the person by id until then,
 * for every other service to find them — is redacted like every other row about them (the id in
 * the key and data replaced by its anonymous token). The erasure flow (flows/erase-account.ts)
 * redacted the account's earlier events already.
 */
export async function forgetErasureEvent(tx: Transaction, event: EventEnvelope): Promise<void> {
  const { userId } = event.data as EventData<'accountDeleted'>;
  await erasePersonFromPlatformTables(tx, { userId, emails: [] });
}
