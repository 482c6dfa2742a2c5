import type { OrderStatus } from '@inkwell/contracts/order-rules';
import { insertStaffAudit, type Queryable, type StaffActor } from '@inkwell/platform';

/** Who made a staff change (the signed-in admin); null for the checkout's own moves. */
export type OrderActor = StaffActor;

/** Why a status moved, as the order page's timeline names it. */
export type StatusCause = 'placed' | 'paid' | 'payment-failed' | 'client-confirmed' | 'edit' | 'hold' | 'released' | 'shipped' | 'completed' | 'refund' | 'cancelled';

/** Records one status move in the caller's transaction (the move and its record commit together). */
export async function recordStatusMove(
  tx: Queryable,
  move: { orderId: string; from: OrderStatus | null; to: OrderStatus; cause: StatusCause; actor: OrderActor | null },
): Promise<void> {
  await tx.query('INSERT INTO order_status_history (order_id, from_status, to_status, cause, actor_id, actor_email) VALUES ($1, $2, $3, $4, $5, $6)', [
    move.orderId,
    move.from,
    move.to,
    move.cause,
    move.actor?.id ?? null,
    move.actor?.email ?? null,
  ]);
}

/** What kind of record a staff audit entry of the order service is about. */
export type OrderAuditEntity = 'order' | 'customer';

/**
 * Writes a staff audit entry in the change's own transaction. `changes` names each field changed;
 * personal values (addresses, emails, names) are recorded as changed without their values.
 */
export async function recordOrderAudit(
  tx: Queryable,
  entry: { entity: OrderAuditEntity; entityId: string; action: string; actor: OrderActor; changes?: Record<string, { from: unknown; to: unknown }> },
): Promise<void> {
  await insertStaffAudit(tx, entry);
}
