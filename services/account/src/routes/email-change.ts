import { Type } from '@sinclair/typebox';
import { BadRequestError, ConflictError, EVENTS, EnvelopeOf, success, type App } from '@inkwell/platform';
import { MAX_EMAIL_LENGTH, isValidEmail, normalizeEmail } from '@inkwell/contracts/account-rules';
import { MESSAGES } from '../domain';
import { findAccountByEmail, findAccountById, setEmail } from '../store/accounts';
import { consumeLinkToken, requestLink } from '../store/links';
import { currentAccount, refusedField, requirePassword, type AccountDeps } from './deps';

const UNIQUE_VIOLATION = '23505';

/**
 * Changing the account's email: the new address must confirm through a link before it replaces
 * the old one, and the old address is told once it has.
 */
export async function emailChangeRoutes(app: App, deps: AccountDeps): Promise<void> {
  const { context } = deps;
  const { db, outbox } = context;

  app.post('/api/account/initiateChangeEmail', {
    preHandler: context.auth.requireUser,
    schema: {
      tags: ['account'],
      summary: 'Ask to change the email; a confirmation link goes to the new address',
      security: [{ bearer: [] }],
      body: Type.Object({ NewEmail: Type.String({ maxLength: MAX_EMAIL_LENGTH, errorMessage: MESSAGES.invalidEmail }), Password: Type.String({ maxLength: 1024 }) }),
      response: { 200: EnvelopeOf(Type.Null()) },
    },
    handler: async (request) => {
      const newEmail = normalizeEmail(request.body.NewEmail);
      if (!isValidEmail(newEmail)) throw new BadRequestError(MESSAGES.invalidEmail, { field: 'NewEmail' });
      const account = await currentAccount(deps, request);
      await requirePassword(account, request.body.Password);
      if (newEmail.toLowerCase() === account.email.toLowerCase()) throw new BadRequestError(MESSAGES.emailUnchanged, { field: 'NewEmail' });
      if (await findAccountByEmail(db, newEmail)) throw refusedField(409, MESSAGES.emailTaken, 'NewEmail');
      await db.transaction(async (tx) => {
        const confirmationLinkId = await requestLink(tx, 'change-email', account.id, newEmail);
        await outbox.add(tx, { type: EVENTS.accountEmailChanged.type, key: account.id, data: { userId: account.id, oldEmail: account.email, newEmail, confirmationLinkId } });
      });
      return success(null);
    },
  });

  app.post('/api/account/completeChangeEmail', {
    schema: {
      tags: ['account'],
      summary: 'Confirm the new email with the token from the link sent to it',
      body: Type.Object({ Token: Type.String({ minLength: 1, maxLength: 200, errorMessage: MESSAGES.invalidLink }) }),
      response: { 200: EnvelopeOf(Type.Object({ email: Type.String() })) },
    },
    handler: async (request) => {
      const email = await db.transaction(async (tx) => {
        const link = await consumeLinkToken(tx, 'change-email', request.body.Token);
        if (!link?.newEmail) throw new BadRequestError(MESSAGES.invalidLink, { field: 'Token' });
        const account = await findAccountById(tx, link.accountId, { forUpdate: true });
        if (!account) throw new BadRequestError(MESSAGES.invalidLink, { field: 'Token' });
        const taken = await findAccountByEmail(tx, link.newEmail);
        if (taken && taken.id !== account.id) throw new ConflictError(MESSAGES.emailTaken);
        await setEmail(tx, account.id, link.newEmail);
        await outbox.add(tx, { type: EVENTS.accountEmailChanged.type, key: account.id, data: { userId: account.id, oldEmail: account.email, newEmail: link.newEmail } });
        return link.newEmail;
      }).catch((error: unknown) => {
        // Another account took the address between the check and the update.
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new ConflictError(MESSAGES.emailTaken);
        throw error;
      });
      return success({ email });
    },
  });
}
