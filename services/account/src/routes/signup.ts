import { Type } from '@sinclair/typebox';
import { BadRequestError, DomainError, EVENTS, EnvelopeOf, TooManyRequestsError, success, type App } from '@inkwell/platform';
import { isValidEmail, normalizeEmail } from '@inkwell/contracts/account-rules';
import { MESSAGES, decodeBase64Text, resendTooSoonMessage } from '../domain';
import { hashPassword } from '../domain/credentials';
import { newPasswordProblem } from '../domain/password-strength';
import { findAccountById, insertAccount, markVerificationSent, markVerified } from '../store/accounts';
import { consumeLinkToken, requestLink } from '../store/links';
import { currentAccount, type AccountDeps } from './deps';

/** Storefront spec §9: a verification email may be sent again after 3 minutes. */
export const RESEND_WINDOW_SECONDS = 3 * 60;

/** Sign-up code 406 of storefront spec §8: the email is not acceptable. */
class SignupFailedError extends DomainError {
  constructor() {
    super(406, MESSAGES.signupFailed, MESSAGES.invalidEmail, { field: 'email' });
  }
}

const Credentials = Type.Object({
  email: Type.String({ maxLength: 2048 }),
  password: Type.String({ maxLength: 2048 }),
});

const SignedUp = EnvelopeOf(Type.Object({ userid: Type.String() }));

/**
 * Sign-up (storefront spec §7, codes of §8), the verification email and its link. The account and
 * its `account.created` event (naming the link the support service mails) commit together.
 */
export async function signupRoutes(app: App, deps: AccountDeps): Promise<void> {
  const { context } = deps;
  const { db, outbox } = context;

  const signUp = async (rawEmail: string, password: string) => {
    const email = normalizeEmail(rawEmail);
    if (!isValidEmail(email)) throw new SignupFailedError();
    const problem = newPasswordProblem(password, email);
    if (problem) throw new BadRequestError(problem, { field: 'password' });
    const passwordHash = await hashPassword(password);
    return db.transaction(async (tx) => {
      const account = await insertAccount(tx, { email, passwordHash, verificationSent: true });
      if (!account) throw new BadRequestError(MESSAGES.emailTaken, { field: 'email' });
      const verificationLinkId = await requestLink(tx, 'verify-email', account.id);
      await outbox.add(tx, { type: EVENTS.accountCreated.type, key: account.id, data: { userId: account.id, email: account.email, verificationLinkId } });
      return { userid: account.id };
    });
  };

  app.post('/api/account/signupCustomerV2', {
    schema: { tags: ['account'], summary: 'Create a Reader account (base64-encoded email and password)', body: Credentials, response: { 200: SignedUp } },
    handler: async (request) => {
      const email = decodeBase64Text(request.body.email);
      const password = decodeBase64Text(request.body.password);
      if (email === undefined || password === undefined) throw new BadRequestError(MESSAGES.malformedBase64);
      return success(await signUp(email, password));
    },
  });

  app.post('/api/account/signupCustomer', {
    schema: { tags: ['account'], summary: 'Create a Reader account (older call, plain email and password)', body: Credentials, response: { 200: SignedUp } },
    handler: async (request) => success(await signUp(request.body.email, request.body.password)),
  });

  app.post('/api/account/resendVerification', {
    preHandler: context.auth.requireUser,
    schema: { tags: ['account'], summary: 'Send the verification email again (once per 3 minutes)', security: [{ bearer: [] }], response: { 200: EnvelopeOf(Type.Object({ sentAt: Type.String() })) } },
    handler: async (request) => {
      const sentAt = await db.transaction(async (tx) => {
        const account = await currentAccount(deps, request, { forUpdate: true, db: tx });
        if (account.verified) throw new BadRequestError(MESSAGES.alreadyVerified);
        if (account.verification_sent_at) {
          const waited = (Date.now() - account.verification_sent_at.getTime()) / 1000;
          if (waited < RESEND_WINDOW_SECONDS) {
            const retryAfter = Math.ceil(RESEND_WINDOW_SECONDS - waited);
            throw new TooManyRequestsError(resendTooSoonMessage(retryAfter), retryAfter);
          }
        }
        const sent = await markVerificationSent(tx, account.id);
        const verificationLinkId = await requestLink(tx, 'verify-email', account.id);
        await outbox.add(tx, { type: EVENTS.accountVerificationRequested.type, key: account.id, data: { userId: account.id, email: account.email, verificationLinkId } });
        return sent;
      });
      return success({ sentAt: sentAt.toISOString() });
    },
  });

  app.post('/api/account/verifyEmail', {
    schema: {
      tags: ['account'],
      summary: 'Confirm the email address with the token from the verification link',
      body: Type.Object({ Token: Type.String({ minLength: 1, maxLength: 200, errorMessage: MESSAGES.invalidLink }) }),
      response: { 200: EnvelopeOf(Type.Object({ email: Type.String() })) },
    },
    handler: async (request) => {
      const email = await db.transaction(async (tx) => {
        const link = await consumeLinkToken(tx, 'verify-email', request.body.Token);
        if (!link) throw new BadRequestError(MESSAGES.invalidLink, { field: 'Token' });
        const account = await findAccountById(tx, link.accountId, { forUpdate: true });
        if (!account) throw new BadRequestError(MESSAGES.invalidLink, { field: 'Token' });
        if (!account.verified) {
          await markVerified(tx, account.id);
          await outbox.add(tx, { type: EVENTS.accountVerified.type, key: account.id, data: { userId: account.id, email: account.email } });
        }
        return account.email;
      });
      return success({ email });
    },
  });
}
