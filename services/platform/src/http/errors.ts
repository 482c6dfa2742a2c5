import type { Problem } from '@inkwell/contracts/problems';

/**
 * The envelope's `status.type` for each error status, so a 4xx answer names what went wrong the
 * same way whichever part of the stack (a route, Fastify itself, the gateway) produced it.
 */
export const STATUS_TYPES: Readonly<Record<number, string>> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  406: 'NotAcceptable',
  408: 'RequestTimeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'LengthRequired',
  413: 'PayloadTooLarge',
  414: 'UriTooLong',
  415: 'UnsupportedMediaType',
  416: 'RangeNotSatisfiable',
  422: 'UnprocessableEntity',
  429: 'TooManyRequests',
  431: 'RequestHeaderFieldsTooLarge',
  500: 'InternalError',
  502: 'BadGateway',
  503: 'ServiceUnavailable',
  504: 'GatewayTimeout',
};

/** `status.type` for an HTTP status; statuses without a name of their own fall back to their class. */
export function statusTypeFor(statusCode: number): string {
  return STATUS_TYPES[statusCode] ?? (statusCode >= 500 ? 'InternalError' : 'BadRequest');
}

/**
 * Domain errors carry the HTTP status and the envelope's `status.type`, so routes and flows throw
 * them and the app's error handler turns them into envelopes; anything else is a 500.
 */
export class DomainError extends Error {
  /** Extra fields of the envelope's status, e.g. `geoRestriction`, or the `problems` of a refused save. */
  statusExtras: { geoRestriction?: string; problems?: Problem[]; warnings?: string[] } = {};

  constructor(
    readonly statusCode: number,
    readonly statusType: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
    // A refusal listing every rule broken (e.g. the dashboard's publish rules) shows the list to the client.
    if (isProblemList(details?.problems)) this.statusExtras.problems = details.problems;
    // A refusal about one field names it (`{ field: 'email' }`), and the answer lists it as its problem.
    else if (typeof details?.field === 'string') this.statusExtras.problems = [{ field: details.field, message }];
    if (isTextList(details?.warnings)) this.statusExtras.warnings = details.warnings;
  }
}

function isTextList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isProblemList(value: unknown): value is Problem[] {
  return Array.isArray(value) && value.every((item) => typeof item?.field === 'string' && typeof item?.message === 'string');
}

/** The spec's message for a NotFound status: 'Object does not exist in backend'. */
export const NOT_FOUND_MESSAGE = 'Object does not exist in backend';

export class NotFoundError extends DomainError {
  constructor(message: string = NOT_FOUND_MESSAGE) {
    super(404, statusTypeFor(404), message);
  }
}

export class BadRequestError extends DomainError {
  constructor(message: string, details?: Record<string, unknown>) {
    super(400, statusTypeFor(400), message, details);
  }
}

/**
 * A refused request listing every problem with its field; the message is their words in one
 * sentence unless a summary is given (e.g. 'Product cannot be published: …').
 */
export function refusal(problems: readonly Problem[], summary?: string, details: Record<string, unknown> = {}): BadRequestError {
  return new BadRequestError(summary ?? problems.map((item) => item.message).join(' '), { ...details, problems: [...problems] });
}

export class UnauthorizedError extends DomainError {
  constructor(message = 'Unauthorized request.') {
    super(401, statusTypeFor(401), message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'You do not have permission to do this.') {
    super(403, statusTypeFor(403), message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super(409, statusTypeFor(409), message);
  }
}

export class TooManyRequestsError extends DomainError {
  constructor(message = 'Too many requests. Please wait a moment and try again.', retryAfterSeconds?: number) {
    super(429, statusTypeFor(429), message, retryAfterSeconds === undefined ? undefined : { retryAfterSeconds });
  }
}
