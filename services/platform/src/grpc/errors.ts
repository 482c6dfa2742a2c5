import { status, type Metadata, type StatusObject } from '@grpc/grpc-js';
import { DomainError } from '../http/errors';

/** A gRPC status code by name, e.g. 'NOT_FOUND'. */
export type GrpcStatusName = keyof typeof status;

/** Details sent for any failure that is not a domain error; the real error stays in the logs. */
export const INTERNAL_ERROR_DETAILS = 'Internal error';

/**
 * The domain errors a handler may let reach the caller: an error whose `code` is one of these
 * names answers with that status and the error's message as details.
 */
const DOMAIN_STATUS = {
  NOT_FOUND: status.NOT_FOUND,
  INVALID_ARGUMENT: status.INVALID_ARGUMENT,
  PERMISSION_DENIED: status.PERMISSION_DENIED,
  UNAUTHENTICATED: status.UNAUTHENTICATED,
  FAILED_PRECONDITION: status.FAILED_PRECONDITION,
  UNAVAILABLE: status.UNAVAILABLE,
} as const;

export type DomainStatusName = keyof typeof DOMAIN_STATUS;

/**
 * The HTTP domain errors (`../http/errors`) that domain functions already throw, so a rule shared
 * by a route and an RPC handler fails the same way on both.
 */
const HTTP_STATUS: Readonly<Record<number, DomainStatusName>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'FAILED_PRECONDITION',
  // A peer this service needs did not answer (a 503 domain error): the caller may try again.
  503: 'UNAVAILABLE',
};

/** A failed call as the caller sees it: the status by name and the details the server sent. */
export class GrpcCallError extends Error {
  constructor(
    readonly method: string,
    readonly code: GrpcStatusName,
    readonly details: string,
    readonly metadata?: Metadata,
  ) {
    super(`${method} failed with ${code}: ${details}`);
    this.name = 'GrpcCallError';
  }
}

/** The peer could not be reached or did not answer in time (not a refusal of what was asked). */
export function isPeerUnreachable(error: unknown): error is GrpcCallError {
  return error instanceof GrpcCallError && (error.code === 'UNAVAILABLE' || error.code === 'DEADLINE_EXCEEDED');
}

/**
 * Runs a call to another service; when that service cannot be reached, throws what `unreachable`
 * makes instead (a 503 in the caller's words), so a shopper is told to try again rather than shown
 * a 500. Any other failure passes through.
 */
export async function askPeer<T>(request: () => Promise<T>, unreachable: () => Error): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (isPeerUnreachable(error)) throw unreachable();
    throw error;
  }
}

export function statusName(code: number): GrpcStatusName {
  return (status[code] as GrpcStatusName | undefined) ?? 'UNKNOWN';
}

function domainStatusOf(error: unknown): DomainStatusName | undefined {
  if (error instanceof DomainError) return HTTP_STATUS[error.statusCode];
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const { code } = error;
  return typeof code === 'string' && Object.hasOwn(DOMAIN_STATUS, code) ? (code as DomainStatusName) : undefined;
}

/**
 * The status a failed handler answers with. A domain error passes its message on (a
 * GrpcCallError rethrown from a downstream call passes the downstream details, not its own
 * summary); anything else is INTERNAL with generic details, because its message may hold
 * internals (SQL, hosts, stack traces) that must not leave the service.
 */
export function toServerStatus(error: unknown): Pick<StatusObject, 'code' | 'details'> & { domain: boolean } {
  const name = domainStatusOf(error);
  if (name === undefined) return { code: status.INTERNAL, details: INTERNAL_ERROR_DETAILS, domain: false };
  const details = error instanceof GrpcCallError ? error.details : (error as Error).message;
  return { code: DOMAIN_STATUS[name], details: String(details ?? ''), domain: true };
}
