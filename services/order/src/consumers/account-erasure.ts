import type { EventData, EventEnvelope, Transaction } from '@inkwell/platform';
import { eraseCustomer, type EraseCustomerDeps } from '../flows/erase-customer';

/**
 * `account.deleted`: the order service forgets the person (flows/erase-customer.ts) — the payment
 * provider's customer deleted, orders and purchases kept for the accounts with the personal data
 * replaced. The flow commits its own work; a failure throws, the event comes again and the flow,
 * idempotent, resumes.
 */
export function eraseErasedAccount(deps: EraseCustomerDeps) {
  return async (_tx: Transaction, event: EventEnvelope): Promise<void> => {
    const { userId } = event.data as EventData<'accountDeleted'>;
    await eraseCustomer(deps, userId);
  };
}
