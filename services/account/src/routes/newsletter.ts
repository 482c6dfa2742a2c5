import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ADMIN_ROLE, DomainError, EnvelopeOf, ForbiddenError, UnauthorizedError, statusTypeFor, success, type App } from '@inkwell/platform';
import { emailProblem, MAX_EMAIL_LENGTH, normalizeEmail } from '@inkwell/contracts/account-rules';
import {
  ALL_LISTS,
  ConfirmAnswerSchema,
  ConfirmNewsletterSchema,
  NewsletterListStatusSchema,
  NewslettersStatusSchema,
  SubscribeAnswerSchema,
  SubscribeToNewslettersSchema,
  UnsubscribeAnswerSchema,
  type NewsletterListStatus,
  type NewsletterStatus,
} from '@inkwell/contracts/newsletter';
import { attributesProblem, checkConfirmToken, checkUnsubscribeToken, NEWSLETTER_MESSAGES, type AttributeValue } from '../domain/newsletter';
import { NewsletterServiceError, type ListSubscriptionStatus, type NewsletterList, type NewsletterService } from '../drivers/newsletter';
import { findAccountById } from '../store/accounts';
import type { AccountDeps } from './deps';

const tags = ['newsletter'];
const EmailQuery = Type.Optional(Type.String({ maxLength: MAX_EMAIL_LENGTH }));

function refused(statusCode: 400 | 403, message: string, field: string): DomainError {
  return new DomainError(statusCode, statusTypeFor(statusCode), message, { field });
}

const STATUS_OF: Record<ListSubscriptionStatus, NewsletterStatus> = { confirmed: 'subscribed', unconfirmed: 'unconfirmed', unsubscribed: 'unsubscribed' };

/**
 * Storefront spec §7 Newsletter (`{newsletter-service}` = `newsletter`), on the email-marketing
 * port. Statuses are read by the signed-in owner of the address or an admin only; unsubscribing
 * needs the signed token of the mail's link or the signed-in owner; subscribing is open to anyone
 * (a newsletter sign-up needs no account) because nothing is sent until the address confirms by
 * the double opt-in link.
 */
export async function newsletterRoutes(app: App, deps: AccountDeps & { newsletters: NewsletterService; linkKey: Buffer }): Promise<void> {
  const { context, newsletters, linkKey } = deps;
  const maybeUser = { preHandler: context.auth.optionalUser };

  /** The signed-in caller's address as the account holds it now (a token may predate an email change). */
  const callerEmail = async (request: FastifyRequest): Promise<string | undefined> => {
    if (!request.principal) return undefined;
    const account = await findAccountById(context.db, request.principal.userId);
    if (!account) throw new UnauthorizedError();
    return account.email;
  };
  const isAdmin = (request: FastifyRequest) => request.principal?.roles.includes(ADMIN_ROLE) ?? false;

  /** Newsletter addresses are kept and compared in lower case. */
  const checkedEmail = (raw: string): string => {
    const email = normalizeEmail(raw).toLowerCase();
    if (email === '') throw refused(400, NEWSLETTER_MESSAGES.emailRequired, 'email');
    const problem = emailProblem(email);
    if (problem) throw refused(400, problem, 'email');
    return email;
  };

  /** The address whose statuses are read: the caller's own (the default), or any for an admin. */
  const readableEmail = async (request: FastifyRequest, raw: string | undefined): Promise<string> => {
    const own = await callerEmail(request);
    if (!own) throw new UnauthorizedError();
    if (raw === undefined || raw.trim() === '') return checkedEmail(own);
    const email = checkedEmail(raw);
    if (email !== checkedEmail(own) && !isAdmin(request)) throw new ForbiddenError(NEWSLETTER_MESSAGES.notYourEmail);
    return email;
  };

  /** Spec §8: newsletter failures are logged (the driver did); the caller gets a 503 and the storefront shows nothing. */
  const viaService = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof NewsletterServiceError) throw new DomainError(503, statusTypeFor(503), NEWSLETTER_MESSAGES.serviceUnavailable);
      throw error;
    }
  };

  const listStatuses = async (email: string): Promise<{ lists: NewsletterList[]; rows: NewsletterListStatus[] }> =>
    viaService(async () => {
      const [lists, statuses] = await Promise.all([newsletters.lists(), newsletters.statuses(email)]);
      const rows = lists.map((list) => {
        const status = statuses.get(list.id);
        return { ...list, status: status ? STATUS_OF[status] : ('none' as const) };
      });
      return { lists, rows };
    });

  app.get('/api/newsletter/GetListsStatus', {
    ...maybeUser,
    schema: {
      tags,
      summary: 'Every newsletter list with the address\'s status on it (the signed-in owner, or an admin)',
      security: [{ bearer: [] }],
      querystring: Type.Object({ email: EmailQuery }),
      response: { 200: EnvelopeOf(Type.Array(NewsletterListStatusSchema)) },
    },
    handler: async (request) => success((await listStatuses(await readableEmail(request, request.query.email))).rows),
  });

  app.get('/api/newsletter/GetNewslettersStatus', {
    ...maybeUser,
    schema: {
      tags,
      summary: 'The address\'s newsletter standing: lists subscribed, awaiting confirmation, left (the signed-in owner, or an admin)',
      security: [{ bearer: [] }],
      querystring: Type.Object({ email: EmailQuery }),
      response: { 200: EnvelopeOf(NewslettersStatusSchema) },
    },
    handler: async (request) => {
      const email = await readableEmail(request, request.query.email);
      const { rows } = await listStatuses(email);
      const ids = (status: NewsletterStatus) => rows.filter((row) => row.status === status).map((row) => row.id);
      return success({
        email,
        subscribed: rows.some((row) => row.status === 'subscribed'),
        subscribedLists: ids('subscribed'),
        unconfirmedLists: ids('unconfirmed'),
        unsubscribedLists: ids('unsubscribed'),
        service: newsletters.driver,
      });
    },
  });

  app.post('/api/newsletter/SubscribeToNewsletters', {
    ...maybeUser,
    schema: {
      tags,
      summary: 'Subscribe an address to lists with its attributes; each list awaits the address\'s confirmation (double opt-in)',
      body: SubscribeToNewslettersSchema,
      response: { 200: EnvelopeOf(SubscribeAnswerSchema) },
    },
    handler: async (request) => {
      const { body } = request;
      const raw = body.email?.trim() ? body.email : await callerEmail(request);
      if (!raw) throw refused(400, NEWSLETTER_MESSAGES.emailRequired, 'email');
      const email = checkedEmail(raw);
      const attributes = (body.attributes ?? {}) as Record<string, AttributeValue>;
      const attributeProblem = attributesProblem(attributes);
      if (attributeProblem) throw refused(400, attributeProblem, 'attributes');
      const seen = new Set<string>();
      for (const id of body.lists) {
        if (seen.has(id)) throw refused(400, NEWSLETTER_MESSAGES.duplicateList(id), 'lists');
        seen.add(id);
      }
      return viaService(async () => {
        const known = new Set((await newsletters.lists()).map((list) => list.id));
        const unknown = body.lists.find((id) => !known.has(id));
        if (unknown !== undefined) throw refused(400, NEWSLETTER_MESSAGES.unknownList(unknown), 'lists');
        const result = await newsletters.subscribe({ email, listIds: body.lists, attributes });
        return success({ email, ...result });
      });
    },
  });

  const UnsubscribeQuery = Type.Object({
    email: Type.String({ minLength: 1, maxLength: MAX_EMAIL_LENGTH }),
    /** A list id, or `*` (the default) for every list. */
    list: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    token: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  });
  type UnsubscribeQueryType = { email: string; list?: string; token?: string };

  const unsubscribe = async (request: FastifyRequest, query: UnsubscribeQueryType) => {
    const email = checkedEmail(query.email);
    const listId = query.list ?? ALL_LISTS;
    if (query.token !== undefined) {
      if (!checkUnsubscribeToken(linkKey, email, listId, query.token)) throw refused(403, NEWSLETTER_MESSAGES.unsubscribeLinkInvalid, 'token');
    } else {
      const own = await callerEmail(request);
      if (!own) throw new UnauthorizedError(NEWSLETTER_MESSAGES.unsubscribeNeedsToken);
      if (checkedEmail(own) !== email && !isAdmin(request)) throw new ForbiddenError(NEWSLETTER_MESSAGES.notYourEmail);
    }
    return viaService(async () => {
      const lists = await newsletters.lists();
      if (listId !== ALL_LISTS && !lists.some((list) => list.id === listId)) throw refused(400, NEWSLETTER_MESSAGES.unknownList(listId), 'list');
      const left = await newsletters.unsubscribe(email, listId === ALL_LISTS ? null : [listId]);
      const names = new Map(lists.map((list) => [list.id, list.name]));
      return success({ email, unsubscribedFrom: left.map((id) => names.get(id) ?? id), listIds: left });
    });
  };

  app.get('/api/newsletter/UnsubscribeFromNewsletters', {
    ...maybeUser,
    schema: {
      tags,
      summary: 'Unsubscribe an address from a list (`list`, every list when absent): the signed token of the mail\'s link, or the signed-in owner',
      querystring: UnsubscribeQuery,
      response: { 200: EnvelopeOf(UnsubscribeAnswerSchema) },
    },
    handler: async (request) => unsubscribe(request, request.query),
  });

  // RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` (form-encoded) to the
  // List-Unsubscribe URL. The form parser lives in this scope only.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.post('/api/newsletter/UnsubscribeFromNewsletters', {
      schema: {
        tags,
        summary: 'RFC 8058 one-click unsubscribe (the List-Unsubscribe-Post of newsletter mail); the signed token is required',
        querystring: Type.Object({ email: Type.String({ minLength: 1, maxLength: MAX_EMAIL_LENGTH }), list: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })), token: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 200: EnvelopeOf(UnsubscribeAnswerSchema) },
      },
      handler: async (request) => unsubscribe(request, request.query as UnsubscribeQueryType),
    });
  });

  app.post('/api/newsletter/confirm', {
    schema: {
      tags,
      summary: 'Follow the double opt-in link (beyond the spec): confirms the lists its signed token names',
      body: ConfirmNewsletterSchema,
      response: { 200: EnvelopeOf(ConfirmAnswerSchema) },
    },
    handler: async (request) => {
      if (!newsletters.confirm) throw refused(400, NEWSLETTER_MESSAGES.confirmNotHere, 'token');
      const check = checkConfirmToken(linkKey, request.body.token);
      if (!check.ok) throw refused(400, check.reason === 'expired' ? NEWSLETTER_MESSAGES.confirmLinkExpired : NEWSLETTER_MESSAGES.confirmLinkInvalid, 'token');
      const { email, lists: listIds } = check.claims;
      const confirm = newsletters.confirm.bind(newsletters);
      return viaService(async () => {
        const [done, lists] = await Promise.all([confirm(email, listIds), newsletters.lists()]);
        // Confirmed before (the link followed twice) also counts: the answer names what the address is on now.
        const statuses = await newsletters.statuses(email);
        const confirmed = listIds.filter((id) => statuses.get(id) === 'confirmed');
        const names = new Map(lists.map((list) => [list.id, list.name]));
        return success({ email, confirmed, confirmedNames: confirmed.map((id) => names.get(id) ?? id), confirmedAt: done.confirmedAt?.toISOString() ?? null });
      });
    },
  });

}
