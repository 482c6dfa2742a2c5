import type { ThumbnailView } from '@inkwell/contracts/catalog';
import type { BundleAlterBody, BundleListQuery, BundleListRow, BundleSaveBody, DashboardBundle } from '@inkwell/contracts/dashboard-catalogue';
import { EVENTS, BadRequestError, ConflictError, NotFoundError, type Paginated, type Queryable } from '@inkwell/platform';
import { PRICE_TYPES, PUBLISH_STATUS_CODES, READABLE_URL_DIGITS_ONLY_MESSAGE, isPriceType, isValidReadableUrl, type CodedPublishStatus } from '../domain';
import { AUDIT_ACTION_OF, bundlePublishProblems, refusePublishing, seriesOrBundleMove } from '../domain/staff-catalogue-rules';
import { fieldChanges, recordAudit, type StaffActor } from './audit';
import type { CatalogueChange } from './catalogue-change';
import { containsPattern, missingIds, pageOf, pageWindow, parsePublishStatusFilter, statusName, unknownTerritories } from './staff-lists';
import { BUNDLE_NEEDS_NAME_FIELD_MESSAGE, bundleItemTwiceMessage, bundleItemUnknownMessage, bundleNotAPriceTypeMessage, noIdMessage, notCountryCodesMessage, readableUrlDigitsMessage, urlTakenMessage } from '../domain/messages';

/** A bundle as staff save it: what a save is merged into, checked against and compared with. */
interface BundleState {
  name: string;
  description: string;
  readableUrl: string | null;
  defaultThumbnail: ThumbnailView | null;
  items: Array<{ productId: number; price: number }>;
  priceType: string;
  price: number;
  currency: string;
  restrictedTerritories: string[];
  status: CodedPublishStatus;
}

const NEW_BUNDLE: BundleState = { name: '', description: '', readableUrl: null, defaultThumbnail: null, items: [], priceType: 'Paid', price: 0, currency: 'USD', restrictedTerritories: [], status: 'Draft' };

export function bundleEvent(id: number) {
  return { type: EVENTS.bundleChanged.type, key: `bundle:${id}`, data: { bundleId: String(id) } };
}

async function readState(db: Queryable, id: number, lock: boolean): Promise<BundleState | undefined> {
  const { rows } = await db.query<{
    name: string; description: string; readable_url: string | null; default_thumbnail: ThumbnailView | null; price_type: string; price_cents: number; currency: string;
    restricted_territories: string[]; status: number; items: Array<{ productId: number; price: number }>;
  }>(
    `SELECT b.name, b.description, b.readable_url, b.default_thumbnail, b.price_type, b.price_cents, b.currency, b.restricted_territories, b.status,
            COALESCE((SELECT json_agg(json_build_object('productId', bi.product_id, 'price', bi.price_cents) ORDER BY bi.ordinal, bi.product_id) FROM bundle_items bi WHERE bi.bundle_id = b.id), '[]') AS items
       FROM bundles b WHERE b.id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    name: row.name,
    description: row.description,
    readableUrl: row.readable_url,
    defaultThumbnail: row.default_thumbnail,
    items: row.items.map((item) => ({ productId: Number(item.productId), price: item.price })),
    priceType: row.price_type,
    price: row.price_cents,
    currency: row.currency.trim(),
    restrictedTerritories: row.restricted_territories,
    status: statusName(row.status),
  };
}

function merge(before: BundleState, save: Partial<BundleSaveBody>): BundleState {
  const readableUrl = save.readableUrl === undefined ? before.readableUrl : save.readableUrl?.trim() || null;
  return {
    name: save.name === undefined ? before.name : save.name.trim(),
    description: save.description ?? before.description,
    readableUrl,
    defaultThumbnail: save.defaultThumbnail === undefined ? before.defaultThumbnail : save.defaultThumbnail,
    items: save.items ? save.items.map((item) => ({ productId: item.productId, price: item.price })) : before.items,
    priceType: save.priceable?.type ?? before.priceType,
    price: save.priceable?.price ?? before.price,
    currency: save.priceable?.currency ?? before.currency,
    restrictedTerritories: save.geoRestrictable ? [...new Set(save.geoRestrictable.restrictedTerritories)].sort() : before.restrictedTerritories,
    status: before.status,
  };
}

async function check(tx: Queryable, id: number | null, after: BundleState): Promise<void> {
  if (!after.name) throw new BadRequestError(BUNDLE_NEEDS_NAME_FIELD_MESSAGE);
  if (after.readableUrl !== null) {
    if (!isValidReadableUrl(after.readableUrl)) throw new BadRequestError(readableUrlDigitsMessage(READABLE_URL_DIGITS_ONLY_MESSAGE));
    const taken = await tx.query('SELECT 1 FROM bundles WHERE readable_url = $1 AND id IS DISTINCT FROM $2', [after.readableUrl, id]);
    if (taken.rowCount) throw new ConflictError(urlTakenMessage(after.readableUrl, 'bundle'));
  }
  if (!isPriceType(after.priceType)) throw new BadRequestError(bundleNotAPriceTypeMessage(after.priceType, PRICE_TYPES));
  const seen = new Set<number>();
  after.items.forEach((item, position) => {
    if (seen.has(item.productId)) throw new BadRequestError(bundleItemTwiceMessage(position, item.productId));
    seen.add(item.productId);
  });
  const unknown = await missingIds(tx, 'products', after.items.map((item) => item.productId));
  if (unknown.length > 0) throw new BadRequestError(bundleItemUnknownMessage(after.items.findIndex((item) => item.productId === unknown[0]), unknown));
  const territories = await unknownTerritories(tx, after.restrictedTerritories);
  if (territories.length > 0) throw new BadRequestError(notCountryCodesMessage('geoRestrictable.restrictedTerritories', territories.join(', ')));
  if (after.status === 'Published') refusePublishing('The bundle', bundlePublishProblems({ name: after.name, description: after.description, hasDefaultThumbnail: after.defaultThumbnail !== null }));
}

async function write(tx: Queryable, id: number, state: BundleState): Promise<void> {
  await tx.query(
    `UPDATE bundles SET name = $2, description = $3, readable_url = $4, default_thumbnail = $5, price_type = $6, price_cents = $7, currency = $8,
            restricted_territories = $9, status = $10, updated_at = now() WHERE id = $1`,
    [id, state.name, state.description, state.readableUrl, state.defaultThumbnail === null ? null : JSON.stringify(state.defaultThumbnail), state.priceType, state.price, state.currency, state.restrictedTerritories, PUBLISH_STATUS_CODES[state.status]],
  );
  await tx.query('DELETE FROM bundle_items WHERE bundle_id = $1', [id]);
  await tx.query(
    'INSERT INTO bundle_items (bundle_id, product_id, price_cents, ordinal) SELECT $1, item.product_id, item.price, item.ordinal - 1 FROM unnest($2::bigint[], $3::int[]) WITH ORDINALITY AS item(product_id, price, ordinal)',
    [id, state.items.map((item) => item.productId), state.items.map((item) => item.price)],
  );
}

const auditable = (state: BundleState) => ({ ...state }) as unknown as Record<string, unknown>;

/** POST /dashboard/bundles/new: a Draft bundle. */
export async function createStaffBundle({ tx, outbox }: CatalogueChange, actor: StaffActor, body: BundleSaveBody): Promise<number> {
  const after = merge(NEW_BUNDLE, body);
  await check(tx, null, after);
  const { rows } = await tx.query<{ id: number }>('INSERT INTO bundles (name) VALUES ($1) RETURNING id', [after.name]);
  const id = Number(rows[0]!.id);
  await write(tx, id, after);
  await outbox.add(tx, bundleEvent(id));
  await recordAudit(tx, { entity: 'bundle', entityId: id, action: 'created', actor, changes: fieldChanges({}, auditable(after)) });
  return id;
}

/** POST /dashboard/bundles/alter: fields left out keep their value; a published bundle must stay publishable. */
export async function alterStaffBundle({ tx, outbox }: CatalogueChange, actor: StaffActor, body: BundleAlterBody): Promise<void> {
  const before = await readState(tx, body.id, true);
  if (!before) throw new NotFoundError(noIdMessage('bundle', body.id));
  const after = merge(before, body);
  await check(tx, body.id, after);
  const changes = fieldChanges(auditable(before), auditable(after));
  if (Object.keys(changes).length === 0) return;
  await write(tx, body.id, after);
  await outbox.add(tx, bundleEvent(body.id));
  await recordAudit(tx, { entity: 'bundle', entityId: body.id, action: 'altered', actor, changes });
}

/** Publish, unpublish or remove by id: §4 moves; publishing needs a name, a description and a default thumbnail. */
export async function setStaffBundleStatus({ tx, outbox }: CatalogueChange, actor: StaffActor, id: number, to: 'Published' | 'Draft' | 'Removed'): Promise<CodedPublishStatus> {
  const before = await readState(tx, id, true);
  if (!before) throw new NotFoundError(noIdMessage('bundle', id));
  const move = seriesOrBundleMove('bundle', before.status, to);
  if (!move) return before.status;
  await check(tx, id, { ...before, status: to });
  await tx.query('UPDATE bundles SET status = $2, updated_at = now() WHERE id = $1', [id, PUBLISH_STATUS_CODES[to]]);
  await outbox.add(tx, bundleEvent(id));
  await recordAudit(tx, { entity: 'bundle', entityId: id, action: AUDIT_ACTION_OF[move], actor, changes: { status: { from: before.status, to } } });
  return to;
}

/** The bundle editor's record (GET /dashboard/bundles/{id}). */
export async function loadStaffBundle(db: Queryable, id: number): Promise<DashboardBundle | undefined> {
  const state = await readState(db, id, false);
  if (!state) return undefined;
  const { rows } = await db.query<{ created_at: Date; updated_at: Date; items: Array<{ productId: number; name: string; price: number; ordinal: number }> }>(
    `SELECT b.created_at, b.updated_at,
            COALESCE((SELECT json_agg(json_build_object('productId', p.id, 'name', p.name, 'price', bi.price_cents, 'ordinal', bi.ordinal) ORDER BY bi.ordinal, p.id)
                        FROM bundle_items bi JOIN products p ON p.id = bi.product_id WHERE bi.bundle_id = b.id), '[]') AS items
       FROM bundles b WHERE b.id = $1`,
    [id],
  );
  const row = rows[0]!;
  return {
    id,
    name: state.name,
    description: state.description,
    readableUrl: state.readableUrl,
    defaultThumbnail: state.defaultThumbnail,
    items: row.items.map((item) => ({ ...item, productId: Number(item.productId) })),
    priceable: { type: state.priceType, price: state.price, currency: state.currency },
    geoRestrictable: { restrictedTerritories: state.restrictedTerritories },
    status: state.status,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** GET /dashboard/bundles: newest first; removed bundles only when asked for. */
export async function listStaffBundles(db: Queryable, query: BundleListQuery): Promise<Paginated<BundleListRow>> {
  const window = pageWindow(query);
  const status = parsePublishStatusFilter(query.publishStatus);
  const pattern = containsPattern(query.query);
  const includeRemoved = query.includeRemoved === true || status === PUBLISH_STATUS_CODES.Removed;
  const where = `($1::text IS NULL OR b.name ILIKE $1 OR b.readable_url ILIKE $1) AND ($2::smallint IS NULL OR b.status = $2) AND ($3 OR b.status <> ${PUBLISH_STATUS_CODES.Removed})`;
  const { rows } = await db.query<{ id: number; name: string; status: number; item_count: number; price_cents: number; currency: string; default_thumbnail: ThumbnailView | null; created_at: Date }>(
    `SELECT b.id, b.name, b.status, b.price_cents, b.currency, b.default_thumbnail, b.created_at,
            (SELECT count(*) FROM bundle_items bi WHERE bi.bundle_id = b.id)::int AS item_count
       FROM bundles b WHERE ${where} ORDER BY b.created_at DESC, b.id DESC LIMIT $4 OFFSET $5`,
    [pattern, status, includeRemoved, window.limit, window.offset],
  );
  const counts = await db.query<{ filtered: number; unfiltered: number }>(
    `SELECT (SELECT count(*) FROM bundles b WHERE ${where})::int AS filtered, (SELECT count(*) FROM bundles)::int AS unfiltered`,
    [pattern, status, includeRemoved],
  );
  const items = rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    status: statusName(row.status),
    itemCount: row.item_count,
    price: row.price_cents,
    currency: row.currency.trim(),
    defaultThumbnail: row.default_thumbnail,
    createdAt: row.created_at.toISOString(),
  }));
  return pageOf(items, window, counts.rows[0]!.filtered, counts.rows[0]!.unfiltered);
}
