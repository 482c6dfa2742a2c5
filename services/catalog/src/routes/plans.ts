import { Type } from '@sinclair/typebox';
import { PlanAlterSchema, PlanInputSchema, PlanSchema, type PlanAlter, type PlanInput } from '@inkwell/contracts/plans';
import { EnvelopeOf, NumericId, success, type App, type ServiceContext } from '@inkwell/platform';
import { staffActor } from '../store/audit';
import { alterPlan, createPlan, deletePlan, listPlans } from '../store/plans';

/**
 * Subscription plans: the storefront's `GET /plan` (spec §7; empty until staff define a plan) and
 * the staff calls that define them (`/api/dashboard/plans`, beyond the spec). docs/plans.md.
 */
export async function planRoutes(app: App, context: ServiceContext): Promise<void> {
  const { db } = context;
  const admin = { preHandler: context.auth.requireAdmin };
  const tags = ['dashboard'];
  const security = [{ bearer: [] }];

  app.get('/api/plan', {
    schema: { tags: ['catalog'], summary: 'The subscription plans the store offers, cheapest first (empty when none is defined)', response: { 200: EnvelopeOf(Type.Array(PlanSchema)) } },
    handler: async () => success(await listPlans(db)),
  });

  app.get('/api/dashboard/plans', {
    ...admin,
    schema: { tags, security, summary: 'Every subscription plan', response: { 200: EnvelopeOf(Type.Array(PlanSchema)) } },
    handler: async () => success(await listPlans(db)),
  });

  app.post('/api/dashboard/plans/new', {
    ...admin,
    schema: { tags, security, summary: 'Define a subscription plan: price, interval, what it unlocks, whether it is the desktop subscription\'s', body: PlanInputSchema, response: { 200: EnvelopeOf(PlanSchema) } },
    handler: async (request) => {
      const actor = staffActor(request);
      return success(await db.transaction((tx) => createPlan(tx, actor, request.body as PlanInput)));
    },
  });

  app.post('/api/dashboard/plans/alter', {
    ...admin,
    schema: { tags, security, summary: 'Change a subscription plan (every field is sent)', body: PlanAlterSchema, response: { 200: EnvelopeOf(PlanSchema) } },
    handler: async (request) => {
      const actor = staffActor(request);
      return success(await db.transaction((tx) => alterPlan(tx, actor, request.body as PlanAlter)));
    },
  });

  app.post('/api/dashboard/plans/delete', {
    ...admin,
    schema: {
      tags,
      security,
      summary: 'Delete a subscription plan',
      querystring: Type.Object({ id: NumericId({ errorMessage: 'id must be a plan id (a whole number from 1).' }) }),
      response: { 200: EnvelopeOf(Type.Object({ id: NumericId() })) },
    },
    handler: async (request) => {
      const actor = staffActor(request);
      await db.transaction((tx) => deletePlan(tx, actor, request.query.id));
      return success({ id: request.query.id });
    },
  });
}
