import { Type } from '@sinclair/typebox';
import { BadRequestError, EVENTS, EnvelopeOf, success, type App } from '@inkwell/platform';
import { MAX_EMAIL_LENGTH, normalizeEmail, passwordProblem } from '@inkwell/contracts/account-rules';
import { MESSAGES } from '../domain';
import { hashPassword } from '../domain/credentials';
import { newPasswordProblem } from '../domain/password-strength';
import { findAccountByEmail, findAccountById, setPasswordHash } from '../store/accounts';
import { consumeLinkToken, requestLink } from '../store/links';
import { currentAccount, refusedField, requirePassword, type AccountDeps } from './deps';

const Done = EnvelopeOf(Type.Null());

/** Changing a known password, and resetting a forgotten one through an emailed link. */
export async function passwordRoutes(app: App, deps: AccountDeps): Promise<void> {
  const { context, sessions } = deps;
  const { db, outbox } = context;

  app.post('/api/account/changePassword/V2', {
    preHandler: context.auth.requireUser,
    schema: {
      tags: ['account'],
      summary: 'Change the password; other sign-ins of the account are signed out',
      security: [{ bearer: [] }],
      body: Type.Object({
        Email: Type.String({ maxLength: MAX_EMAIL_LENGTH }),
        Password: Type.String({ maxLength: 1024 }),
        NewPassword: Type.String({ maxLength: 1024 }),
        ConfirmNewPassword: Type.String({ maxLength: 1024 }),
      }),
      response: { 200: Done },
    },
    handler: async (request) => {
      const { Email, Password, NewPassword, ConfirmNewPassword } = request.body;
      const account = await currentAccount(deps, request);
      if (normalizeEmail(Email).toLowerCase() !== account.email.toLowerCase()) throw refusedField(403, MESSAGES.emailMismatch, 'Email');
      await requirePassword(account, Password);
      if (NewPassword !== ConfirmNewPassword) throw new BadRequestError(MESSAGES.passwordsDoNotMatch, { field: 'ConfirmNewPassword' });
      const problem = newPasswordProblem(NewPassword, account.email);
      if (problem) throw new BadRequestError(problem, { field: 'NewPassword' });
      const passwordHash = await hashPassword(NewPassword);
      await db.transaction(async (tx) => {
        await setPasswordHash(tx, account.id, passwordHash);
        await sessions.revokeAll(tx, account.id, request.principal?.sessionId);
      });
      return success(null);
    },
  });

  // Always the same answer, so the call cannot be used to find out who has an account.
  app.post('/api/account/forgotPassword', {
    schema: {
      tags: ['account'],
      summary: 'Email a password-reset link (answers the same whether or not the account exists)',
      querystring: Type.Object({ email: Type.String({ minLength: 1, maxLength: MAX_EMAIL_LENGTH, errorMessage: MESSAGES.invalidEmail }) }),
      response: { 200: Done },
    },
    handler: async (request) => {
      await db.transaction(async (tx) => {
        const account = await findAccountByEmail(tx, normalizeEmail(request.query.email));
        if (!account) return;
        const resetLinkId = await requestLink(tx, 'reset-password', account.id);
        await outbox.add(tx, { type: EVENTS.accountPasswordResetRequested.type, key: account.id, data: { userId: account.id, email: account.email, resetLinkId } });
      });
      return success(null);
    },
  });

  // The page the reset link opens posts here. The spec's form puts the password in the query;
  // the body is preferred, since query strings end up in logs.
  app.post('/api/account/changePassword', {
    schema: {
      tags: ['account'],
      summary: 'Set a new password with the token from the reset link; every sign-in is signed out',
      querystring: Type.Object({ password: Type.Optional(Type.String({ maxLength: 1024 })) }),
      body: Type.Object({ Token: Type.String({ minLength: 1, maxLength: 200, errorMessage: MESSAGES.invalidLink }), Password: Type.Optional(Type.String({ maxLength: 1024 })) }),
      response: { 200: Done },
    },
    handler: async (request) => {
      const password = request.body.Password ?? request.query.password ?? '';
      const problem = passwordProblem(password);
      if (problem) throw new BadRequestError(problem, { field: 'Password' });
      await db.transaction(async (tx) => {
        const link = await consumeLinkToken(tx, 'reset-password', request.body.Token);
        if (!link) throw new BadRequestError(MESSAGES.invalidLink, { field: 'Token' });
        // The strength rule reads the owner's email; a refusal rolls the link back, so it still works.
        const owner = await findAccountById(tx, link.accountId);
        const weak = newPasswordProblem(password, owner?.email);
        if (weak) throw new BadRequestError(weak, { field: 'Password' });
        const passwordHash = await hashPassword(password);
        // Following the emailed link also proves the address.
        await setPasswordHash(tx, link.accountId, passwordHash, { verified: true });
        await sessions.revokeAll(tx, link.accountId);
      });
      return success(null);
    },
  });
}
