import { Type } from '@sinclair/typebox';
import { TokenPairSchema } from '@inkwell/contracts/account';
import { BadRequestError, EnvelopeOf, NotFoundError, TooManyRequestsError, success, type App } from '@inkwell/platform';
import { MAX_EMAIL_LENGTH, normalizeEmail } from '@inkwell/contracts/account-rules';
import { ACCOUNT_THROTTLE, ADDRESS_THROTTLE, MESSAGES, tooManyLoginsMessage } from '../domain';
import { verifyAgainstDecoy, verifyPassword } from '../domain/credentials';
import { findAccountByEmail, recordLogin } from '../store/accounts';
import { clientAddress, refusedField, type AccountDeps } from './deps';

const TokenBody = Type.Object(
  {
    UserName: Type.Optional(Type.String({ maxLength: MAX_EMAIL_LENGTH })),
    Password: Type.Optional(Type.String({ maxLength: 1024 })),
    refresh_token: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { description: 'Either UserName and Password (sign in) or refresh_token (renew).' },
);

/**
 * `POST /account/token` (storefront spec §7): the password grant signs in, the refresh grant
 * renews. Failed sign-ins are counted per account and per address; while either is locked the
 * answer is 429 without checking the password.
 */
export async function tokenRoutes(app: App, deps: AccountDeps): Promise<void> {
  const { context, sessions, throttle } = deps;

  app.post('/api/account/token', {
    schema: { tags: ['account'], summary: 'Sign in with email and password, or renew with a refresh token', body: TokenBody, response: { 200: EnvelopeOf(TokenPairSchema) } },
    handler: async (request) => {
      const { UserName, Password, refresh_token: refreshToken } = request.body;
      if (refreshToken !== undefined) {
        const outcome = await sessions.rotate(refreshToken);
        if (!outcome.ok) {
          if (outcome.reuse) request.log.warn('a spent refresh token was presented again; its sign-in is revoked');
          throw new NotFoundError(MESSAGES.refreshTokenNotFound);
        }
        return success(outcome.tokens);
      }
      if (UserName === undefined || Password === undefined || UserName.trim() === '' || Password === '') {
        throw new BadRequestError(MESSAGES.credentialsMissing, { field: UserName === undefined || UserName.trim() === '' ? 'UserName' : 'Password' });
      }
      const email = normalizeEmail(UserName);
      const accountKey = `account:${email.toLowerCase()}`;
      const addressKey = `address:${clientAddress(request)}`;
      const locked = await throttle.lockedFor([accountKey, addressKey]);
      if (locked > 0) throw new TooManyRequestsError(tooManyLoginsMessage(locked), locked);

      const account = await findAccountByEmail(context.db, email);
      const valid = account ? await verifyPassword(account.password_hash, Password) : await verifyAgainstDecoy(Password);
      if (!account || !valid) {
        await throttle.fail([
          { key: accountKey, policy: ACCOUNT_THROTTLE },
          { key: addressKey, policy: ADDRESS_THROTTLE },
        ]);
        throw refusedField(403, MESSAGES.wrongPassword, 'Password');
      }
      await throttle.clear(accountKey);
      const tokens = await context.db.transaction(async (tx) => {
        await recordLogin(tx, account.id);
        return sessions.start(tx, account);
      });
      return success(tokens);
    },
  });

  app.post('/api/account/logout', {
    schema: {
      tags: ['account'],
      summary: 'Sign out: revoke the sign-in the refresh token belongs to',
      body: Type.Object({ refresh_token: Type.String({ minLength: 1, maxLength: 200, errorMessage: MESSAGES.refreshTokenRequired }) }),
      response: { 200: EnvelopeOf(Type.Null()) },
    },
    handler: async (request) => {
      await sessions.revokeFamilyOf(request.body.refresh_token);
      return success(null);
    },
  });
}
