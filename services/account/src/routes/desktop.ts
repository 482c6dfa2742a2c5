import { Type } from '@sinclair/typebox';
import {
  DESKTOP_MESSAGES,
  DESKTOP_PLATFORM,
  DesktopSubscriptionSchema,
  RetrieveEncryptionEntryBodySchema,
  RetrievedEncryptionEntrySchema,
  StoreEncryptionEntryBodySchema,
  StoredEncryptionEntrySchema,
} from '@inkwell/contracts/desktop';
import { ADMIN_ROLE, BadRequestError, EnvelopeOf, ForbiddenError, NotFoundError, success, type App } from '@inkwell/platform';
import { desktopPlatformOf, onPlatform, renewDesktopSubscription, subscriptionView, ticketOf } from '../flows/desktop-subscription';
import { accountOfPlatformUser, insertEncryptionEntry, linkPlatformUser, useEncryptionEntry } from '../store/desktop';
import { currentAccount, type AccountDeps } from './deps';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ApiVersion = Type.Object({ 'api-version': Type.Optional(Type.String({ maxLength: 10 })) });

/**
 * The desktop build's account calls (storefront spec §7 "Desktop only", §6; docs/desktop.md):
 * the encryption entries that keep the key of the app's stored tokens on the server, and the
 * platform user's subscription. The entries are authenticated by the platform's ticket, not by a
 * token: the app asks for its key before it can read its tokens.
 */
export async function desktopRoutes(app: App, deps: AccountDeps): Promise<void> {
  const { context } = deps;
  const { db } = context;
  const platform = () => desktopPlatformOf(context);

  app.post('/api/account/SteamStoreEncryptionEntry', {
    preHandler: context.auth.optionalUser,
    schema: {
      tags: ['desktop'],
      summary: 'Keep the AES key of the desktop app\'s stored tokens for a platform user (ticket-authenticated); signed in, it links the platform user to the account',
      querystring: ApiVersion,
      body: StoreEncryptionEntryBodySchema,
      response: { 200: EnvelopeOf(StoredEncryptionEntrySchema) },
    },
    handler: async (request) => {
      const { ticket, identity, aesKey } = request.body;
      const key = Buffer.from(aesKey, 'base64');
      if (key.length !== 32) throw new BadRequestError(DESKTOP_MESSAGES.aesKey, { field: 'aesKey' });
      const desktop = platform();
      await ticketOf(desktop, ticket, identity);
      const userId = request.principal?.userId ?? null;
      const identifier = await db.transaction(async (tx) => {
        if (userId) await linkPlatformUser(tx, { platform: desktop.platform, platformUserId: identity, userId });
        return insertEncryptionEntry(tx, { platform: desktop.platform, identity, aesKey: key, userId });
      });
      return success({ identifier });
    },
  });

  app.post('/api/account/SteamRetrieveEncryptionEntry', {
    schema: {
      tags: ['desktop'],
      summary: 'The AES key of an encryption entry, for a fresh ticket of the identity it was stored for',
      querystring: ApiVersion,
      body: RetrieveEncryptionEntryBodySchema,
      response: { 200: EnvelopeOf(RetrievedEncryptionEntrySchema) },
    },
    handler: async (request) => {
      const { ticket, tokenEntryId, identity } = request.body;
      const desktop = platform();
      await ticketOf(desktop, ticket, identity);
      // Another identity's entry is as unknown as none: the answer tells nothing about it.
      const key = UUID.test(tokenEntryId) ? await useEncryptionEntry(db, { id: tokenEntryId, platform: desktop.platform, identity }) : undefined;
      if (!key) throw new NotFoundError(DESKTOP_MESSAGES.unknownEntry);
      return success({ aesKey: key.toString('base64') });
    },
  });

  app.get('/api/steam/hasValidSubscription/:id', {
    preHandler: context.auth.requireUser,
    schema: {
      tags: ['desktop'],
      summary: 'Whether the platform user has a valid subscription (that user\'s account, or staff)',
      security: [{ bearer: [] }],
      params: Type.Object({ id: Type.String({ pattern: '^[0-9]{1,20}$', errorMessage: DESKTOP_MESSAGES.identity }) }),
      querystring: ApiVersion,
      response: { 200: EnvelopeOf(DesktopSubscriptionSchema) },
    },
    handler: async (request) => {
      const desktop = platform();
      const principal = request.principal!;
      if (!principal.roles.includes(ADMIN_ROLE)) {
        const owner = await accountOfPlatformUser(db, desktop.platform, request.params.id);
        if (owner !== principal.userId) throw new ForbiddenError(DESKTOP_MESSAGES.notYourSubscription);
      }
      const state = await onPlatform(() => desktop.subscription(request.params.id));
      return success(subscriptionView(desktop, request.params.id, state));
    },
  });

  app.post('/api/account/renew-subscription', {
    preHandler: context.auth.requireUser,
    schema: {
      tags: ['desktop'],
      summary: 'Renew the desktop platform subscription of the platform user the account uses the app as',
      security: [{ bearer: [] }],
      querystring: Type.Object({ platform: Type.String({ maxLength: 50 }), 'api-version': Type.Optional(Type.String({ maxLength: 10 })) }),
      response: { 200: EnvelopeOf(DesktopSubscriptionSchema) },
    },
    handler: async (request) => {
      if (request.query.platform.toLowerCase() !== DESKTOP_PLATFORM) throw new BadRequestError(DESKTOP_MESSAGES.platform, { field: 'platform' });
      const account = await currentAccount(deps, request);
      return success(await renewDesktopSubscription(context, account.id));
    },
  });
}
