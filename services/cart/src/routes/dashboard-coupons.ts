import { Type } from '@sinclair/typebox';
import { CouponCreateSchema, CouponSchema, type CouponCreate } from '@inkwell/contracts/cart';
import { BadRequestError, EnvelopeOf, NotFoundError, NumericId, paginate, success, type App } from '@inkwell/platform';
import { COUPON_MESSAGES } from '../domain';
import { couponView, createCoupon, disableCoupon, listCoupons } from '../store/coupons';
import type { CartRouteDeps } from './deps';

const PageQuery = Type.Object({
  pageNumber: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, errorMessage: COUPON_MESSAGES.pageNumber }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 25, errorMessage: COUPON_MESSAGES.pageSize }),
});

const PaginatedCoupons = EnvelopeOf(
  Type.Object({
    items: Type.Array(CouponSchema),
    thisPageNumber: Type.Integer(),
    thisPageSize: Type.Integer(),
    totalPageNumber: Type.Integer(),
    filteredTotalRows: Type.Integer(),
    unfilteredTotalRows: Type.Integer(),
  }),
);

const CouponParams = Type.Object({ id: NumericId({ errorMessage: COUPON_MESSAGES.idNotNumber }) });

/** Staff calls for coupons (beyond the dashboard spec, issue 12): list, create, disable; admin only. */
export async function dashboardCouponRoutes(app: App, { context }: CartRouteDeps): Promise<void> {
  const tags = ['dashboard'];
  const security = [{ bearer: [] }];
  const admin = { preHandler: context.auth.requireAdmin };

  app.get('/api/dashboard/coupons', {
    ...admin,
    schema: { tags, security, summary: 'Coupons, newest first', querystring: PageQuery, response: { 200: PaginatedCoupons } },
    handler: async (request) => {
      const { items, total } = await listCoupons(context.db, request.query);
      return success(paginate(items.map(couponView), request.query, total, total));
    },
  });

  app.post('/api/dashboard/coupons', {
    ...admin,
    schema: { tags, security, summary: 'Create a coupon code', body: CouponCreateSchema, response: { 200: EnvelopeOf(CouponSchema) } },
    handler: async (request) => {
      // The schema checks kind against COUPON_KINDS; the type provider sees only the string it is sent as.
      const input = request.body as CouponCreate;
      if (input.startsAt && input.endsAt && Date.parse(input.endsAt) <= Date.parse(input.startsAt)) throw new BadRequestError(COUPON_MESSAGES.endsBeforeStart, { field: 'endsAt' });
      if (input.kind === 'Fixed' && !Number.isInteger(input.value)) throw new BadRequestError(COUPON_MESSAGES.fixedNeedsCents, { field: 'value' });
      if (input.kind === 'Percent' && (input.value > 100 || Math.round(input.value * 100) !== input.value * 100)) {
        throw new BadRequestError(COUPON_MESSAGES.percentOutOfRange, { field: 'value' });
      }
      return success(couponView(await createCoupon(context.db, input, request.principal!.userId)));
    },
  });

  app.patch('/api/dashboard/coupons/:id/disable', {
    ...admin,
    schema: { tags, security, summary: 'Disable a coupon: it can no longer be claimed, previewed or redeemed', params: CouponParams, response: { 200: EnvelopeOf(CouponSchema) } },
    handler: async (request) => {
      const coupon = await disableCoupon(context.db, request.params.id);
      if (!coupon) throw new NotFoundError(COUPON_MESSAGES.notFound(request.params.id));
      return success(couponView(coupon));
    },
  });
}
