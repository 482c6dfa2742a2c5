import { Type } from '@sinclair/typebox';
import { AuditEntrySchema, type AuditedEntity } from '@inkwell/contracts/dashboard';
import { EnvelopeOf, NumericId, success, type App, type ServiceContext } from '@inkwell/platform';
import { auditTrail } from '../store/audit';

/** Where each audited item's trail is read (beyond the spec): under the item's own staff namespace. */
const TRAILS: Array<{ path: string; entity: AuditedEntity; what: string }> = [
  { path: '/api/dashboard/product/:id/audit', entity: 'product', what: 'product' },
  { path: '/api/dashboard/series/:id/audit', entity: 'series', what: 'series' },
  { path: '/api/dashboard/bundles/:id/audit', entity: 'bundle', what: 'bundle' },
  { path: '/api/dashboard/publisher/:id/audit', entity: 'publisher', what: 'publisher' },
  { path: '/api/dashboard/carousels/:id/audit', entity: 'curated-list', what: 'curated list' },
  { path: '/api/dashboard/html-components/:id/audit', entity: 'html-component', what: 'HTML component' },
  { path: '/api/dashboard/home/entry/:id/audit', entity: 'wheel-group', what: 'wheel group' },
  { path: '/api/dashboard/homepage/:id/audit', entity: 'homepage', what: 'home page setting (id 1)' },
  { path: '/api/dashboard/sales/:id/audit', entity: 'sales-campaign', what: 'sales campaign' },
];

/** The audit trail of an item: who changed what and when, newest first. */
export async function staffAuditRoutes(app: App, context: ServiceContext): Promise<void> {
  const admin = { preHandler: context.auth.requireAdmin };
  for (const trail of TRAILS) {
    app.get(trail.path, {
      ...admin,
      schema: {
        tags: ['dashboard'],
        summary: `Audit trail of a ${trail.what} (beyond the spec)`,
        params: Type.Object({ id: NumericId() }),
        response: { 200: EnvelopeOf(Type.Array(AuditEntrySchema)) },
      },
      handler: async (request) => success(await auditTrail(context.db, trail.entity, request.params.id)),
    });
  }
}
