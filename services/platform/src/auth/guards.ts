import type { FastifyReply, FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../http/errors';
import { ADMIN_ROLE, type Principal, type TokenVerifier } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guards when the request carries a valid access token. */
    principal?: Principal;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export interface AuthGuards {
  /** Reads the token if there is one; an invalid token is still a 401 rather than silently anonymous. */
  optionalUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Staff endpoints: a valid token whose roles include admin. */
  requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/** Route `preHandler`s that every service uses to check callers itself, never trusting the gateway. */
export function createAuthGuards(verifier: TokenVerifier): AuthGuards {
  const authenticate = async (request: FastifyRequest): Promise<Principal | undefined> => {
    const token = bearerToken(request);
    if (!token) return undefined;
    request.principal = await verifier.verify(token);
    return request.principal;
  };
  return {
    async optionalUser(request) {
      await authenticate(request);
    },
    async requireUser(request) {
      if (!(await authenticate(request))) throw new UnauthorizedError();
    },
    async requireAdmin(request) {
      const principal = await authenticate(request);
      if (!principal) throw new UnauthorizedError();
      if (!principal.roles.includes(ADMIN_ROLE)) throw new ForbiddenError('Staff only: this needs the admin role.');
    },
  };
}
