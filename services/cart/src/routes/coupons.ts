import { CouponClaimedSchema, CouponClaimSchema } from '@inkwell/contracts/cart';
import { DomainError, EnvelopeOf, success, type App } from '@inkwell/platform';
import { COUPON_MESSAGES, couponUsable, normalizeCode } from '../domain';
import { claimCoupon, couponView, findCouponByCode, usedByAccount } from '../store/coupons';
import type { CartRouteDeps } from './deps';

/** Every refusal of a claim is about the code the reader typed. */
const CODE = { field: 'code' };

/**
 * `POST /coupons/claim` (storefront spec §7): a signed-in reader claims a code, once per account;
 * the saving itself is previewed on the cart (`GET /cart/{id}?couponCode=`) and taken at checkout.
 */
export async function couponRoutes(app: App, { context, cart }: CartRouteDeps): Promise<void> {
  app.post('/api/coupons/claim', {
    preHandler: context.auth.requireUser,
    schema: {
      tags: ['coupons'],
      summary: 'Claim a coupon code for the signed-in account (once per account)',
      security: [{ bearer: [] }],
      body: CouponClaimSchema,
      response: { 200: EnvelopeOf(CouponClaimedSchema) },
    },
    handler: async (request) => {
      const userId = request.principal!.userId;
      const code = normalizeCode(request.body.code);
      if (code === '') throw new DomainError(400, 'BadRequest', COUPON_MESSAGES.codeMissing, CODE);
      const coupon = await findCouponByCode(context.db, code);
      if (!coupon) throw new DomainError(404, 'NotFound', COUPON_MESSAGES.unknown(code), CODE);
      const problem = couponUsable(coupon, { now: cart.now(), usedByAccount: await usedByAccount(context.db, coupon.id, userId), accountId: userId });
      if (problem) throw new DomainError(problem.statusCode, problem.statusCode === 409 ? 'Conflict' : 'BadRequest', problem.message, CODE);
      const claimedAt = await claimCoupon(context.db, coupon.id, userId);
      if (!claimedAt) throw new DomainError(409, 'Conflict', COUPON_MESSAGES.alreadyClaimed(coupon.code), CODE);
      return success({ coupon: couponView(coupon), claimedAt: claimedAt.toISOString() });
    },
  });
}
