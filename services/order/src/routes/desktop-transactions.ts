import { Type } from '@sinclair/typebox';
import { DESKTOP_PLATFORM, DesktopTicketBodySchema, DesktopTransactionSchema } from '@inkwell/contracts/desktop';
import { EnvelopeOf, success, type App, type ServiceContext } from '@inkwell/platform';
import { describeTransaction, finalizeTransaction, initTransaction, type DesktopDeps } from '../flows/desktop-transactions';

const IdParams = Type.Object({ id: Type.String({ format: 'uuid', errorMessage: 'The id is the purchase id POST /purchase-request answered.' }) });
const ApiVersion = { 'api-version': Type.Optional(Type.String({ maxLength: 10 })) };

/**
 * The desktop platform's transaction calls (storefront spec §7 Desktop platform, `{desktop-platform}`
 * = steam; docs/desktop.md), for the signed-in shopper's own quoted purchase `{id}`. The gateway
 * sends `/api/steam/initTransaction` and `/api/steam/finalizeTransaction` here (the rest of
 * `/api/steam` is the account service's).
 */
export async function desktopTransactionRoutes(app: App, context: ServiceContext, deps: DesktopDeps): Promise<void> {
  const signedIn = { preHandler: context.auth.requireUser };
  const security = [{ bearer: [] }];
  const response = { 200: EnvelopeOf(DesktopTransactionSchema) };

  app.get(`/api/payment/${DESKTOP_PLATFORM}/initiateTransaction/:id`, {
    ...signedIn,
    schema: { tags: ['desktop'], summary: 'What the desktop transaction of the purchase charges, and how far it got', security, params: IdParams, querystring: Type.Object(ApiVersion), response },
    handler: async (request) => success(await describeTransaction(deps, request.params.id, request.principal!.userId)),
  });

  app.post(`/api/${DESKTOP_PLATFORM}/initTransaction/:id`, {
    ...signedIn,
    schema: {
      tags: ['desktop'],
      summary: 'Pay the quoted purchase through the desktop platform: the platform asks the user to authorise it',
      security,
      params: IdParams,
      querystring: Type.Object(ApiVersion),
      body: DesktopTicketBodySchema,
      response,
    },
    handler: async (request) => success(await initTransaction(deps, request.params.id, request.principal!.userId, request.body.ticket)),
  });

  app.post(`/api/${DESKTOP_PLATFORM}/finalizeTransaction/:id`, {
    ...signedIn,
    schema: {
      tags: ['desktop'],
      summary: 'Whether the user authorised the transaction: finalize it and complete the purchase, or cancel it',
      security,
      params: IdParams,
      querystring: Type.Object({ authSucceeded: Type.Boolean({ errorMessage: 'authSucceeded is true or false.' }), ...ApiVersion }),
      response,
    },
    handler: async (request) => success(await finalizeTransaction(deps, request.params.id, request.principal!.userId, request.query.authSucceeded)),
  });
}
