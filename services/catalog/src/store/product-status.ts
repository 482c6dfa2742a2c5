/**
 * A product's moves between statuses (dashboard spec §4): publishing and scheduling check the §5
 * rules; each move writes its event and its audit entry in the caller's transaction.
 */
import type { ProductStatusChange } from '@inkwell/contracts/dashboard-products';
import { BadRequestError, EVENTS, NotFoundError } from '@inkwell/platform';
import { PUBLISH_STATUS_CODES, publishActionFor, type PublishStatusName } from '../domain';
import { fieldChanges, recordAudit, type StaffActor } from './audit';
import type { CatalogueChange } from './catalogue-change';
import { iso, loadDashboardProduct, statusName } from './product-editor';
import { densityWarnings, publishProblemsOf, refusePublishProblems } from './product-publish-check';
import { productMoveRefusedMessage } from '../domain/messages';

export type StatusRequest =
  | { action: 'publish' }
  | { action: 'schedule'; status: 'Scheduled' | 'ScheduledPreOrder' | 'ScheduledComingSoon'; publishDate: Date }
  | { action: 'unpublish' }
  | { action: 'remove' }
  | { action: 'restore' };

const TARGET: Record<Exclude<StatusRequest['action'], 'schedule'>, PublishStatusName> = { publish: 'Published', unpublish: 'Draft', remove: 'Removed', restore: 'Draft' };

const EVENT_OF = {
  publish: EVENTS.productPublished.type,
  schedule: EVENTS.productChanged.type,
  unpublish: EVENTS.productUnpublished.type,
  remove: EVENTS.productRemoved.type,
  restore: EVENTS.productChanged.type,
} as const;

const AUDIT_ACTION = { publish: 'published', schedule: 'scheduled', unpublish: 'unpublished', remove: 'removed', restore: 'restored' } as const;

/**
 * Moves a product between statuses as spec §4 allows. Publishing and scheduling check the §5 rules
 * and refuse with every problem found; the answer carries the density warnings as advice.
 */
export async function changeProductStatus(
  { tx, outbox }: CatalogueChange,
  actor: StaffActor,
  id: number,
  request: StatusRequest,
  now = new Date(),
): Promise<ProductStatusChange & { warnings: string[] }> {
  const locked = await tx.query<{ status: number; publish_date: Date | null }>('SELECT status, publish_date FROM products WHERE id = $1 FOR UPDATE', [id]);
  const row = locked.rows[0];
  if (!row) throw new NotFoundError();
  const from = statusName(row.status);
  const to = request.action === 'schedule' ? request.status : TARGET[request.action];
  const allowed = publishActionFor(from, to);
  // Re-scheduling to the same status with a new date is a schedule too (spec §4: the date differs).
  const sameSchedule = request.action === 'schedule' && from === to;
  if (!sameSchedule && allowed !== request.action) {
    throw new BadRequestError(productMoveRefusedMessage(from, AUDIT_ACTION[request.action], request.action === 'schedule' ? to : undefined));
  }
  const product = (await loadDashboardProduct(tx, id))!;
  const warnings = densityWarnings(product);
  if (request.action === 'publish' || request.action === 'schedule') refusePublishProblems(publishProblemsOf(product, now), warnings);
  const publishDate =
    request.action === 'schedule' ? request.publishDate : request.action === 'publish' ? (row.publish_date && row.publish_date <= now ? row.publish_date : now) : row.publish_date;
  await tx.query('UPDATE products SET status = $2, publish_date = $3, updated_at = clock_timestamp() WHERE id = $1', [id, PUBLISH_STATUS_CODES[to], publishDate]);
  await outbox.add(tx, { type: EVENT_OF[request.action], key: String(id), data: { productId: String(id) } });
  await recordAudit(tx, {
    entity: 'product',
    entityId: id,
    action: AUDIT_ACTION[request.action],
    actor,
    changes: fieldChanges({ status: from, publishDate: iso(row.publish_date) }, { status: to, publishDate: iso(publishDate) }),
  });
  return { id, status: to, publishDate: iso(publishDate), warnings };
}
