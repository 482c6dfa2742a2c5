import { paginate, success, type App, type ServiceContext } from '@inkwell/platform';
import { pageSentEmails } from '../store/sent-emails';
import { PageRequest, PaginatedEnvelope, SentEmailSchema, pageWindow } from './schemas';

/** Dashboard spec §7 "Email provider and delivery": what was sent, to whom, and what became of it. */
export async function sentEmailRoutes(app: App, context: ServiceContext): Promise<void> {
  app.post('/api/dashboard/sent-emails/post-pagination', {
    preHandler: context.auth.requireAdmin,
    schema: {
      tags: ['dashboard'],
      summary: 'Sent emails, newest first, with their bodies and delivery events; search by recipient',
      security: [{ bearer: [] }],
      body: PageRequest,
      response: { 200: PaginatedEnvelope(SentEmailSchema) },
    },
    handler: async (request) => {
      const { items, filtered, unfiltered } = await pageSentEmails(context.db, pageWindow(request.body));
      return success(paginate(items, request.body, filtered, unfiltered));
    },
  });
}
