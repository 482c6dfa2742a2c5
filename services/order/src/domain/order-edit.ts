import type { AddressInput as ApiAddress, OrderStatus } from '@inkwell/contracts/order';
import { ORDER_STATUS_LABELS } from '@inkwell/contracts/order-rules';
import type { Problem } from '@inkwell/contracts/problems';
import { addressProblems, addressValueProblems } from './address';
import { nextOrderStatus, type OrderEvent, type OrderEventType } from './order-status';

/**
 * Staff edits of an order (dashboard spec §3 Order edit record): what changed compared with the
 * original, whether the addresses pass the checkout's rules, and which status move the
 * order-status rule allows staff. Pure: the flow (flows/edit-order.ts) stores what this decides.
 */

/** The fields of an order staff may edit, as they are now. */
export interface EditableOrder {
  customerName: string | null;
  invoiceStatusId: number;
  invoicePrinted: boolean;
  billingAddress: ApiAddress | null;
  shippingAddress: ApiAddress | null;
  orderStatus: OrderStatus;
}

export type EditableField = keyof EditableOrder;

/** What staff sent: fields left out stay as they are. */
export type OrderEditInput = Partial<EditableOrder>;

export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

/** Fields that hold personal data: the audit trail says they changed, never what they were or became. */
export const PERSONAL_FIELDS: ReadonlySet<EditableField> = new Set(['customerName', 'billingAddress', 'shippingAddress']);

const EDITABLE_FIELDS: readonly EditableField[] = ['customerName', 'invoiceStatusId', 'invoicePrinted', 'billingAddress', 'shippingAddress', 'orderStatus'];

const ADDRESS_FIELDS = ['firstName', 'surName', 'companyName', 'country', 'address', 'locality', 'postalCode', 'administrativeArea', 'phoneNumber', 'email'] as const;

/** An address as compared and stored: its fields trimmed, the company null when blank, the flags left out. */
export function normalizeAddress(address: ApiAddress): ApiAddress {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const company = text(address.companyName);
  return {
    firstName: text(address.firstName),
    surName: text(address.surName),
    companyName: company === '' ? null : company,
    country: text(address.country).toUpperCase(),
    address: text(address.address),
    locality: text(address.locality),
    postalCode: text(address.postalCode),
    administrativeArea: text(address.administrativeArea),
    phoneNumber: text(address.phoneNumber),
    email: text(address.email),
  };
}

function sameAddress(a: ApiAddress | null, b: ApiAddress | null): boolean {
  if (a === null || b === null) return a === b;
  const left = normalizeAddress(a);
  const right = normalizeAddress(b);
  return ADDRESS_FIELDS.every((field) => (left[field] ?? null) === (right[field] ?? null));
}

const normalizeName = (name: string | null | undefined): string | null => {
  const trimmed = (name ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

/**
 * The fields whose value the edit changes, each with the original and the new value (addresses
 * normalised, a blank name null). Fields left out, or sent with the value they have, are not changes.
 */
export function orderEditChanges(original: EditableOrder, edit: OrderEditInput): FieldChanges {
  const changes: FieldChanges = {};
  for (const field of EDITABLE_FIELDS) {
    if (edit[field] === undefined) continue;
    switch (field) {
      case 'billingAddress':
      case 'shippingAddress': {
        const next = edit[field] ? normalizeAddress(edit[field]!) : null;
        if (!sameAddress(original[field], next)) changes[field] = { from: original[field], to: next };
        break;
      }
      case 'customerName': {
        const next = normalizeName(edit.customerName);
        if (normalizeName(original.customerName) !== next) changes[field] = { from: original.customerName, to: next };
        break;
      }
      default:
        if (original[field] !== edit[field]) changes[field] = { from: original[field], to: edit[field] };
    }
  }
  return changes;
}

/** The changes as the audit trail and events may keep them: personal fields marked changed, their values left out. */
export function auditableChanges(changes: FieldChanges): FieldChanges {
  return Object.fromEntries(Object.entries(changes).map(([field, change]) => [field, PERSONAL_FIELDS.has(field as EditableField) ? { from: '(personal data)', to: '(changed)' } : change]));
}

/** The checkout's address rules (blank mandatory fields, country, state, postal code, email) on each address sent, each problem on its field. */
export function orderEditProblems(edit: OrderEditInput): Problem[] {
  const problems: Problem[] = [];
  for (const field of ['billingAddress', 'shippingAddress'] as const) {
    const address = edit[field];
    if (!address) continue;
    problems.push(...addressProblems(address, field), ...addressValueProblems(address, field));
  }
  return problems;
}

/** What the rule needs to know of an order to move it for staff. */
export interface OrderFacts {
  status: OrderStatus;
  /** The purchase is paid (or was free). */
  paid: boolean;
  /** Money was taken for it: cancelling means refunding. */
  charged: boolean;
  hasPrint: boolean;
  releaseAhead: boolean;
}

/** The events staff may cause by editing the status. */
export const STAFF_STATUS_EVENTS = ['hold', 'holdReleased', 'fulfilmentStarted', 'fulfilmentFinished', 'cancelled'] as const satisfies readonly OrderEventType[];
export type StaffStatusEvent = (typeof STAFF_STATUS_EVENTS)[number];

/** Why staff cannot move an order where the rule itself would let it go. */
export const STAFF_MOVE_REASONS = {
  refundToCancel: 'The order is paid: refund it instead (a full refund cancels it).',
  notStaffMove: 'Staff may hold or release an order, start or finish its fulfilment, or cancel it.',
  releasedElsewhere: 'Releasing the hold moves it to {status}.',
} as const;

function eventOf(type: StaffStatusEvent, facts: OrderFacts): OrderEvent {
  if (type === 'holdReleased') return { type, paid: facts.paid, hasPrint: facts.hasPrint, releaseAhead: facts.releaseAhead };
  return { type };
}

/** The staff event that aims at `target` from the order's status (leaving OnHold is a release). */
export function staffEventFor(target: OrderStatus, from: OrderStatus): StaffStatusEvent | null {
  if (target === 'OnHold') return 'hold';
  if (target === 'Cancelled') return 'cancelled';
  if (from === 'OnHold') return 'holdReleased';
  if (target === 'Processing') return 'fulfilmentStarted';
  if (target === 'Completed') return 'fulfilmentFinished';
  return null;
}

export type StaffMove = { ok: true; event: StaffStatusEvent; status: OrderStatus } | { ok: false; reason: string };

/**
 * Whether staff may move the order to `target`, by the order-status rule (nextOrderStatus) and one
 * rule of staff's own: a charged order is cancelled by refunding it, not by setting its status.
 */
export function staffStatusMove(facts: OrderFacts, target: OrderStatus): StaffMove {
  const type = staffEventFor(target, facts.status);
  if (type === null) return { ok: false, reason: STAFF_MOVE_REASONS.notStaffMove };
  const next = nextOrderStatus(facts.status, eventOf(type, facts));
  if (!next.ok) return { ok: false, reason: next.reason };
  if (next.status !== target) return { ok: false, reason: type === 'holdReleased' ? STAFF_MOVE_REASONS.releasedElsewhere.replace('{status}', ORDER_STATUS_LABELS[next.status]) : STAFF_MOVE_REASONS.notStaffMove };
  if (type === 'cancelled' && facts.charged) return { ok: false, reason: STAFF_MOVE_REASONS.refundToCancel };
  return { ok: true, event: type, status: next.status };
}

/** The statuses staff may move the order to now (the order page's status choices), in the rule's event order. */
export function allowedStaffStatuses(facts: OrderFacts): OrderStatus[] {
  const allowed: OrderStatus[] = [];
  for (const type of STAFF_STATUS_EVENTS) {
    const next = nextOrderStatus(facts.status, eventOf(type, facts));
    if (!next.ok || !next.changed || allowed.includes(next.status)) continue;
    if (type === 'cancelled' && facts.charged) continue;
    allowed.push(next.status);
  }
  return allowed;
}
