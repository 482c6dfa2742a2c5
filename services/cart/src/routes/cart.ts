import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { CartChangeSchema, CartSchema, type Cart } from '@inkwell/contracts/cart';
import { BadRequestError, countryFromGeoHeader, DomainError, EnvelopeOf, success, type App } from '@inkwell/platform';
import { changeCart, cartView, emptyCart, readCart, type Visitor } from '../flows/cart-session';
import { CART_MESSAGES, COUPON_MESSAGES, couponSaving, couponUsable, isCartId, normalizeCartId, normalizeCode } from '../domain';
import { findCouponByCode, usedByAccount } from '../store/coupons';
import type { CartRouteDeps } from './deps';

const CartParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
const CartQuery = Type.Object({ couponCode: Type.Optional(Type.String({ maxLength: 64, errorMessage: COUPON_MESSAGES.codeTooLong })) });

/** A 4xx with the envelope's message from a coupon check, about the code the reader typed. */
class CouponError extends DomainError {
  constructor(statusCode: 400 | 404 | 409, message: string) {
    super(statusCode, statusCode === 404 ? 'NotFound' : statusCode === 409 ? 'Conflict' : 'BadRequest', message, { field: 'couponCode' });
  }
}

function cartIdOf(raw: string): string {
  if (!isCartId(raw)) throw new BadRequestError(CART_MESSAGES.malformedCartId);
  return normalizeCartId(raw);
}

const security: Array<Record<string, string[]>> = [{}, { bearer: [] }];

/**
 * The cart calls of storefront spec §7: read (with a coupon preview), change, empty. Anyone holding
 * the cart id may use a guest cart; a cart attached to an account answers that account only.
 */
export async function cartRoutes(app: App, { context, cart: deps }: CartRouteDeps): Promise<void> {
  const visitorOf = (request: FastifyRequest): Visitor => ({
    userId: request.principal?.userId,
    country: countryFromGeoHeader(request.headers[context.config.geoCountryHeader]),
  });
  const answers = { 200: EnvelopeOf(CartSchema) };

  app.get('/api/cart/:id', {
    preHandler: context.auth.optionalUser,
    schema: {
      tags: ['cart'],
      summary: 'The cart, priced by the catalog now; with couponCode, the saving the coupon would give (couponSaveAmount)',
      security,
      params: CartParams,
      querystring: CartQuery,
      response: answers,
    },
    handler: async (request) => {
      const cartId = cartIdOf(request.params.id);
      const visitor = visitorOf(request);
      const state = await readCart(deps, cartId, visitor);
      const view: Cart = cartView(state);
      const typed = request.query.couponCode?.trim();
      if (typed) {
        const code = normalizeCode(typed);
        const coupon = await findCouponByCode(context.db, code);
        if (!coupon) throw new CouponError(404, COUPON_MESSAGES.unknown(code));
        const problem = couponUsable(coupon, { now: deps.now(), usedByAccount: await usedByAccount(context.db, coupon.id, visitor.userId), accountId: visitor.userId });
        if (problem) throw new CouponError(problem.statusCode, problem.message);
        const saving = couponSaving(coupon, state.review.kept, view.total.currency);
        if (!saving.ok) throw new CouponError(saving.problem.statusCode, saving.problem.message);
        view.couponSaveAmount = saving.saveAmount;
        view.couponCode = coupon.code;
      }
      return success(view);
    },
  });

  app.patch('/api/cart/:id', {
    preHandler: context.auth.optionalUser,
    schema: {
      tags: ['cart'],
      summary: 'Add (Amount > 0) or take away (Amount < 0, or RemoveAll) units of one product and variant',
      security,
      params: CartParams,
      body: CartChangeSchema,
      response: answers,
    },
    handler: async (request) => {
      const cartId = cartIdOf(request.params.id);
      const { productId, VariantId, Amount, RemoveAll } = request.body;
      const state = await changeCart(deps, cartId, visitorOf(request), { productId, variantId: VariantId, amount: Amount, removeAll: RemoveAll ?? false });
      return success(cartView(state));
    },
  });

  app.patch('/api/cart/:id/empty', {
    preHandler: context.auth.optionalUser,
    schema: { tags: ['cart'], summary: 'Take every item out of the cart', security, params: CartParams, response: answers },
    handler: async (request) => success(cartView(await emptyCart(deps, cartIdOf(request.params.id), visitorOf(request)))),
  });
}

