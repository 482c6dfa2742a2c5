import { Type } from '@sinclair/typebox';
import {
  ORDER_STAFF_MESSAGES,
  OrderEditBodySchema,
  OrderEditResultSchema,
  OrderListQuerySchema,
  OrderNoteInputSchema,
  OrderPageSchema,
  ShipOrderBodySchema,
  ShippingAccountInfoSchema,
  StaffNoteSchema,
  StaffOrderSchema,
} from '@inkwell/contracts/dashboard-customers';
import { EnvelopeOf, NotFoundError, staffActorOf, success, type App, type Principal, type ServiceContext } from '@inkwell/platform';
import type { ShippingAccount, ShippingRates } from '../domain';
import { editOrder, type StaffOrderDeps } from '../flows/edit-order';
import { completeOrder, shipOrder } from '../flows/ship-order';
import { addOrderNote } from '../store/order-notes';
import { recordOrderAudit, type OrderActor } from '../store/order-history';
import { listStaffOrders, loadStaffOrder, orderExists } from '../store/staff-orders';

export interface StaffOrderRouteDeps {
  context: ServiceContext;
  rates: ShippingRates;
  now: () => Date;
}

const tags = ['dashboard'];
const security = [{ bearer: [] }];
export const OrderIdParams = Type.Object({ id: Type.String({ format: 'uuid', errorMessage: 'id must be an order id (a UUID).' }) });

/** The admin a staff route runs for (the admin guard has already checked the role). */
export function orderActor(request: { principal?: Principal }): OrderActor {
  return staffActorOf(request.principal);
}

/** A shipping port that cannot say who it is (a driver without `describe`). */
const UNDESCRIBED: ShippingAccount = { provider: 'unknown', name: 'unknown', currency: 'USD', connected: false, services: [] };

/**
 * The dashboard's Orders area (dashboard spec §7 Orders, issue 23), admins only: the list with its
 * filters, one order with its timeline, staff notes, edits (spec §3 Order edit record), Print
 * fulfilment (ship with tracking, complete) and the shipping account. Refunds are routes/staff-refunds.
 */
export async function staffOrderRoutes(app: App, { context, rates, now }: StaffOrderRouteDeps): Promise<void> {
  const { db } = context;
  const admin = { preHandler: context.auth.requireAdmin };
  const deps: StaffOrderDeps = { db, outbox: context.outbox, now };
  const orderOf = async (id: string) => {
    const order = await loadStaffOrder(db, id, now());
    if (!order) throw new NotFoundError(ORDER_STAFF_MESSAGES.unknownOrder);
    return order;
  };

  app.get('/api/dashboard/orders', {
    ...admin,
    schema: {
      tags,
      security,
      summary: 'Orders, filtered (status list, from/to date, tags, search over accounting id, order id, email, customer name, user id), sorted and paged',
      querystring: OrderListQuerySchema,
      response: { 200: EnvelopeOf(OrderPageSchema) },
    },
    handler: async (request) => success(await listStaffOrders(db, request.query)),
  });

  app.get('/api/dashboard/orders/shipping/getAccountInfo', {
    ...admin,
    schema: { tags, security, summary: "The shipping account's state, from the shipping rates port (the embedded rate table)", response: { 200: EnvelopeOf(ShippingAccountInfoSchema) } },
    handler: async () => success(rates.describe?.() ?? UNDESCRIBED),
  });

  app.get('/api/dashboard/orders/:id', {
    ...admin,
    schema: { tags, security, summary: 'One order: items, prices, addresses, payment, shipments, refunds, notes, timeline and the statuses staff may move it to', params: OrderIdParams, response: { 200: EnvelopeOf(StaffOrderSchema) } },
    handler: async (request) => success(await orderOf(request.params.id)),
  });

  app.post('/api/dashboard/orders/addCustomNote', {
    ...admin,
    schema: { tags, security, summary: 'Add a staff note to an order (spec §3 Order note)', body: OrderNoteInputSchema, response: { 200: EnvelopeOf(StaffNoteSchema) } },
    handler: async (request) => {
      const actor = orderActor(request);
      const { orderId, logLevel, message } = request.body;
      const note = await db.transaction(async (tx) => {
        if (!(await orderExists(tx, orderId))) throw new NotFoundError(ORDER_STAFF_MESSAGES.unknownOrder);
        const stored = await addOrderNote(tx, orderId, { logLevel, message }, actor);
        await recordOrderAudit(tx, { entity: 'order', entityId: orderId, action: 'note', actor, changes: { note: { from: null, to: stored.id } } });
        return stored;
      });
      return success(note);
    },
  });

  app.post('/api/dashboard/orders/:id/edit', {
    ...admin,
    schema: {
      tags,
      security,
      summary: 'Edit an order (spec §3 Order edit record): customer name, invoice status, addresses, a status move the order-status rule allows staff; answers the order and what changed',
      params: OrderIdParams,
      body: OrderEditBodySchema,
      response: { 200: EnvelopeOf(OrderEditResultSchema) },
    },
    handler: async (request) => {
      const changes = await editOrder(deps, orderActor(request), request.params.id, request.body);
      return success({ order: await orderOf(request.params.id), changes });
    },
  });

  app.post('/api/dashboard/orders/:id/ship', {
    ...admin,
    schema: {
      tags,
      security,
      summary: "Mark a Print order shipped with the carrier and tracking number (Processing; the shipped email goes to the customer)",
      params: OrderIdParams,
      body: ShipOrderBodySchema,
      response: { 200: EnvelopeOf(StaffOrderSchema) },
    },
    handler: async (request) => {
      await shipOrder(deps, orderActor(request), request.params.id, request.body);
      return success(await orderOf(request.params.id));
    },
  });

  app.post('/api/dashboard/orders/:id/complete', {
    ...admin,
    schema: { tags, security, summary: 'Mark a shipped Print order delivered (Completed)', params: OrderIdParams, response: { 200: EnvelopeOf(StaffOrderSchema) } },
    handler: async (request) => {
      await completeOrder(deps, orderActor(request), request.params.id);
      return success(await orderOf(request.params.id));
    },
  });
}
