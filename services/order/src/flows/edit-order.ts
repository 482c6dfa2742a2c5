import { ORDER_STAFF_MESSAGES, type OrderEditBody } from '@inkwell/contracts/dashboard-customers';
import { ORDER_STATUS_LABELS } from '@inkwell/contracts/order-rules';
import { BadRequestError, ConflictError, EVENTS, NotFoundError, refusal, type Database, type Outbox } from '@inkwell/platform';
import { auditableChanges, orderEditChanges, orderEditProblems, staffStatusMove, type EditableOrder, type FieldChanges, type StaffStatusEvent } from '../domain';
import { recordOrderAudit, recordStatusMove, type OrderActor, type StatusCause } from '../store/order-history';
import { accountingIdOf } from '../store/purchases';
import { addressesOf, loadOrderState, factsOf } from '../store/staff-orders';
import { completed, withEmail } from './order-events';

/** The reason `order.cancelled` gives when staff cancel an order that was not charged. */
export const CANCELLED_BY_STAFF = 'Cancelled by staff.';

/** What the staff order flows are given. */
export interface StaffOrderDeps {
  db: Database;
  outbox: Outbox;
  now: () => Date;
}

const CAUSES: Record<StaffStatusEvent, StatusCause> = {
  hold: 'hold',
  holdReleased: 'released',
  fulfilmentStarted: 'edit',
  fulfilmentFinished: 'completed',
  cancelled: 'cancelled',
};

/** The refusal of a status move, in the contract's words. */
export function statusMoveRefusal(from: keyof typeof ORDER_STATUS_LABELS, to: keyof typeof ORDER_STATUS_LABELS, reason: string): ConflictError {
  return new ConflictError(ORDER_STAFF_MESSAGES.statusMove.replace('{from}', ORDER_STATUS_LABELS[from]).replace('{to}', ORDER_STATUS_LABELS[to]).replace('{reason}', reason));
}

/**
 * POST /dashboard/orders/{id}/edit (dashboard spec §3 Order edit record), in one transaction: the
 * edit compared with the order (domain/order-edit.ts); addresses checked by the checkout's rules
 * (400, each problem on its field); a status move only where the order-status rule lets staff
 * (409 with the rule's reason; a charged order is cancelled by a refund); the order's own copy of
 * the addresses written; the status move on the timeline; the change audited (personal values left
 * out) and `order.edited` naming the fields. An edit that changes nothing is a 400 (nothingChanged),
 * so a save staff thought did something says it did not.
 */
export async function editOrder(deps: StaffOrderDeps, actor: OrderActor, orderId: string, edit: OrderEditBody): Promise<FieldChanges> {
  const problems = orderEditProblems(edit);
  if (problems.length > 0) throw refusal(problems);
  return deps.db.transaction(async (tx) => {
    const state = await loadOrderState(tx, orderId, { lock: true });
    if (!state) throw new NotFoundError(ORDER_STAFF_MESSAGES.unknownOrder);
    const { order, columns } = state;
    const original: EditableOrder = {
      customerName: columns.customerName,
      invoiceStatusId: columns.invoiceStatusId,
      invoicePrinted: columns.invoicePrinted,
      ...addressesOf(state),
      orderStatus: order.status,
    };
    if (edit.shippingAddress && !factsOf(state, deps.now()).hasPrint) throw new BadRequestError(ORDER_STAFF_MESSAGES.noPrintItems, { field: 'shippingAddress' });
    const changes = orderEditChanges(original, edit);
    if (Object.keys(changes).length === 0) throw new BadRequestError(ORDER_STAFF_MESSAGES.nothingChanged);

    let status = order.status;
    if (changes.orderStatus) {
      const target = edit.orderStatus!;
      const move = staffStatusMove(factsOf(state, deps.now()), target);
      if (!move.ok) throw statusMoveRefusal(order.status, target, move.reason);
      status = move.status;
      await recordStatusMove(tx, { orderId, from: order.status, to: status, cause: CAUSES[move.event], actor });
      // A pre-order held while Scheduled and released after its day: the sweeper never released it,
      // so its items become owned now (as the sweeper's release would have said).
      if (move.event === 'holdReleased' && order.scheduleDate !== null && (status === 'Completed' || status === 'PendingProcessing')) {
        const { rows } = await tx.query<{ from_status: string | null }>(`SELECT from_status FROM order_status_history WHERE order_id = $1 AND to_status = 'OnHold' ORDER BY at DESC, id DESC LIMIT 1`, [orderId]);
        if (rows[0]?.from_status === 'Scheduled') await completed(deps.outbox, tx, state.purchase, order, { preOrderReleased: true });
      }
    }

    const sets: string[] = ['updated_at = now()'];
    const values: unknown[] = [orderId];
    const set = (column: string, value: unknown) => {
      values.push(value);
      sets.push(`${column} = $${values.length}`);
    };
    if (changes.customerName) set('customer_name', changes.customerName.to);
    if (changes.invoiceStatusId) set('invoice_status_id', changes.invoiceStatusId.to);
    if (changes.invoicePrinted) set('invoice_printed', changes.invoicePrinted.to);
    if (changes.billingAddress) set('billing_address', JSON.stringify(changes.billingAddress.to));
    if (changes.shippingAddress) set('shipping_address', JSON.stringify(changes.shippingAddress.to));
    if (changes.orderStatus) {
      set('status', status);
      if (status === 'Completed') sets.push('completed_at = coalesce(completed_at, now())');
    }
    await tx.query(`UPDATE orders SET ${sets.join(', ')} WHERE id = $1`, values);
    if (status === 'Completed' && changes.orderStatus) await tx.query('UPDATE order_shipments SET delivered_at = now() WHERE order_id = $1 AND delivered_at IS NULL', [orderId]);

    await recordOrderAudit(tx, { entity: 'order', entityId: orderId, action: 'edit', actor, changes: auditableChanges(changes) });
    await deps.outbox.add(tx, { type: EVENTS.orderEdited.type, key: orderId, data: { orderId, fields: Object.keys(changes), status } });
    if (changes.orderStatus && status === 'Cancelled') {
      const { purchase } = state;
      await deps.outbox.add(tx, {
        type: EVENTS.orderCancelled.type,
        key: orderId,
        data: { orderId, purchaseId: purchase.id, ...(purchase.userId ? { userId: purchase.userId } : {}), ...withEmail(purchase), accountingId: accountingIdOf(order), reason: CANCELLED_BY_STAFF },
      });
    }
    return changes;
  });
}
