import type { FastifyRequest } from 'fastify';
import { DomainError, UnauthorizedError, statusTypeFor, type ServiceContext } from '@inkwell/platform';
import { verifyPassword } from '../domain/credentials';
import { MESSAGES } from '../domain';
import { findAccountById, type AccountRow } from '../store/accounts';
import { Sessions } from '../store/sessions';
import { LoginThrottle } from '../store/throttle';

/** What the account routes share: the context plus the sign-in stores built on its database. */
export interface AccountDeps {
  context: ServiceContext;
  sessions: Sessions;
  throttle: LoginThrottle;
}

export function accountDeps(context: ServiceContext): AccountDeps {
  if (!context.signer) throw new Error('the account service needs the token signer (AUTH_PRIVATE_KEY)');
  return {
    context,
    sessions: new Sessions(context.db, context.signer, context.config.auth.refreshTokenTtlSeconds),
    throttle: new LoginThrottle(context.db),
  };
}

/**
 * The caller's address, which the per-address login lock counts. `X-Forwarded-For` is believed only
 * from TRUSTED_PROXIES (the gateway), which Fastify applies to `request.ip`; from anyone else the
 * header would let a caller pick a fresh address for every guess.
 */
export function clientAddress(request: FastifyRequest): string {
  return request.ip;
}

/** The signed-in caller's account; a token for an account that was deleted is no longer valid. */
export async function currentAccount(deps: AccountDeps, request: FastifyRequest, options: { forUpdate?: boolean; db?: Parameters<typeof findAccountById>[0] } = {}): Promise<AccountRow> {
  const principal = request.principal;
  if (!principal) throw new UnauthorizedError();
  const account = await findAccountById(options.db ?? deps.context.db, principal.userId, options);
  if (!account) throw new UnauthorizedError();
  return account;
}

/**
 * A 403 or 409 about one field of the request (the password given, an email that must or must not
 * be someone's), naming it in the answer's problems as a 400 about a field does.
 */
export function refusedField(statusCode: 403 | 409, message: string, field: string): DomainError {
  return new DomainError(statusCode, statusTypeFor(statusCode), message, { field });
}

/** Sensitive changes need the password again, not only a token. */
export async function requirePassword(account: AccountRow, password: string | undefined): Promise<void> {
  if (!password || !(await verifyPassword(account.password_hash, password))) throw refusedField(403, MESSAGES.wrongPassword, 'Password');
}
