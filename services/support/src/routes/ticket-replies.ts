import { Type } from '@sinclair/typebox';
import { EnvelopeOf, staffActorOf, success, type App, type ServiceContext } from '@inkwell/platform';
import { IdParamsSchema, OutboundEmailMessageSchema, ReplyPreviewSchema, SendReplyBodySchema } from '@inkwell/contracts/dashboard-support';
import { previewTicketReply, retryTicketReply, sendTicketReply, type ReplySettings } from '../flows/ticket-reply';
import type { MailQueue } from '../store/mail-queue';

const PREFIX = '/api/dashboard/support-tickets';
const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '^[\\x21-\\x7e]+$', errorMessage: 'Idempotency-Key is 1 to 200 visible ASCII characters.' })),
});

/**
 * Dashboard spec §7 Support tickets: `send-email` (a staff reply, threaded), `retry-send-email/{id}`
 * (a failed reply sent again with the same Message-ID) and, beyond the spec, `preview-email`.
 *
 * Double clicks: send-email honours an `Idempotency-Key` header (per ticket): a second request with
 * the same key answers the first reply and sends nothing more. Without the header each call that
 * succeeds is one reply, one mail and one follow-up.
 */
export async function ticketReplyRoutes(app: App, context: ServiceContext, queue: MailQueue, nudge: () => void): Promise<void> {
  const { db } = context;
  const staff = { preHandler: context.auth.requireAdmin };
  const tags = ['dashboard'];
  const security = [{ bearer: [] }];
  const settings: ReplySettings = { supportAddress: context.config.support.address, storeFrom: context.config.email.from };

  app.post(`${PREFIX}/send-email`, {
    ...staff,
    schema: {
      tags,
      security,
      summary: "Reply to a ticket's customer from a template or free text; threaded, queued, the ticket moved (PendingOnCustomer by default) and its follow-up scheduled",
      body: SendReplyBodySchema,
      headers: IdempotencyHeaders,
      response: { 200: EnvelopeOf(OutboundEmailMessageSchema) },
    },
    handler: async (request) =>
      success(await sendTicketReply(db, queue, request.body, settings, staffActorOf(request.principal), request.headers['idempotency-key'] ?? null)),
  });

  app.post(`${PREFIX}/preview-email`, {
    ...staff,
    schema: { tags, security, summary: 'The reply send-email would send, rendered; nothing is written', body: SendReplyBodySchema, response: { 200: EnvelopeOf(ReplyPreviewSchema) } },
    handler: async (request) => success(await previewTicketReply(db, request.body, settings)),
  });

  app.post(`${PREFIX}/retry-send-email/:id`, {
    ...staff,
    schema: {
      tags,
      security,
      summary: 'Send a failed reply again (the same email and Message-ID, queued now)',
      params: IdParamsSchema,
      response: { 200: EnvelopeOf(OutboundEmailMessageSchema) },
    },
    handler: async (request) => success(await retryTicketReply(db, request.params.id, staffActorOf(request.principal), nudge)),
  });
}
