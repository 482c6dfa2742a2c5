/**
 * The dashboard's "System" area (beyond the spec: the operations console of issue 21). Every service
 * answers for itself under `/api/dashboard/system/<service>/…` (admin only, like every staff call):
 * its health and drivers, its outbox, its consumer groups, the events its groups set aside as dead
 * letters (with a re-drive), and its last errors. The order service adds the checkout sweeper's view.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './nullable';

/** The services that answer the system calls, in the order the console lists them. */
export const SYSTEM_SERVICES = ['account', 'catalog', 'cart', 'order', 'reader', 'analytics', 'support'] as const;
export type SystemService = (typeof SYSTEM_SERVICES)[number];

/** Path of a service's system calls below `/api`. */
export const systemPath = (service: SystemService) => `/dashboard/system/${service}`;

/** Most dead letters one list answer carries (oldest first); the console says when there are more. */
export const DEAD_LETTER_PAGE_SIZE = 100;
/** Most recent errors a service remembers for the console (in memory, per process). */
export const LAST_ERRORS_KEPT = 20;

export const HealthCheckSchema = Type.Object({
  /** 'database', 'cache', 'events', … */
  name: Type.String(),
  ok: Type.Boolean(),
  /** Why it failed, in words safe to show staff (no connection strings). */
  error: Nullable(Type.String()),
  latencyMs: Type.Number({ minimum: 0 }),
});
export type HealthCheck = Static<typeof HealthCheckSchema>;

export const ConsumerGroupSchema = Type.Object({
  /** `<service>.<subscription>`, e.g. `support.account-emails`. */
  group: Type.String(),
  types: Type.Array(Type.String()),
  /** Events published and not yet handled by the group; null when the driver cannot tell right now. */
  lag: Nullable(Type.Integer({ minimum: 0 })),
  /** Failed deliveries since the process started (each was retried or dead-lettered). */
  retries: Type.Integer({ minimum: 0 }),
  deadLetters: Type.Integer({ minimum: 0 }),
});
export type ConsumerGroup = Static<typeof ConsumerGroupSchema>;

export const RecentErrorSchema = Type.Object({
  at: Type.String({ format: 'date-time' }),
  /** 'http', 'grpc', 'consumer', 'job' */
  source: Type.String(),
  requestId: Nullable(Type.String()),
  /** Route template (`/api/cart/{id}`), gRPC method or consumer group. */
  where: Nullable(Type.String()),
  status: Nullable(Type.Integer()),
  message: Type.String(),
  traceId: Nullable(Type.String()),
});
export type RecentError = Static<typeof RecentErrorSchema>;

export const StaffActionSchema = Type.Object({
  at: Type.String({ format: 'date-time' }),
  actorId: Type.String(),
  actorEmail: Nullable(Type.String()),
  /** 'dead-letter.redriven', 'dead-letter.redrive-failed', … */
  action: Type.String(),
  target: Type.String(),
});
export type StaffAction = Static<typeof StaffActionSchema>;

/** GET /api/dashboard/system/{service}/status */
export const SystemStatusSchema = Type.Object({
  service: Type.String(),
  version: Type.String(),
  startedAt: Type.String({ format: 'date-time' }),
  uptimeSeconds: Type.Number({ minimum: 0 }),
  ready: Type.Boolean(),
  checks: Type.Array(HealthCheckSchema),
  /** Driver per port, e.g. { store: 'postgres', events: 'kafka', cache: 'redis', files: 's3' }. */
  drivers: Type.Record(Type.String(), Type.String()),
  outbox: Type.Object({
    backlog: Type.Integer({ minimum: 0 }),
    /** Age of the oldest unpublished event; null when the backlog is empty. */
    oldestAgeSeconds: Nullable(Type.Number({ minimum: 0 })),
  }),
  consumers: Type.Array(ConsumerGroupSchema),
  lastErrors: Type.Array(RecentErrorSchema),
  /** The last staff actions taken in this area on this service (re-drives), newest first. */
  lastActions: Type.Array(StaffActionSchema),
});
export type SystemStatus = Static<typeof SystemStatusSchema>;

export const DeadLetterSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  group: Type.String(),
  eventId: Type.String(),
  eventType: Type.String(),
  /** The aggregate the event is about (its key). */
  key: Type.String(),
  occurredAt: Type.String({ format: 'date-time' }),
  /** The last delivery's error message. */
  error: Type.String(),
  attempts: Type.Integer({ minimum: 1 }),
  firstFailedAt: Type.String({ format: 'date-time' }),
  lastFailedAt: Type.String({ format: 'date-time' }),
});
export type DeadLetter = Static<typeof DeadLetterSchema>;

/** GET /api/dashboard/system/{service}/dead-letters */
export const DeadLetterListSchema = Type.Object({
  items: Type.Array(DeadLetterSchema),
  total: Type.Integer({ minimum: 0 }),
});
export type DeadLetterList = Static<typeof DeadLetterListSchema>;

/**
 * POST /api/dashboard/system/{service}/dead-letters/{id}/redrive: the event is handled again now.
 * 'handled': it went through and the dead letter is gone; 'failed': it failed again and is back
 * among the dead letters with its new error (`deadLetter`).
 */
export const RedriveResultSchema = Type.Object({
  outcome: Type.Union([Type.Literal('handled'), Type.Literal('failed')]),
  deadLetter: Nullable(DeadLetterSchema),
});
export type RedriveResult = Static<typeof RedriveResultSchema>;

/** A purchase, or a compensation (an undo) of one, the order service's sweeper is watching. */
export const SweptItemSchema = Type.Object({
  purchaseId: Type.String(),
  orderId: Nullable(Type.String()),
  /** The step or state it is stuck in, e.g. 'charging', 'compensating'. */
  state: Type.String(),
  since: Type.String({ format: 'date-time' }),
  attempts: Type.Integer({ minimum: 0 }),
  nextAttemptAt: Nullable(Type.String({ format: 'date-time' })),
  lastError: Nullable(Type.String()),
});
export type SweptItem = Static<typeof SweptItemSchema>;

/** GET /api/dashboard/system/order/checkout */
export const CheckoutSweepSchema = Type.Object({
  stuckPurchases: Type.Array(SweptItemSchema),
  compensations: Type.Array(SweptItemSchema),
  /** When the sweeper last ran in this process; null before its first run. */
  lastSweepAt: Nullable(Type.String({ format: 'date-time' })),
});
export type CheckoutSweep = Static<typeof CheckoutSweepSchema>;
