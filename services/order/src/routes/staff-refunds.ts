import { Type } from '@sinclair/typebox';
import { ORDER_STAFF_MESSAGES, OrderIdParamsSchema, OrderRefundRecordSchema, RefundOrderBodySchema, RefundPreviewSchema } from '@inkwell/contracts/dashboard-customers';
import { BadRequestError, EnvelopeOf, staffActorOf, success, type App, type ServiceContext } from '@inkwell/platform';
import type { CheckoutDeps } from '../flows/deps';
import { planFor, refundableOrderOf, refundOrder } from '../flows/staff-refund';
import { refundRecordView } from '../store/order-refunds';

const tags = ['dashboard'];
const security = [{ bearer: [] }];
const KEY_HEADER = 'idempotency-key';

/** The preview's body: the refund's, with the reason not yet needed. */
const RefundPreviewBodySchema = Type.Object({
  refundReason: Type.Optional(RefundOrderBodySchema.properties.refundReason),
  items: RefundOrderBodySchema.properties.items,
  shippingAmount: RefundOrderBodySchema.properties.shippingAmount,
});

export interface StaffRefundRouteDeps {
  context: ServiceContext;
  checkout: CheckoutDeps;
}

/**
 * Staff refunds of an order (issue 23 "Deliver 4", dashboard spec §3 Refund): a preview (nothing
 * moves) and the refund itself, once per Idempotency-Key, through the payment processor as a step
 * flow with compensation (flows/staff-refund.ts). Admins only.
 */
export async function staffRefundRoutes(app: App, { context, checkout }: StaffRefundRouteDeps): Promise<void> {
  const admin = { preHandler: context.auth.requireAdmin };
  const errors = { '4xx': EnvelopeOf(Type.Null()), '5xx': EnvelopeOf(Type.Null()) };

  app.post('/api/dashboard/orders/:id/refund/preview', {
    ...admin,
    schema: {
      tags,
      security,
      summary: 'What a refund of the order would give back (chosen lines and shipping, or everything left); nothing moves',
      params: OrderIdParamsSchema,
      body: RefundPreviewBodySchema,
      response: { 200: EnvelopeOf(RefundPreviewSchema), ...errors },
    },
    handler: async (request) => {
      const { order, purchase } = await refundableOrderOf(checkout.db, request.params.id);
      const plan = await planFor(checkout.db, order, purchase, request.body);
      return success({
        items: plan.items.map((item) => ({ position: item.position, productId: item.productId, name: item.name, quantity: item.quantity, amount: item.amount, tax: item.tax })),
        shippingAmount: plan.shippingAmount,
        amount: plan.amount,
        isoCurrency: order.currency,
        full: plan.full,
      });
    },
  });

  app.post('/api/dashboard/orders/:id/refund', {
    ...admin,
    schema: {
      tags,
      security,
      summary: 'Refund the order (chosen lines and shipping, or everything left) through the payment processor, once per Idempotency-Key',
      headers: Type.Object({ [KEY_HEADER]: Type.Optional(Type.String()) }),
      params: OrderIdParamsSchema,
      body: RefundOrderBodySchema,
      response: { 200: EnvelopeOf(OrderRefundRecordSchema), ...errors },
    },
    handler: async (request) => {
      const key = request.headers[KEY_HEADER];
      if (typeof key !== 'string' || key.trim() === '' || key.length > 255) throw new BadRequestError(ORDER_STAFF_MESSAGES.idempotencyKeyRequired, { field: 'Idempotency-Key' });
      if (request.body.refundReason.trim() === '') throw new BadRequestError(ORDER_STAFF_MESSAGES.refundReasonRequired, { field: 'refundReason' });
      const refund = await refundOrder(checkout, {
        orderId: request.params.id,
        idempotencyKey: key.trim(),
        body: request.body,
        actor: staffActorOf(request.principal),
      });
      return success(refundRecordView(refund));
    },
  });
}
