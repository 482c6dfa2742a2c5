import { Client, credentials, Metadata, type ServiceError } from '@grpc/grpc-js';
import { HEALTH, type HealthService, type ServingStatus } from './contracts/health';
import { GrpcCallError, statusName } from './errors';
import { loadService } from './protos';
import type { RequestOf, ResponseOf, ServiceContract } from './types';

export { GrpcCallError } from './errors';

export interface GrpcClientOptions {
  /** Deadline of each call, counted from when the call starts. */
  deadlineMs?: number;
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
 * A client of `serviceName` (e.g. 'inkwell.catalog.v1.Catalog', defined in `protoPath` inside
 * `proto/`) at `address` ('host:port'). Connects lazily and reconnects by itself; every call has a
 * deadline so a slow or absent service fails the caller's request instead of hanging it. A failed
 * call rejects with a GrpcCallError.
 */
export function createGrpcClient<T extends ServiceContract<T>>(
  protoPath: string,
  serviceName: string,
  address: string,
  { deadlineMs = 2000 }: GrpcClientOptions = {},
): GrpcClient<T> {
  const definition = loadService(protoPath, serviceName);
  const client = new Client(address, credentials.createInsecure());
  const api: Record<string, unknown> = { close: () => client.close() };

  for (const method of Object.values(definition)) {
    if (method.requestStream || method.responseStream) continue;
    const name = method.originalName ?? method.path.slice(method.path.lastIndexOf('/') + 1);
    if (name in api) throw new Error(`${serviceName}.${name} clashes with the client's own ${name}()`);
    api[name] = (request: unknown, options: GrpcCallOptions = {}) =>
      new Promise((resolve, reject) => {
        client.makeUnaryRequest(
          method.path,
          method.requestSerialize,
          method.responseDeserialize,
          request,
          options.metadata ?? new Metadata(),
          { deadline: Date.now() + (options.deadlineMs ?? deadlineMs) },
          (error: ServiceError | null, response?: unknown) => {
            if (error) reject(new GrpcCallError(method.path, statusName(error.code), error.details, error.metadata));
            else resolve(response);
          },
        );
      });
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
  const client = createGrpcClient<HealthService>(HEALTH.proto, HEALTH.service, address, options);
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
