import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import {
  allowedStaffStatuses,
  auditableChanges,
  orderEditChanges,
  orderEditProblems,
  STAFF_MOVE_REASONS,
  staffStatusMove,
  TRANSITION_REASONS,
  type EditableOrder,
  type OrderFacts,
} from '../../src/domain';
import { address } from '../support/address';


const original: EditableOrder = {
  customerName: null,
  invoiceStatusId: 0,
  invoicePrinted: false,
  billingAddress: address(),
  shippingAddress: address(),
  orderStatus: 'PendingProcessing',
};

const facts = (overrides: Partial<OrderFacts> = {}): OrderFacts => ({ status: 'PendingProcessing', paid: true, charged: true, hasPrint: true, releaseAhead: false, ...overrides });

describe('order edit: what changed (dashboard spec §3 Order edit record)', () => {
  it('finds no change in fields left out or sent as they are (addresses compared trimmed, the country in any case)', () => {
    assert.deepEqual(orderEditChanges(original, {}), {});
    assert.deepEqual(orderEditChanges(original, { invoiceStatusId: 0, invoicePrinted: false, orderStatus: 'PendingProcessing', customerName: '  ' }), {});
    assert.deepEqual(orderEditChanges(original, { billingAddress: address({ firstName: ' Ada ', country: 'us', companyName: '' }) }), {});
  });

  it('names each changed field with the original and the new value', () => {
    const changes = orderEditChanges(original, { invoiceStatusId: 2, invoicePrinted: true, customerName: ' Ada King ', shippingAddress: address({ address: '2 Main Street' }), orderStatus: 'OnHold' });
    assert.deepEqual(Object.keys(changes).sort(), ['customerName', 'invoicePrinted', 'invoiceStatusId', 'orderStatus', 'shippingAddress']);
    assert.deepEqual(changes.invoiceStatusId, { from: 0, to: 2 });
    assert.deepEqual(changes.customerName, { from: null, to: 'Ada King' });
    assert.deepEqual(changes.orderStatus, { from: 'PendingProcessing', to: 'OnHold' });
    assert.equal((changes.shippingAddress!.to as { address: string }).address, '2 Main Street');
  });

  it('keeps personal values out of what the audit trail records', () => {
    const changes = auditableChanges(orderEditChanges(original, { customerName: 'Ada King', billingAddress: address({ email: 'other@example.com' }), invoiceStatusId: 1 }));
    assert.deepEqual(changes.invoiceStatusId, { from: 0, to: 1 });
    for (const field of ['customerName', 'billingAddress']) assert.deepEqual(changes[field], { from: '(personal data)', to: '(changed)' });
    assert.doesNotMatch(JSON.stringify(changes), /other@example\.com|Ada King/);
  });

  it("checks addresses by the checkout's rules, each problem on its field", () => {
    assert.deepEqual(orderEditProblems({ billingAddress: address() }), []);
    const problems = orderEditProblems({ billingAddress: address({ firstName: '' }), shippingAddress: address({ postalCode: 'ABC', country: 'US' }) });
    assert.deepEqual(problems.map((problem) => problem.field), ['billingAddress.firstName', 'shippingAddress.postalCode']);
    assert.deepEqual(orderEditProblems({ shippingAddress: address({ country: 'ZZ' }) }).map((problem) => problem.field), ['shippingAddress.country']);
  });
});

describe('order edit: status moves staff may make (by the order-status rule)', () => {
  it('holds and releases an order; a release goes where the facts say', () => {
    assert.deepEqual(staffStatusMove(facts(), 'OnHold'), { ok: true, event: 'hold', status: 'OnHold' });
    assert.deepEqual(staffStatusMove(facts({ status: 'OnHold' }), 'PendingProcessing'), { ok: true, event: 'holdReleased', status: 'PendingProcessing' });
    const elsewhere = staffStatusMove(facts({ status: 'OnHold' }), 'Completed');
    assert.deepEqual(elsewhere, { ok: false, reason: STAFF_MOVE_REASONS.releasedElsewhere.replace('{status}', 'Pending Processing') });
  });

  it('starts and finishes fulfilment only where the rule allows, with its reason', () => {
    assert.deepEqual(staffStatusMove(facts(), 'Processing'), { ok: true, event: 'fulfilmentStarted', status: 'Processing' });
    assert.deepEqual(staffStatusMove(facts({ status: 'Processing' }), 'Completed'), { ok: true, event: 'fulfilmentFinished', status: 'Completed' });
    assert.deepEqual(staffStatusMove(facts({ status: 'Scheduled' }), 'Processing'), { ok: false, reason: TRANSITION_REASONS.notReleased });
    assert.deepEqual(staffStatusMove(facts({ status: 'Completed' }), 'OnHold'), { ok: false, reason: TRANSITION_REASONS.completed });
  });

  it('refuses to cancel a charged order (refund it) or a Processing one, and moves staff never make', () => {
    assert.deepEqual(staffStatusMove(facts(), 'Cancelled'), { ok: false, reason: STAFF_MOVE_REASONS.refundToCancel });
    assert.deepEqual(staffStatusMove(facts({ status: 'Processing' }), 'Cancelled'), { ok: false, reason: TRANSITION_REASONS.inFulfilment });
    assert.deepEqual(staffStatusMove(facts({ status: 'PendingPayment', paid: false, charged: false }), 'Cancelled'), { ok: true, event: 'cancelled', status: 'Cancelled' });
    assert.deepEqual(staffStatusMove(facts(), 'Scheduled'), { ok: false, reason: STAFF_MOVE_REASONS.notStaffMove });
    assert.deepEqual(staffStatusMove(facts({ status: 'PendingPayment' }), 'PendingProcessing'), { ok: false, reason: STAFF_MOVE_REASONS.notStaffMove });
  });

  it('lists the statuses staff may choose from here', () => {
    assert.deepEqual(allowedStaffStatuses(facts()), ['OnHold', 'Processing', 'Completed']);
    assert.deepEqual(allowedStaffStatuses(facts({ status: 'Processing' })), ['OnHold', 'Completed']);
    assert.deepEqual(allowedStaffStatuses(facts({ status: 'OnHold' })), ['PendingProcessing']);
    assert.deepEqual(allowedStaffStatuses(facts({ status: 'PendingPayment', paid: false, charged: false })), ['OnHold', 'Cancelled']);
    assert.deepEqual(allowedStaffStatuses(facts({ status: 'Completed' })), []);
    assert.deepEqual(allowedStaffStatuses(facts({ status: 'Cancelled' })), []);
  });
});
