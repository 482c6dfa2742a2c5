import { Type } from '@sinclair/typebox';
import {
  DEAD_LETTER_PAGE_SIZE,
  DeadLetterListSchema,
  LAST_ERRORS_KEPT,
  RedriveResultSchema,
  SystemStatusSchema,
  systemPath,
  type HealthCheck,
  type RecentError,
  type SystemService,
} from '@inkwell/contracts/dashboard-system';
import type { FastifyRequest } from 'fastify';
import { errorText } from '../events/bus';
import { consumerGroup } from '../events/consumer';
import { lastStaffActions, listDeadLetters, redriveDeadLetter } from '../events/dead-letters';
import type { EventEffect } from '../events/inbox';
import { retriesOf, serviceEventState, type ServiceEvents } from '../observability/events';
import { activeSpanIds } from '../observability/propagation';
import type { ServiceContext, ServiceSubscription } from '../service';
import type { App } from './app';
import { EnvelopeOf, success } from './envelope';
import { DomainError, NotFoundError } from './errors';
import { NumericId } from './schemas';

/** Staff actions the status answer lists. */
const LAST_ACTIONS_SHOWN = 10;
/** A health check or lag reading that takes longer is reported as failed / unknown, so the console stays quick. */
const CHECK_TIMEOUT_MS = 2_000;
/** Longest message kept of an error (its first line's worth). */
const ERROR_MESSAGE_CHARS = 300;

/**
 * The service's last errors for the System area, newest first, in memory (per process): 5xx
 * answers and consumer failures, each with where it happened (route template or consumer group),
 * its request id and trace id. Never a stack or SQL: a 500's message is its error class only.
 */
export class LastErrors {
  private readonly entries: RecentError[] = [];

  add(entry: Omit<RecentError, 'at' | 'traceId'> & { traceId?: string | null }): void {
    this.entries.unshift({ at: new Date().toISOString(), ...entry, traceId: entry.traceId ?? activeSpanIds()?.trace_id ?? null, message: entry.message.slice(0, ERROR_MESSAGE_CHARS) });
    this.entries.length = Math.min(this.entries.length, LAST_ERRORS_KEPT);
  }

  /** A consumer group's failed delivery (called while its span, if any, is active). */
  consumerFailed(group: string, error: unknown): void {
    this.add({ source: 'consumer', requestId: null, where: group, status: null, message: errorText(error) });
  }

  list(): RecentError[] {
    return [...this.entries];
  }
}

export interface SystemRoutesOptions {
  context: ServiceContext;
  subscriptions: readonly ServiceSubscription[];
  version: string;
}

/** What the service's subscriptions and shutdown need of its System area. */
export interface SystemArea {
  lastErrors: LastErrors;
  /** The service's event pipeline as the metrics read it (see observability/events.ts). */
  events: ServiceEvents;
}

const DeadLetterParams = Type.Object({
  id: NumericId({ errorMessage: 'A dead letter id is a whole number from 1 up.' }),
});

/**
 * The System area's calls of one service (contracts/src/dashboard-system.ts), admin only:
 * `GET …/status` (health, drivers, outbox, consumer groups, last errors and staff actions),
 * `GET …/dead-letters` and `POST …/dead-letters/{id}/redrive`. Also remembers the service's 5xx
 * answers for the status; the service adds its consumers' failures (`lastErrors`).
 */
export async function registerSystemRoutes(app: App, { context, subscriptions, version }: SystemRoutesOptions): Promise<SystemArea> {
  const { name, db, bus, cache, files, auth } = context;
  const base = `/api${systemPath(name as SystemService)}`;
  const startedAt = new Date();
  const lastErrors = new LastErrors();
  const effects = new Map<string, EventEffect>(subscriptions.map(({ group, effect }) => [consumerGroup(name, group), effect]));
  const events: ServiceEvents = { service: name, db, bus, groups: [...effects.keys()] };
  const tags = ['dashboard'];
  const security = [{ bearer: [] }];
  const admin = { preHandler: auth.requireAdmin };

  const failures = new WeakMap<FastifyRequest, Error>();
  app.addHook('onError', async (request, _reply, error) => {
    failures.set(request, error);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode < 500) return;
    const error = failures.get(request);
    lastErrors.add({
      source: 'http',
      requestId: request.id,
      where: request.routeOptions.url ? `${request.method} ${request.routeOptions.url}` : null,
      status: reply.statusCode,
      // A domain error's message is written for people; anything else may quote SQL or data.
      message: error instanceof DomainError ? error.message : error ? `Unhandled ${error.name}` : `Answered ${reply.statusCode}`,
      traceId: traceIdOf(request),
    });
  });

  app.get(`${base}/status`, {
    ...admin,
    schema: { tags, security, summary: `Health, drivers, outbox, consumer groups and last errors of the ${name} service`, response: { 200: EnvelopeOf(SystemStatusSchema) } },
    handler: async () => {
      const checks = await Promise.all([
        check('database', () => db.ping()),
        ...('ping' in cache ? [check('cache', () => (cache as { ping(): Promise<void> }).ping())] : []),
        ...(bus.ping ? [check('events', () => bus.ping!())] : []),
      ]);
      const [state, lag, lastActions] = await Promise.all([
        serviceEventState(events),
        bus.lag ? withTimeout(bus.lag(events.groups)).catch(() => new Map<string, number | null>()) : new Map<string, number | null>(),
        lastStaffActions(db, LAST_ACTIONS_SHOWN),
      ]);
      return success({
        service: name,
        version,
        startedAt: startedAt.toISOString(),
        uptimeSeconds: (Date.now() - startedAt.getTime()) / 1000,
        ready: checks.every((entry) => entry.ok),
        checks,
        drivers: { store: 'postgres', events: bus.driver, cache: cache.driver, files: files.driver },
        outbox: { backlog: state.backlog, oldestAgeSeconds: state.oldestAgeSeconds },
        consumers: subscriptions.map(({ group, types }) => {
          const consumer = consumerGroup(name, group);
          return { group: consumer, types: [...types], lag: lag.get(consumer) ?? null, retries: retriesOf(consumer), deadLetters: state.deadLetters.get(consumer) ?? 0 };
        }),
        lastErrors: lastErrors.list(),
        lastActions,
      });
    },
  });

  app.get(`${base}/dead-letters`, {
    ...admin,
    schema: { tags, security, summary: `Events the ${name} service's consumer groups gave up on, oldest first`, response: { 200: EnvelopeOf(DeadLetterListSchema) } },
    handler: async () => success(await listDeadLetters(db, DEAD_LETTER_PAGE_SIZE)),
  });

  app.post(`${base}/dead-letters/:id/redrive`, {
    ...admin,
    schema: {
      tags,
      security,
      summary: `Handle a dead letter of the ${name} service again now (once per event); recorded as a staff action`,
      params: DeadLetterParams,
      response: { 200: EnvelopeOf(RedriveResultSchema) },
    },
    handler: async (request) => {
      const principal = request.principal!;
      const result = await redriveDeadLetter(db, request.params.id, (group) => effects.get(group), { id: principal.userId, email: principal.email || null });
      if (!result) throw new NotFoundError(`There is no dead letter ${request.params.id} in the ${name} service (it may have been re-driven already).`);
      return success(result);
    },
  });

  return { lastErrors, events };
}

/** The trace a request belongs to: its active span's, else the one its `traceparent` header names. */
function traceIdOf(request: FastifyRequest): string | null {
  const active = activeSpanIds()?.trace_id;
  if (active) return active;
  const header = request.headers.traceparent;
  const match = typeof header === 'string' ? /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/.exec(header) : null;
  return match ? match[1]! : null;
}

async function check(name: string, probe: () => Promise<void>): Promise<HealthCheck> {
  const started = performance.now();
  try {
    await withTimeout(probe());
    return { name, ok: true, error: null, latencyMs: performance.now() - started };
  } catch (error) {
    return { name, ok: false, error: safeMessage(error), latencyMs: performance.now() - started };
  }
}

/** An error's message without addresses that may hold credentials (connection strings, URLs). */
function safeMessage(error: unknown): string {
  return errorText(error)
    .replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, '<address>')
    .slice(0, ERROR_MESSAGE_CHARS);
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
