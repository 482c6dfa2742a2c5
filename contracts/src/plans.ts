/**
 * Subscription plans (storefront spec §7 `GET /plan`): what a subscriber pays and what it unlocks
 * (items priced `SubscriptionOnly` and `PaidOrSubscription`, spec §3), and which plan the desktop
 * build's platform subscription stands for. Staff define them (`/api/dashboard/plans`, beyond the
 * spec). Answers sit inside the envelope's `response`.
 */
import { Type, type Static } from '@sinclair/typebox';

export const PLAN_INTERVALS = ['month', 'year'] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];
/** The price types a plan can unlock. */
export const PLAN_UNLOCKABLE = ['SubscriptionOnly', 'PaidOrSubscription'] as const;
export type PlanUnlockable = (typeof PLAN_UNLOCKABLE)[number];
export const PLAN_CODE_PATTERN = '^[a-z0-9][a-z0-9-]{0,39}$';
export const PLAN_MAX_PRICE = 100_000_000;

export const PlanSchema = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  description: Type.String(),
  /** Minor units (cents). */
  price: Type.Integer(),
  currency: Type.String(),
  interval: Type.Union([Type.Literal('month'), Type.Literal('year')]),
  unlocks: Type.Array(Type.Union([Type.Literal('SubscriptionOnly'), Type.Literal('PaidOrSubscription')])),
  isDesktopSubscription: Type.Boolean(),
});
export type Plan = Static<typeof PlanSchema>;

/** `POST /dashboard/plans/new`; `/alter` takes the same with the plan's `id`. */
export const PlanInputSchema = Type.Object({
  code: Type.String({ pattern: PLAN_CODE_PATTERN, errorMessage: 'code must be 1 to 40 lower-case letters, digits or dashes, starting with a letter or digit.' }),
  name: Type.String({ minLength: 1, maxLength: 100, errorMessage: 'name must be 1 to 100 characters.' }),
  description: Type.Optional(Type.String({ maxLength: 1000, errorMessage: 'description must be at most 1000 characters.' })),
  price: Type.Integer({ minimum: 0, maximum: PLAN_MAX_PRICE, errorMessage: 'price must be a whole number of minor units (cents) from 0 to 100000000.' }),
  currency: Type.String({ pattern: '^[A-Z]{3}$', errorMessage: 'currency must be a three-letter ISO 4217 code such as USD.' }),
  interval: Type.Unsafe<PlanInterval>({ type: 'string', enum: [...PLAN_INTERVALS], errorMessage: 'interval must be month or year.' }),
  unlocks: Type.Array(Type.Unsafe<PlanUnlockable>({ type: 'string', enum: [...PLAN_UNLOCKABLE] }), {
    minItems: 1,
    maxItems: 2,
    uniqueItems: true,
    errorMessage: 'unlocks must list SubscriptionOnly, PaidOrSubscription or both, each once.',
  }),
  isDesktopSubscription: Type.Optional(Type.Boolean({ errorMessage: 'isDesktopSubscription must be true or false.' })),
});
export type PlanInput = Static<typeof PlanInputSchema>;

export const PlanAlterSchema = Type.Intersect([Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, errorMessage: 'id must be a plan id.' }) }), PlanInputSchema]);
export type PlanAlter = Static<typeof PlanAlterSchema>;

export const PLAN_MESSAGES = {
  codeTaken: (code: string) => `A plan with the code "${code}" already exists.`,
  desktopTaken: (name: string) => `"${name}" is already the desktop subscription's plan: clear it there first.`,
  notFound: 'There is no such plan.',
} as const;
