import { BadRequestError, DomainError, EnvelopeOf, NotFoundError, success, type App, type EmailSender, type ServiceContext } from '@inkwell/platform';
import {
  DeletedIdentitySchema,
  EmailIdentitySchema,
  IdentityParamsSchema,
  ReputationMetricsSchema,
  SendQuotaSchema,
  SendStatisticsSchema,
  SUPPORT_MESSAGES,
  VerifiedIdentitiesBodySchema,
  VerifiedIdentitiesSchema,
} from '@inkwell/contracts/dashboard-support';
import type { MailQueue } from '../store/mail-queue';
import { deleteIdentity, identityOf, pageIdentities, requestVerification } from '../store/email-identities';
import { STATISTICS_DAYS, enforcementStatusOf, reputation, sentLast24Hours } from '../store/provider-health';
import { deliveryPoints } from '../store/sent-emails';

const PREFIX = '/api/dashboard/email-provider';
/** Where a verification link leads (a public call: the person at the address follows it). */
export const VERIFY_IDENTITY_PATH = '/api/email-events/verify-identity';

/** The provider's account did not answer: a 502 naming the provider, never a 500, and no secret. */
function providerFailure(error: unknown): DomainError {
  const name = (error as { name?: string })?.name ?? 'Error';
  const status = (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
  return new DomainError(502, 'BadGateway', `The email provider did not answer (${name}${status ? ` ${status}` : ''}).`);
}

async function fromProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw providerFailure(error);
  }
}

/**
 * Dashboard spec §7 "Email provider and delivery": quota, statistics, reputation and sending
 * identities. With SES the quota and identities are the account's (GetAccount, the identity
 * calls); statistics and reputation always come from the events we recorded (with SES, those its
 * SNS feed brought), since SES v2 has no statistics call. The embedded and SMTP drivers: the quota
 * is EMAIL_DAILY_SEND_CAP (our only configured cap; max send rate 0 = no limit), the identities
 * are ours (email_identities).
 */
export async function emailProviderRoutes(app: App, context: ServiceContext, parts: { sender: EmailSender; queue: MailQueue }): Promise<void> {
  const { db } = context;
  const { sender, queue } = parts;
  const account = sender.account;
  const staff = { preHandler: context.auth.requireAdmin };
  const tags = ['dashboard'];
  const security = [{ bearer: [] }];

  app.get(`${PREFIX}/send-quota`, {
    ...staff,
    schema: { tags, security, summary: 'The provider’s sending quota and standing', response: { 200: EnvelopeOf(SendQuotaSchema) } },
    handler: async () => {
      if (account) return success({ driver: sender.driver, ...(await fromProvider(() => account.quota())) });
      const [sent, rates] = await Promise.all([sentLast24Hours(db), reputation(db)]);
      return success({
        driver: sender.driver,
        max24HourSend: context.config.email.dailySendCap,
        maxSendRate: 0,
        sentLast24Hours: sent,
        sendingEnabled: true,
        enforcementStatus: enforcementStatusOf(rates),
      });
    },
  });

  app.get(`${PREFIX}/send-statistics`, {
    ...staff,
    schema: { tags, security, summary: 'Delivery statistics of the last 14 days in 15-minute points', response: { 200: EnvelopeOf(SendStatisticsSchema) } },
    handler: async () => {
      const to = new Date();
      const from = new Date(to.getTime() - STATISTICS_DAYS * 86_400_000);
      return success({ driver: sender.driver, points: await deliveryPoints(db, from, to) });
    },
  });

  app.get(`${PREFIX}/reputation-metrics`, {
    ...staff,
    schema: { tags, security, summary: 'Bounce and complaint rates against the provider’s thresholds', response: { 200: EnvelopeOf(ReputationMetricsSchema) } },
    handler: async () => success({ driver: sender.driver, ...(await reputation(db)) }),
  });

  app.post(`${PREFIX}/verified-identities`, {
    ...staff,
    schema: { tags, security, summary: 'Sending identities (addresses and domains), a page at a time', body: VerifiedIdentitiesBodySchema, response: { 200: EnvelopeOf(VerifiedIdentitiesSchema) } },
    handler: async (request) => {
      const { identityType = null, nextToken = null } = request.body;
      if (account) return success(await fromProvider(() => account.listIdentities({ identityType, nextToken })));
      if (nextToken && !/^[A-Za-z0-9_-]+$/.test(nextToken)) throw new BadRequestError('nextToken is not one this call gave.', { field: 'nextToken' });
      return success(await pageIdentities(db, { identityType, nextToken }));
    },
  });

  const identityParam = (raw: string) => {
    const identity = identityOf(raw);
    if (!identity) throw new BadRequestError(SUPPORT_MESSAGES.identity, { field: 'id' });
    return identity;
  };

  app.post(`${PREFIX}/verify-email/:id`, {
    ...staff,
    schema: {
      tags,
      security,
      summary: 'Add an identity or ask again for its verification (an address gets a link by mail)',
      params: IdentityParamsSchema,
      response: { 200: EnvelopeOf(EmailIdentitySchema) },
    },
    handler: async (request) => {
      const identity = identityParam(request.params.id);
      if (account) return success(await fromProvider(() => account.createIdentity(identity.id)));
      const verifyUrl = (token: string) => `${context.config.publicUrl}${VERIFY_IDENTITY_PATH}?token=${token}`;
      return success(await requestVerification(db, queue, identity, verifyUrl));
    },
  });

  app.post(`${PREFIX}/delete-identity/:id`, {
    ...staff,
    schema: { tags, security, summary: 'Remove a sending identity', params: IdentityParamsSchema, response: { 200: EnvelopeOf(DeletedIdentitySchema) } },
    handler: async (request) => {
      const identity = identityParam(request.params.id);
      const deleted = account ? await fromProvider(() => account.deleteIdentity(identity.id)) : await deleteIdentity(db, identity.id);
      if (!deleted) throw new NotFoundError(SUPPORT_MESSAGES.identityNotFound);
      return success({ id: identity.id, deleted: true as const });
    },
  });
}
