import {
  Server,
  ServerCredentials,
  type handleUnaryCall,
  type Metadata,
  type ServerWritableStream,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Logger } from '../logger';
import { grpcServerCalls, metricsEnabled } from '../observability/metrics';
import { extractTraceMetadata, startSpan } from '../observability/propagation';
import { isTracing } from '../observability/tracing';
import { HEALTH, type HealthCheckRequest, type HealthCheckResponse, type ServingStatus } from './contracts/health';
import { statusName, toServerStatus } from './errors';
import { loadService } from './protos';
import type { ServiceContract, ServiceHandlers } from './types';

/** A status a service reports about itself; SERVICE_UNKNOWN and UNKNOWN are for the protocol to say. */
export type SettableStatus = Extract<ServingStatus, 'SERVING' | 'NOT_SERVING'>;

export interface GrpcServerOptions {
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** The `service` label of the server's metrics (`inkwell_grpc_server_*`). */
  service?: string;
  /** How long shutdown lets calls in flight finish before cutting them off. */
  shutdownGraceMs?: number;
}

export interface GrpcServer {
  /**
   * Serves `serviceName` (fully qualified, e.g. 'inkwell.catalog.v1.Catalog') from the proto at
   * `protoPath` inside `proto/` with one async handler per unary RPC, and reports it SERVING.
   * An RPC without a handler answers UNIMPLEMENTED.
   */
  addService<T extends ServiceContract<T>>(protoPath: string, serviceName: string, handlers: ServiceHandlers<T>): void;
  /** Sets what Health answers for `service` ('' is the server as a whole) and tells its watchers. */
  setStatus(service: string, status: SettableStatus): void;
  /** Binds without TLS (traffic stays inside the cluster network) and resolves to the bound port, so 0 picks a free one. */
  listen(host: string, port: number): Promise<number>;
  /** Reports NOT_SERVING, ends health watches, lets calls in flight finish for the grace period, then stops. */
  shutdown(): Promise<void>;
}

type UnaryHandler = (request: unknown, metadata: Metadata) => unknown;

interface HealthWatch {
  service: string;
  call: ServerWritableStream<HealthCheckRequest, HealthCheckResponse>;
  last: ServingStatus;
}

/**
 * A connection is closed (GOAWAY, calls in flight finish within the grace) after this long, so a
 * caller resolving a headless Service's name (`dns:///catalog-grpc:9102`) resolves it again and
 * spreads over pods added since — grpc-js resolves a name only when a connection ends.
 */
const MAX_CONNECTION_AGE_MS = 5 * 60_000;
const MAX_CONNECTION_AGE_GRACE_MS = 30_000;

export function createGrpcServer({ logger, service = 'unknown', shutdownGraceMs = 5000 }: GrpcServerOptions): GrpcServer {
  const server = new Server({ 'grpc.max_connection_age_ms': MAX_CONNECTION_AGE_MS, 'grpc.max_connection_age_grace_ms': MAX_CONNECTION_AGE_GRACE_MS });
  const statuses = new Map<string, SettableStatus>([['', 'SERVING']]);
  const watches = new Set<HealthWatch>();
  let stopping: Promise<void> | undefined;

  /**
   * Turns an `async (request, metadata) => response` into a grpc-js unary handler: measured
   * (calls by status code, duration) when metrics are on, and run inside a SERVER span continuing
   * the caller's trace (from the call's metadata) when tracing is on.
   */
  function unary(path: string, handler: UnaryHandler): handleUnaryCall<unknown, unknown> {
    const measured = metricsEnabled() ? grpcServerCalls.series({ service, method: path }) : undefined;
    const traced = isTracing();
    return (call, callback) => {
      const startedAt = measured ? process.hrtime.bigint() : 0n;
      const parent = traced ? extractTraceMetadata(call.metadata) : undefined;
      const span = parent ? startSpan(path.slice(1), { kind: SpanKind.SERVER, parent, attributes: { 'rpc.system.name': 'grpc', 'rpc.method': path.slice(1) } }) : undefined;
      const finish = (code: number) => {
        measured?.record(statusName(code), Number(process.hrtime.bigint() - startedAt) / 1e9);
        if (span) {
          span.setAttribute('rpc.grpc.status_code', code);
          if (code !== 0) span.setStatus({ code: SpanStatusCode.ERROR });
          span.end();
        }
      };
      const respond = () =>
        Promise.resolve()
          .then(() => handler(call.request, call.metadata))
          .then(
            (response) => {
              finish(0);
              callback(null, response);
            },
            (error: unknown) => {
              const answer = toServerStatus(error);
              if (!answer.domain) logger.error({ err: error, method: path }, 'gRPC handler failed');
              finish(answer.code);
              callback({ code: answer.code, details: answer.details });
            },
          );
      if (span && parent) void context.with(trace.setSpan(parent, span), respond);
      else void respond();
    };
  }

  function statusOf(service: string): ServingStatus {
    return statuses.get(service) ?? 'SERVICE_UNKNOWN';
  }

  function notify(watch: HealthWatch): void {
    const current = statusOf(watch.service);
    if (current === watch.last) return;
    watch.last = current;
    watch.call.write({ status: current });
  }

  function setStatus(service: string, next: SettableStatus): void {
    statuses.set(service, next);
    for (const watch of watches) if (watch.service === service) notify(watch);
  }

  function addHandlers(protoPath: string, serviceName: string, handlers: Record<string, UnaryHandler>): void {
    const definition = loadService(protoPath, serviceName);
    const byName = new Map(Object.values(definition).map((method) => [method.originalName ?? '', method]));
    const implementation: UntypedServiceImplementation = {};
    for (const [name, handler] of Object.entries(handlers)) {
      const method = byName.get(name);
      if (!method) {
        throw new Error(`${serviceName} has no RPC ${name} (it has: ${[...byName.keys()].join(', ')})`);
      }
      if (method.requestStream || method.responseStream) {
        throw new Error(`${serviceName}.${name} streams; only unary RPCs take async handlers`);
      }
      implementation[name] = unary(method.path, handler);
    }
    server.addService(definition, implementation);
  }

  const healthCheck = (request: unknown): HealthCheckResponse => {
    const { service } = request as HealthCheckRequest;
    const current = statuses.get(service);
    if (current === undefined) {
      throw Object.assign(new Error(`Unknown service '${service}'`), { code: 'NOT_FOUND' });
    }
    return { status: current };
  };

  const healthWatch = (call: ServerWritableStream<HealthCheckRequest, HealthCheckResponse>): void => {
    const watch: HealthWatch = { service: call.request.service, call, last: statusOf(call.request.service) };
    call.write({ status: watch.last });
    // A watch ends only when the caller goes away or the server stops (shutdown ends it).
    if (stopping) {
      call.end();
      return;
    }
    watches.add(watch);
    call.on('cancelled', () => watches.delete(watch));
  };

  const health = loadService(HEALTH.proto, HEALTH.service);
  server.addService(health, {
    check: unary(`/${HEALTH.service}/Check`, healthCheck),
    watch: healthWatch,
  });

  return {
    addService<T extends ServiceContract<T>>(protoPath: string, serviceName: string, handlers: ServiceHandlers<T>) {
      addHandlers(protoPath, serviceName, handlers as Record<string, UnaryHandler>);
      setStatus(serviceName, 'SERVING');
    },

    setStatus,

    listen(host, port) {
      const target = host.includes(':') && !host.startsWith('[') ? `[${host}]:${port}` : `${host}:${port}`;
      return new Promise<number>((resolve, reject) => {
        server.bindAsync(target, ServerCredentials.createInsecure(), (error, boundPort) => {
          if (error) {
            reject(error);
            return;
          }
          logger.info({ host, port: boundPort }, 'gRPC server listening');
          resolve(boundPort);
        });
      });
    },

    shutdown() {
      stopping ??= new Promise<void>((resolve) => {
        for (const service of statuses.keys()) setStatus(service, 'NOT_SERVING');
        for (const watch of watches) watch.call.end();
        watches.clear();
        const timer = setTimeout(() => {
          logger.warn({ graceMs: shutdownGraceMs }, 'gRPC calls still running after the grace period; cutting them off');
          server.forceShutdown();
          resolve();
        }, shutdownGraceMs);
        server.tryShutdown((error) => {
          clearTimeout(timer);
          if (error) {
            logger.warn({ err: error }, 'gRPC graceful shutdown failed; cutting calls off');
            server.forceShutdown();
          }
          resolve();
        });
      });
      return stopping;
    },
  };
}
