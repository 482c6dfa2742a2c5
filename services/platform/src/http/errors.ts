/**
 * Domain errors carry the HTTP status and the envelope's `status.type`, so routes and flows throw
 * them and the app's error handler turns them into envelopes; anything else is a 500.
 */
export class DomainError extends Error {
  /** Extra fields of the envelope's status, e.g. `geoRestriction`. */
  statusExtras: { geoRestriction?: string } = {};

  constructor(
    readonly statusCode: number,
    readonly statusType: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The spec's message for a NotFound status: 'Object does not exist in backend'. */
export const NOT_FOUND_MESSAGE = 'Object does not exist in backend';

export class NotFoundError extends DomainError {
  constructor(message: string = NOT_FOUND_MESSAGE) {
    super(404, 'NotFound', message);
  }
}

export class BadRequestError extends DomainError {
  constructor(message: string, details?: Record<string, unknown>) {
    super(400, 'BadRequest', message, details);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = 'Unauthorized request.') {
    super(401, 'Unauthorized', message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'You do not have permission to do this.') {
    super(403, 'Forbidden', message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super(409, 'Conflict', message);
  }
}

export class TooManyRequestsError extends DomainError {
  constructor(message = 'Too many requests. Please wait a moment and try again.', retryAfterSeconds?: number) {
    super(429, 'TooManyRequests', message, retryAfterSeconds === undefined ? undefined : { retryAfterSeconds });
  }
}
