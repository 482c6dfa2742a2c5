import { Client, credentials, Metadata, type ServiceError } from '@grpc/grpc-js';
import { SpanKind } from '@opentelemetry/api';
import { injectTraceMetadata, withSpan } from '../observability/propagation';
import { isTracing } from '../observability/tracing';
import { HEALTH, type HealthService, type ServingStatus } from './contracts/health';
import { GrpcCallError, statusName } from './errors';
import { loadService } from './protos';
import type { RequestOf, ResponseOf, ServiceContract } from './types';

export { GrpcCallError } from './errors';

export interface GrpcClientOptions {
  /** Deadline of each call, counted from when the call starts. */
  deadlineMs?: number;
  /**
   * Whether a call to a peer that is not connected (restarting, or not yet up) waits for it
   * within its deadline instead of failing at once (default true): a rolling restart then costs a
   * caller a short wait, not an error. A peer still away at the deadline fails with
   * DEADLINE_EXCEEDED, which `askPeer` turns into the caller's 503 like UNAVAILABLE.
   */
  waitForReady?: boolean;
}

export interface GrpcCallOptions {
  /** Overrides the client's deadline for this call. */
  deadlineMs?: number;
  /** Sent with the call, e.g. a request id to follow one visitor's request across services. */
  metadata?: Metadata;
}

/** The unary RPCs of a contract as promises, plus `close()` to release the connection. */
export type GrpcClient<T extends ServiceContract<T>> = {
  [K in keyof T]: (request: RequestOf<T[K]>, options?: GrpcCallOptions) => Promise<ResponseOf<T[K]>>;
} & { close(): void };

/**
 * Calls are spread round robin over every address the target names or resolves to (the replicas of
 * an `ipv4:a,b` list or of a headless Service's DNS name) that is connected; a replica that goes
 * away (a rolling restart) is left out until it is back. gRPC's default would send every call to
 * the first address that answers. A replica that went away is tried again at least every second
 * (gRPC's default backoff grows to two minutes): in a rolling restart it is back in use within a
 * second of being ready, before its sibling is stopped in turn.
 */
const CHANNEL_OPTIONS = {
  'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }),
  'grpc.initial_reconnect_backoff_ms': 250,
  'grpc.max_reconnect_backoff_ms': 1_000,
};

/**
 * A client of `serviceName` (e.g. 'inkwell.catalog.v1.Catalog', defined in `protoPath` inside
 * `proto/`) at `address` ('host:port', or a gRPC target such as 'ipv4:10.0.0.1:9102,10.0.0.2:9102').
 * Connects lazily and reconnects by itself; every call has a deadline so a slow or absent service
 * fails the caller's request instead of hanging it. A failed call rejects with a GrpcCallError.
 */
export function createGrpcClient<T extends ServiceContract<T>>(
  protoPath: string,
  serviceName: string,
  address: string,
  { deadlineMs = 2000, waitForReady = true }: GrpcClientOptions = {},
): GrpcClient<T> {
  const definition = loadService(protoPath, serviceName);
  const client = new Client(address, credentials.createInsecure(), CHANNEL_OPTIONS);
  const api: Record<string, unknown> = { close: () => client.close() };

  for (const method of Object.values(definition)) {
    if (method.requestStream || method.responseStream) continue;
    const name = method.originalName ?? method.path.slice(method.path.lastIndexOf('/') + 1);
    if (name in api) throw new Error(`${serviceName}.${name} clashes with the client's own ${name}()`);
    const call = (request: unknown, options: GrpcCallOptions) =>
      new Promise((resolve, reject) => {
        // A copy: the caller's metadata may be reused for other calls, and the options are per call.
        const metadata = options.metadata?.clone() ?? new Metadata();
        metadata.setOptions({ waitForReady });
        if (isTracing()) injectTraceMetadata(metadata);
        client.makeUnaryRequest(
          method.path,
          method.requestSerialize,
          method.responseDeserialize,
          request,
          metadata,
          { deadline: Date.now() + (options.deadlineMs ?? deadlineMs) },
          (error: ServiceError | null, response?: unknown) => {
            if (error) reject(new GrpcCallError(method.path, statusName(error.code), error.details, error.metadata));
            else resolve(response);
          },
        );
      });
    const rpc = method.path.slice(1);
    api[name] = (request: unknown, options: GrpcCallOptions = {}) =>
      isTracing()
        ? withSpan(rpc, { kind: SpanKind.CLIENT, attributes: { 'rpc.system.name': 'grpc', 'rpc.method': rpc } }, () => call(request, options))
        : call(request, options);
  }
  return api as GrpcClient<T>;
}

/**
 * What `address` says about `service` ('' for the server as a whole) through the standard health
 * protocol. A service the server does not know answers SERVICE_UNKNOWN (the protocol's Check says
 * so with NOT_FOUND); an unreachable server rejects with a GrpcCallError.
 */
export async function checkHealth(
  address: string,
  service = '',
  options: GrpcClientOptions = {},
): Promise<ServingStatus> {
  // A health check reports a peer that is away at once rather than waiting for it.
  const client = createGrpcClient<HealthService>(HEALTH.proto, HEALTH.service, address, { waitForReady: false, ...options });
  try {
    const { status } = await client.check({ service });
    return status;
  } catch (error) {
    if (error instanceof GrpcCallError && error.code === 'NOT_FOUND') return 'SERVICE_UNKNOWN';
    throw error;
  } finally {
    client.close();
  }
}
