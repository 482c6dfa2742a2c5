import { randomUUID } from 'node:crypto';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { context, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyRequest,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import type { Logger } from '../logger';
import { httpCalls, methodLabel, metricsEnabled, statusClass } from '../observability/metrics';
import type { CallSeries } from '../observability/call-metrics';
import { extractTraceContext, startSpan } from '../observability/propagation';
import { isTracing } from '../observability/tracing';
import { failure } from './envelope';
import { DomainError, statusTypeFor } from './errors';
import { unstorableMessage, unstorableValue, validationMessage, validationProblems, type ValidationIssue } from './validation';

export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

export type ReadinessCheck = () => Promise<void>;

export interface HttpAppOptions {
  name: string;
  version?: string;
  logger: Logger;
  /** Named checks behind `/health/ready`; each throws when its dependency is unavailable. */
  readiness?: Record<string, ReadinessCheck>;
  /** Largest accepted request body (default REQUEST_BODY_LIMIT); a route may set a larger one of its own. */
  bodyLimit?: number;
  /**
   * Addresses (IPs, CIDRs, or proxy-addr's names such as `loopback`) whose `X-Forwarded-For` is
   * believed: `request.ip` is then the client they forwarded for. From anyone else the header is
   * ignored, so a caller cannot choose the address that rate limits and login locks count.
   */
  trustProxy?: readonly string[];
  /** The gateway answers unknown paths itself (single-page apps); services use the envelope 404. */
  ownNotFoundHandler?: boolean;
  /** Once true, `/health/ready` answers 503 whatever the checks say (the process is draining before it stops). */
  draining?: () => boolean;
}

/**
 * Largest request body a service accepts, and therefore what the gateway lets through to it: a body
 * the gateway accepted but the service refused would end as a broken upstream request instead of a 413.
 */
export const REQUEST_BODY_LIMIT = 1024 * 1024;

const REQUEST_ID = /^[\w.:-]{1,128}$/;
const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

/**
 * The Fastify app every service (and the gateway) is built on: request ids carried through from the
 * gateway, every answer in the `{ status, response }` envelope, schema violations and domain errors
 * as 4xx envelopes with a message a person can act on, health and readiness, and an OpenAPI document
 * generated from the route schemas at `/openapi.json`.
 */
export async function createHttpApp(options: HttpAppOptions): Promise<App> {
  const app = Fastify({
    loggerInstance: options.logger,
    bodyLimit: options.bodyLimit ?? REQUEST_BODY_LIMIT,
    trustProxy: options.trustProxy && options.trustProxy.length > 0 ? [...options.trustProxy] : false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // Requests are logged once, on completion, by the onResponse hook below.
    logController: new LogController({ requestIdLogLabel: 'requestId', disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false, maxParamLength: 500 },
    ajv: {
      customOptions: {
        // Query strings arrive as text; coerce "10" to 10 and a single value to a one-element array.
        coerceTypes: 'array',
        removeAdditional: true,
        useDefaults: true,
        allErrors: false,
        verbose: true,
        keywords: ['errorMessage'],
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  if (isTracing()) traceRequests(app);
  app.addHook('preHandler', async (request, reply) => {
    for (const [context, value] of [['params', request.params], ['querystring', request.query], ['body', request.body]] as const) {
      const unstorable = unstorableValue(value);
      if (unstorable) return reply.status(400).send(failure(statusTypeFor(400), unstorableMessage(context, unstorable), { problems: [{ field: unstorable.path.join('.'), message: unstorableMessage(context, unstorable) }] }));
    }
  });
  // Measured in the hook that logs the request: a hook of its own costs more than the measuring.
  const measure = metricsEnabled() ? requestMeasurer(options.name) : undefined;
  app.addHook('onResponse', async (request, reply) => {
    const elapsedMs = reply.elapsedTime;
    measure?.(request, reply.statusCode, elapsedMs);
    const level = reply.statusCode >= 500 ? 'error' : 'info';
    const log = () => request.log[level]({ method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(elapsedMs) }, 'request completed');
    // The response's events run outside the request's trace context; the line carries its ids anyway.
    const traced = request[TRACE_CONTEXT];
    if (traced) context.with(traced, log);
    else log();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      if (error.details?.retryAfterSeconds) reply.header('retry-after', String(error.details.retryAfterSeconds));
      return reply.status(error.statusCode).send(failure(error.statusType, error.message, error.statusExtras));
    }
    if (error.validation) {
      const context = error.validationContext ?? 'request';
      const issues = error.validation as ValidationIssue[];
      return reply.status(400).send(failure('BadRequest', validationMessage(context, issues), { problems: validationProblems(context, issues) }));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && error.statusCode === 400)) {
      return reply.status(400).send(failure('BadRequest', 'The request body is not valid JSON.'));
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send(failure('BadRequest', 'The request body is empty; send a JSON object.'));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(failure(statusTypeFor(415), 'Send the request body as application/json.'));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // The rest of the body may still be on its way; closing the connection after the answer
      // spares reading it, and leaves the client no half-read request on a kept-alive connection.
      reply.header('connection', 'close');
      return reply.status(413).send(failure(statusTypeFor(413), `The request body is larger than ${formatBytes(request.routeOptions.bodyLimit ?? REQUEST_BODY_LIMIT)}.`));
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      return reply.status(statusCode).send(failure(statusTypeFor(statusCode), error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(failure('InternalError', INTERNAL_MESSAGE));
  });

  if (!options.ownNotFoundHandler) {
    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send(failure(statusTypeFor(404), `No such API call: ${request.method} ${request.url.split('?')[0]}`));
    });
  }

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `Inkwell ${options.name} API`, version: options.version ?? '1.4' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/health/live', { schema: { hide: true } }, async () => ({ status: 'ok', service: options.name }));
  app.get('/health/ready', { schema: { hide: true } }, async (_request, reply) => {
    const checks: Record<string, string> = {};
    let ready = true;
    if (options.draining?.()) {
      ready = false;
      checks.draining = 'the process is stopping';
    }
    for (const [name, check] of Object.entries(options.readiness ?? {})) {
      try {
        await check();
        checks[name] = 'ok';
      } catch (error) {
        ready = false;
        checks[name] = error instanceof Error ? error.message : 'failed';
      }
    }
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', service: options.name, checks });
  });

  return app;
}

const TRACE_CONTEXT = Symbol('traceContext');
const SERVER_SPAN = Symbol('serverSpan');
const ROUTE_LABEL = Symbol('routeLabel');

declare module 'fastify' {
  interface FastifyRequest {
    [TRACE_CONTEXT]?: Context;
    [SERVER_SPAN]?: Span;
    [ROUTE_LABEL]?: string;
  }
}

/**
 * Names the route a request is measured under when the app's own route is a catch-all (the
 * gateway's `/api/*`): the route-table rule that owns the path, a template from a bounded set.
 */
export function labelRoute(request: FastifyRequest, route: string): void {
  request[ROUTE_LABEL] = route;
  request[SERVER_SPAN]?.setAttribute('http.route', route);
}

/**
 * A SERVER span per request, continuing the caller's `traceparent` (the gateway's, or a browser's
 * at the gateway), active while the request's hooks and handler run: everything they call (gRPC,
 * the outbox, log lines) joins the trace. The context is entered in onRequest and again in
 * preHandler, because body parsing runs on the socket's events, outside what onRequest entered.
 */
function traceRequests(app: App): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const parent = extractTraceContext(request.headers);
    const route = request.routeOptions.url;
    const span = startSpan(route ? `${request.method} ${route}` : request.method, {
      kind: SpanKind.SERVER,
      parent,
      attributes: { 'http.request.method': request.method, 'url.path': request.url.split('?')[0], ...(route ? { 'http.route': route } : {}) },
    });
    const active = trace.setSpan(parent, span);
    request[SERVER_SPAN] = span;
    request[TRACE_CONTEXT] = active;
    context.with(active, done);
  });
  app.addHook('preHandler', (request, _reply, done) => {
    const active = request[TRACE_CONTEXT];
    if (active) context.with(active, done);
    else done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = request[SERVER_SPAN];
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
}

/**
 * `inkwell_http_requests_total` and `inkwell_http_request_duration_seconds` per route TEMPLATE
 * (`/api/catalog/product/:id`, never the path asked for; `unmatched` for a path no route serves),
 * so the series stay as many as the routes whatever callers send.
 */
function requestMeasurer(service: string): (request: FastifyRequest, statusCode: number, elapsedMs: number) => void {
  // One series per method and route template, kept here so a request costs a map lookup.
  const series = new Map<string, CallSeries>();
  return (request, statusCode, elapsedMs) => {
    const method = methodLabel(request.method);
    // A path no route serves has no route URL (Fastify's is404).
    const route = request[ROUTE_LABEL] ?? request.routeOptions.url ?? 'unmatched';
    const key = `${method} ${route}`;
    let calls = series.get(key);
    if (!calls) {
      calls = httpCalls.series({ service, method, route });
      series.set(key, calls);
    }
    calls.record(statusClass(statusCode), elapsedMs / 1000);
  };
}

function formatBytes(bytes: number): string {
  const mebibytes = bytes / (1024 * 1024);
  return Number.isInteger(mebibytes) ? `${mebibytes} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}
