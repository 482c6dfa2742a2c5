import type { Metadata } from '@grpc/grpc-js';

/**
 * A gRPC service as TypeScript sees it: one method per unary RPC, named as proto-loader names it
 * (the RPC's name in lowerCamelCase, `GetProducts` → `getProducts`), taking the request message and
 * resolving to the response message. The same interface types both the handlers a server registers
 * and the client a caller gets, so the two sides cannot drift apart in TypeScript.
 */
export type ServiceContract<T> = { [K in keyof T]: (request: never) => Promise<unknown> };

export type RequestOf<F> = F extends (request: infer Request) => Promise<unknown> ? Request : never;
export type ResponseOf<F> = F extends (request: never) => Promise<infer Response> ? Response : never;

/** The server side of a contract: `async (request, metadata) => response` per RPC. */
export type ServiceHandlers<T extends ServiceContract<T>> = {
  [K in keyof T]: (request: RequestOf<T[K]>, metadata: Metadata) => Promise<ResponseOf<T[K]>> | ResponseOf<T[K]>;
};

/** Where a contract's service is defined: the proto's path inside `proto/` and the service's full name. */
export interface ServiceLocation {
  readonly proto: string;
  readonly service: string;
}
