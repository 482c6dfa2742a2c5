import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import {
  AddressSchema,
  AddressVerificationSchema,
  ORDER_MESSAGES,
  OrderDetailSchema,
  OrderListSchema,
  PAYMENT_METHODS,
  PaymentConfigSchema,
  PurchaseFailedSchema,
  PurchaseRequestSchema,
  PurchaseSchema,
  type Purchase,
  PurchaseSubmitSchema,
  SalesTaxSchema,
  ShippingCountrySchema,
  SoftConfirmSchema,
} from '@inkwell/contracts/order';
import { BadRequestError, countryFromGeoHeader, DomainError, EnvelopeOf, type Envelope, NotFoundError, statusTypeFor, success, type App, type ServiceContext } from '@inkwell/platform';
import {
  ADDRESS_VALUE_MESSAGES,
  CouldNotCalculateTaxError,
  COULD_NOT_CALCULATE_TAX,
  ORDER_SERVICE_MESSAGES,
  salesTax,
  shippingCountries,
  shippingStates,
  isShippingCountry,
  UnknownVerificationError,
  type AddressVerifier,
} from '../domain';
import { purchaseFor, viewPurchase, type Buyer, type CheckoutDeps } from '../flows/deps';
import { reconcile, reportFailure, softConfirm } from '../flows/place-purchase';
import { requestPurchase } from '../flows/quote-purchase';
import { refundPurchase } from '../flows/refund-purchase';
import { submitPurchase } from './submit-purchase';
import type { PaymentEvent } from '../drivers/payments';
import { loadCustomerOrder } from '../store/customer-orders';
import { pendingRefundOfPurchase } from '../store/order-refunds';
import { findOrder, findPurchase, findPurchaseByPayment, orderView, ordersOfUser } from '../store/purchases';

export interface CheckoutRouteDeps {
  context: ServiceContext;
  checkout: CheckoutDeps;
  verifier: AddressVerifier;
}

const security: Array<Record<string, string[]>> = [{}, { bearer: [] }];
const signedIn: Array<Record<string, string[]>> = [{ bearer: [] }];
const IdParams = Type.Object({ id: Type.String({ format: 'uuid', errorMessage: 'The id is not one this store gave out.' }) });
const KEY_HEADER = 'idempotency-key';

/**
 * The cart-and-orders calls of storefront spec §7 (all but the cart's own): purchase requests,
 * paying, the browser's confirmations and failures, orders, shipping countries, states and sales
 * tax, address verification, and the payment processor's events (its webhook is routes/payment-webhook.ts).
 */
export async function checkoutRoutes(app: App, { context, checkout, verifier }: CheckoutRouteDeps): Promise<void> {
  const buyerOf = (request: FastifyRequest): Buyer => ({
    userId: request.principal?.userId,
    country: countryFromGeoHeader(request.headers[context.config.geoCountryHeader]),
  });

  app.post('/api/purchase-request', {
    preHandler: context.auth.optionalUser,
    schema: {
      tags: ['order'],
      summary: 'Price the cart for these addresses as a purchase with its orders: shipping rates, tax, coupon (nothing is charged)',
      security,
      body: PurchaseRequestSchema,
      response: { 200: EnvelopeOf(PurchaseSchema) },
    },
    handler: async (request) => success(await requestPurchase(checkout, buyerOf(request), request.body)),
  });

  app.post('/api/order/purchase', {
    preHandler: context.auth.optionalUser,
    schema: {
      tags: ['order'],
      summary: 'Pay a quoted purchase, once per Idempotency-Key (a repeat answers the first answer and never charges again)',
      security,
      headers: Type.Object({ [KEY_HEADER]: Type.Optional(Type.String()) }),
      querystring: Type.Object({ platform: Type.Optional(Type.String({ maxLength: 20 })) }),
      body: PurchaseSubmitSchema,
      response: { 200: EnvelopeOf(PurchaseSchema), '4xx': EnvelopeOf(Type.Null()), '5xx': EnvelopeOf(Type.Null()) },
    },
    handler: async (request, reply) => {
      const key = request.headers[KEY_HEADER];
      if (typeof key !== 'string' || key.trim() === '' || key.length > 255) throw new BadRequestError(ORDER_MESSAGES.idempotencyKeyRequired);
      const answer = await submitPurchase(checkout, buyerOf(request), key.trim(), request.body);
      return reply.code(answer.statusCode as 200).send(answer.envelope as Envelope<Purchase>);
    },
  });

  for (const [path, summary] of [
    ['/api/order/purchase-soft-confirmed', 'The browser confirmed the purchase with the provider; orders show Payment TBC until the processor confirms'],
    ['/api/order/payment-soft-confirmed', 'The browser confirmed the payment with the provider; the processor is asked and the purchase completed when it says so'],
  ] as const) {
    app.post(path, {
      preHandler: context.auth.optionalUser,
      schema: { tags: ['order'], summary, security, body: SoftConfirmSchema, response: { 200: EnvelopeOf(PurchaseSchema) } },
      handler: async (request) => success(await softConfirm(checkout, request.body.purchaseId, buyerOf(request))),
    });
  }

  app.post('/api/order/purchase-failed', {
    preHandler: context.auth.optionalUser,
    schema: { tags: ['order'], summary: 'The browser reports a failed payment (the processor decides what it means)', security, body: PurchaseFailedSchema, response: { 200: EnvelopeOf(PurchaseSchema) } },
    handler: async (request) => success(await reportFailure(checkout, request.body.purchaseId, buyerOf(request), request.body.message ?? null)),
  });

  app.get('/api/order/purchase/:id', {
    preHandler: context.auth.optionalUser,
    schema: { tags: ['order'], summary: 'A purchase with its orders (its buyer only)', security, params: IdParams, response: { 200: EnvelopeOf(PurchaseSchema) } },
    handler: async (request) => success(await viewPurchase(checkout, request.params.id, buyerOf(request))),
  });

  app.get('/api/order/purchaseFromPaymentIntent/:id', {
    preHandler: context.auth.optionalUser,
    schema: {
      tags: ['order'],
      summary: 'The purchase a payment belongs to, after the provider sent the browser back; reconciled with the processor first',
      security,
      params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 255 }) }),
      response: { 200: EnvelopeOf(PurchaseSchema) },
    },
    handler: async (request) => {
      const found = await findPurchaseByPayment(context.db, request.params.id);
      if (!found) throw new NotFoundError(ORDER_MESSAGES.unknownPurchase);
      const purchase = await purchaseFor(context.db, found.id, buyerOf(request));
      await reconcile(checkout, purchase.id);
      return success(await viewPurchase(checkout, purchase.id, buyerOf(request)));
    },
  });

  app.get('/api/order/', {
    preHandler: context.auth.requireUser,
    schema: {
      tags: ['order'],
      summary: "The account's orders, newest first (Orders and Count; status.fullCount too)",
      security: signedIn,
      querystring: Type.Object({
        pageNumber: Type.Integer({ minimum: 1, maximum: 100_000, default: 1, errorMessage: 'pageNumber is a whole number from 1 to 100000.' }),
        pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20, errorMessage: 'pageSize is a whole number from 1 to 100.' }),
      }),
      response: { 200: EnvelopeOf(OrderListSchema) },
    },
    handler: async (request) => {
      const { pageNumber, pageSize } = request.query;
      const { orders, count } = await ordersOfUser(context.db, request.principal!.userId, { offset: (pageNumber - 1) * pageSize, limit: pageSize });
      const views = [];
      for (const order of orders) {
        const purchase = await findPurchase(context.db, order.purchaseId);
        if (purchase) views.push(orderView(order, purchase));
      }
      return success({ Orders: views, Count: count }, { fullCount: count });
    },
  });

  app.get('/api/order/:id', {
    preHandler: context.auth.optionalUser,
    schema: {
      tags: ['order'],
      summary: "One order (its buyer only; a guest's by its id) with its status timeline, shipments and delivery estimate",
      security,
      params: IdParams,
      response: { 200: EnvelopeOf(OrderDetailSchema) },
    },
    handler: async (request) => {
      const found = await loadCustomerOrder(context.db, request.params.id);
      // Another's order is answered as no order at all, so its existence is not given away.
      if (!found || (found.userId !== null && found.userId !== request.principal?.userId)) throw new NotFoundError(ORDER_MESSAGES.unknownOrder);
      return success(found.detail);
    },
  });

  app.get('/api/user/canUpdatePaymentDetails/:id', {
    preHandler: context.auth.requireUser,
    schema: {
      tags: ['order'],
      summary: "Whether the order's payment can still be changed (it is not paid yet)",
      security: signedIn,
      params: IdParams,
      response: { 200: EnvelopeOf(Type.Boolean()) },
    },
    handler: async (request) => {
      const order = await findOrder(context.db, request.params.id);
      if (!order || order.userId !== request.principal!.userId) throw new NotFoundError(ORDER_MESSAGES.unknownOrder);
      return success(order.status === 'PendingPayment' || order.status === 'ConfirmedByClient');
    },
  });

  app.get('/api/order/payment-config', {
    schema: {
      tags: ['order'],
      summary: 'The payment processor the store uses and, for Stripe, its publishable key; whether the card form may show the simulated processor\'s test cards (beyond the spec; the storefront loads the provider with it)',
      response: { 200: EnvelopeOf(PaymentConfigSchema) },
    },
    handler: async (_request, reply) => {
      const config = checkout.payments.publicConfig();
      reply.header('cache-control', 'public, max-age=300');
      const testCards = config.provider === 'simulated' && context.config.payments.showTestCards;
      return success({ provider: config.provider, publishableKey: config.publishableKey ?? null, methods: [...PAYMENT_METHODS], testCards });
    },
  });

  app.get('/api/order/shippingCountries', {
    schema: { tags: ['order'], summary: 'Countries shipped to: US first, then CA, then the rest by name; the US entry with its states', response: { 200: EnvelopeOf(Type.Array(ShippingCountrySchema)) } },
    handler: async () => success(shippingCountries()),
  });

  app.get('/api/order/shippingStates', {
    schema: {
      tags: ['order'],
      summary: 'The states or provinces of a country (empty where it has none)',
      querystring: Type.Object({ countryCode: Type.String({ default: 'US', maxLength: 60 }) }),
      response: { 200: EnvelopeOf(Type.Array(Type.Object({ code: Type.String(), name: Type.String() }))) },
    },
    handler: async (request) => {
      if (!isShippingCountry(request.query.countryCode.trim().toUpperCase())) {
        throw new BadRequestError(ADDRESS_VALUE_MESSAGES.unknownCountry(request.query.countryCode), { field: 'countryCode' });
      }
      return success(shippingStates(request.query.countryCode));
    },
  });

  app.get('/api/order/shipping/getSalesTax/', {
    schema: {
      tags: ['order'],
      summary: "The sales tax rate of a country and state or province, with the local rate of a PostalCode where the table has one ('Could not calculate tax' when there is none)",
      querystring: Type.Object({ CountryCode: Type.String({ maxLength: 60 }), AdministrativeArea: Type.Optional(Type.String({ maxLength: 100 })), PostalCode: Type.Optional(Type.String({ maxLength: 20 })) }),
      response: { 200: EnvelopeOf(SalesTaxSchema) },
    },
    handler: async (request) => {
      try {
        const tax = salesTax({ country: request.query.CountryCode, administrativeArea: request.query.AdministrativeArea ?? null, postalCode: request.query.PostalCode ?? null }, []);
        return success({ country: tax.country, administrativeArea: tax.administrativeArea, rate: tax.rate, digitalRate: tax.digitalRate, locality: tax.locality, parts: tax.parts });
      } catch (error) {
        if (error instanceof CouldNotCalculateTaxError) throw new BadRequestError(COULD_NOT_CALCULATE_TAX, { field: 'CountryCode' });
        throw error;
      }
    },
  });

  app.post('/api/verify-address', {
    schema: {
      tags: ['order'],
      summary: 'Verify an address: strict (home delivery) and lenient verdicts, the S/D/N warnings and a suggested address',
      querystring: Type.Object({ previousResponseId: Type.Optional(Type.String({ maxLength: 100 })) }),
      body: AddressSchema,
      response: { 200: EnvelopeOf(AddressVerificationSchema) },
    },
    handler: async (request) => {
      try {
        const verified = await verifier.verify({ ...request.body, companyName: request.body.companyName ?? '' }, request.query.previousResponseId || undefined);
        const { result } = verified;
        return success({
          responseId: verified.responseId,
          previousResponseId: verified.previousResponseId,
          strict: verified.strict,
          lenient: verified.lenient,
          warnings: verified.warnings,
          granularity: result.granularity,
          inferredComponents: result.inferredComponents,
          spellCorrectedComponents: result.spellCorrectedComponents,
          replacedComponents: result.replacedComponents,
          unconfirmedComponents: result.unconfirmedComponents,
          missingComponents: result.missingComponents,
          dpvConfirmation: result.dpvConfirmation,
          suggestedAddress: result.suggestedAddress,
        });
      } catch (error) {
        if (error instanceof UnknownVerificationError) throw new BadRequestError(ORDER_SERVICE_MESSAGES.unknownVerification, { field: 'previousResponseId' });
        throw error;
      }
    },
  });
}

/**
 * A processor event about a payment. Succeeded or failed: the purchase it belongs to is reconciled
 * with the processor (whichever comes first, this or the browser). Refunded in full at the
 * processor: the orders are cancelled and access taken back; a part refund is only logged here
 * (which items it covers is staff's to say).
 */
export async function handlePaymentEvent(checkout: CheckoutDeps, event: PaymentEvent): Promise<void> {
  const byPayment = await findPurchaseByPayment(checkout.db, event.paymentId);
  const purchase = byPayment ?? (event.purchaseId && UUID.test(event.purchaseId) ? await findPurchase(checkout.db, event.purchaseId) : undefined);
  if (!purchase) return;
  if (event.type !== 'payment.refunded') {
    await reconcile(checkout, purchase.id);
    return;
  }
  if ((event.amountRefunded ?? 0) >= purchase.amountDue) {
    // A staff refund of this purchase between its processor and settle steps (maybe in another
    // replica) made this refund: it settles the orders with its own reason and items. Asked again
    // later (a 503 the processor retries), the event finds them settled, or cancels what is left.
    if (await pendingRefundOfPurchase(checkout.db, purchase.id)) throw new DomainError(503, statusTypeFor(503), ORDER_SERVICE_MESSAGES.refundBeingSettled);
    await refundPurchase(checkout, purchase, 'Refunded at the payment processor', { refundedAtProcessor: true });
  }
  else checkout.logger.info({ purchaseId: purchase.id, amountRefunded: event.amountRefunded }, 'part of a payment was refunded at the processor');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
