/**
 * The home page wheel (dashboard spec §3 "Wheel group and item", §4, §5, §7 "Home page"): groups of
 * items staff curate, their ordered save, status moves and reorder, and the storefront's reading of
 * the published groups. Every change writes its home.changed event (dropping cached storefront
 * answers) and an audit entry in the caller's transaction.
 */
import type { AgeRating } from '@inkwell/contracts/catalog-rules';
import type { WheelView } from '@inkwell/contracts/catalog';
import type { HomeImageChoice, ImageAsset, WheelGroup, WheelGroupInput, WheelItem, WheelItemInput, WheelProblem, WheelReorder, WheelSave } from '@inkwell/contracts/dashboard-merchandising';
import { EVENTS, BadRequestError, ConflictError, NotFoundError, type Queryable } from '@inkwell/platform';
import { publishActionFor, type CodedPublishStatus } from '@inkwell/contracts/catalog-rules';
import { PUBLISH_STATUS_CODES } from '../domain';
import { AUDIT_ACTION_OF } from '../domain/staff-catalogue-rules';
import { WHEEL_MESSAGES, publishProblems, raisedRating, saveProblems, shownInBucket, uniqueName, type GroupToCheck, type ItemToCheck } from '../domain/wheel-rules';
import { fieldChanges, recordAudit, type StaffActor } from './audit';
import type { CatalogueChange } from './catalogue-change';
import { statusName } from './staff-lists';
import { seriesListedSql, listedSql } from './visibility';
import { nextOrdinalSql } from './ordinals';

export const HOME_CHANGED_EVENT = { type: EVENTS.homeChanged.type, key: 'home', data: {} };

type GroupRow = {
  id: string; type: 'Thumbnail' | 'Banner'; name: string; is_for_steam: boolean; is_for_website: boolean; is_for_nintendo_switch: boolean; is_for_app: boolean;
  is_hero_banner: boolean; status: number; publish_date: Date | null; ordinal: number; updated_at: Date;
};
type ItemRow = {
  id: string; group_id: string; type: 'Image' | 'Video'; enabled: boolean; ordinal: number | null; display_up_to_age_rating: AgeRating | null; subtitle: string | null;
  thumbnail: ImageAsset | null; thumbnail_fallback: ImageAsset | null; video_id: string | null; auto_play: boolean; muted: boolean; action_type: 'Reader' | 'Product' | 'Series' | null;
  button_text: string | null; tagline: string | null; product_id: string | null; product_name: string | null; series_id: string | null; series_name: string | null;
  minimum_rating: AgeRating | null; geo_restricted: boolean;
};

const GROUP_COLUMNS = 'g.id, g.type, g.name, g.is_for_steam, g.is_for_website, g.is_for_nintendo_switch, g.is_for_app, g.is_hero_banner, g.status, g.publish_date, g.ordinal, g.updated_at';
const ITEM_SELECT = `
  SELECT i.id, i.group_id, i.type, i.enabled, i.ordinal, i.display_up_to_age_rating, i.subtitle, i.thumbnail, i.thumbnail_fallback, i.video_id, i.auto_play, i.muted,
         i.action_type, i.button_text, i.tagline, i.product_id, p.name AS product_name, i.series_id, s.title AS series_name,
         COALESCE(p.age_rating, s.age_rating) AS minimum_rating,
         (cardinality(COALESCE(p.restricted_territories, '{}')) > 0 OR cardinality(COALESCE(s.restricted_territories, '{}')) > 0
           OR cardinality(COALESCE(ps.restricted_territories, '{}')) > 0) AS geo_restricted
    FROM wheel_items i
    LEFT JOIN products p ON p.id = i.product_id
    LEFT JOIN series ps ON ps.id = p.series_id
    LEFT JOIN series s ON s.id = i.series_id`;

function itemView(row: ItemRow): WheelItem {
  return {
    id: Number(row.id),
    type: row.type,
    enabled: row.enabled,
    ordinal: row.ordinal,
    displayUpToAgeRating: row.display_up_to_age_rating,
    subtitle: row.subtitle,
    thumbnail: row.thumbnail,
    thumbnailFallback: row.thumbnail_fallback,
    videoId: row.video_id,
    autoPlay: row.auto_play,
    muted: row.muted,
    actionType: row.action_type,
    buttonText: row.button_text,
    tagline: row.tagline,
    productId: row.product_id === null ? null : Number(row.product_id),
    productName: row.product_name,
    seriesId: row.series_id === null ? null : Number(row.series_id),
    seriesName: row.series_name,
    metaData: { ageRating: row.minimum_rating, isGeoRestricted: row.geo_restricted },
  };
}

function groupView(row: GroupRow, items: WheelItem[]): WheelGroup {
  return {
    id: Number(row.id),
    type: row.type,
    name: row.name,
    isForSteam: row.is_for_steam,
    isForWebsite: row.is_for_website,
    isForNintendoSwitch: row.is_for_nintendo_switch,
    isForApp: row.is_for_app,
    isHeroBanner: row.is_hero_banner,
    status: statusName(row.status),
    publishDate: row.status === PUBLISH_STATUS_CODES.Scheduled && row.publish_date ? row.publish_date.toISOString() : null,
    order: row.ordinal,
    items,
    updatedAt: row.updated_at.toISOString(),
  };
}

async function itemsOf(db: Queryable, groupIds: readonly number[]): Promise<Map<number, WheelItem[]>> {
  const { rows } = await db.query<ItemRow>(`${ITEM_SELECT} WHERE i.group_id = ANY($1::bigint[]) ORDER BY i.ordinal NULLS LAST, i.id`, [groupIds]);
  const byGroup = new Map<number, WheelItem[]>();
  for (const row of rows) {
    const list = byGroup.get(Number(row.group_id)) ?? [];
    list.push(itemView(row));
    byGroup.set(Number(row.group_id), list);
  }
  return byGroup;
}

/** GET /dashboard/home/entry's groups: in order, removed ones last. */
export async function loadWheelGroups(db: Queryable): Promise<WheelGroup[]> {
  const { rows } = await db.query<GroupRow>(`SELECT ${GROUP_COLUMNS} FROM wheel_groups g ORDER BY (g.status = ${PUBLISH_STATUS_CODES.Removed}), g.ordinal, g.id`);
  const items = await itemsOf(db, rows.map((row) => Number(row.id)));
  return rows.map((row) => groupView(row, items.get(Number(row.id)) ?? []));
}

export async function loadWheelGroup(db: Queryable, id: number, lock = false): Promise<WheelGroup | undefined> {
  const { rows } = await db.query<GroupRow>(`SELECT ${GROUP_COLUMNS} FROM wheel_groups g WHERE g.id = $1 ${lock ? 'FOR UPDATE' : ''}`, [id]);
  if (!rows[0]) return undefined;
  const items = await itemsOf(db, [id]);
  return groupView(rows[0], items.get(id) ?? []);
}

/* ---------------------------------------------------------------- saving a group */

type Refs = { products: Map<number, { rating: AgeRating; geo: boolean; name: string }>; series: Map<number, { rating: AgeRating; geo: boolean; name: string }> };

async function referencesOf(tx: Queryable, items: readonly WheelItemInput[]): Promise<Refs> {
  const productIds = [...new Set(items.map((item) => item.productId).filter((id): id is number => typeof id === 'number'))];
  const seriesIds = [...new Set(items.map((item) => item.seriesId).filter((id): id is number => typeof id === 'number'))];
  const products = await tx.query<{ id: string; name: string; age_rating: AgeRating; geo: boolean }>(
    `SELECT p.id, p.name, p.age_rating, (cardinality(p.restricted_territories) > 0 OR cardinality(COALESCE(s.restricted_territories, '{}')) > 0) AS geo
       FROM products p LEFT JOIN series s ON s.id = p.series_id WHERE p.id = ANY($1::bigint[])`,
    [productIds],
  );
  const series = await tx.query<{ id: string; title: string; age_rating: AgeRating; geo: boolean }>(
    'SELECT id, title, age_rating, cardinality(restricted_territories) > 0 AS geo FROM series WHERE id = ANY($1::bigint[])',
    [seriesIds],
  );
  return {
    products: new Map(products.rows.map((row) => [Number(row.id), { rating: row.age_rating, geo: row.geo, name: row.name }])),
    series: new Map(series.rows.map((row) => [Number(row.id), { rating: row.age_rating, geo: row.geo, name: row.title }])),
  };
}

/** The group as it would be saved, items normalised (ratings raised, unknown ids refused). */
function normalise(input: WheelGroupInput, refs: Refs, prefix: string): { items: Array<WheelItemInput & { minimumRating: AgeRating | null; geo: boolean }>; problems: WheelProblem[] } {
  const problems: WheelProblem[] = [];
  const items = input.items.map((item, index) => {
    const product = item.productId ? refs.products.get(item.productId) : undefined;
    const series = item.seriesId ? refs.series.get(item.seriesId) : undefined;
    if (item.productId && !product) problems.push({ groupId: input.id ?? null, field: `${prefix}items[${index}].productId`, bucket: null, message: WHEEL_MESSAGES.unknownProduct(item.productId) });
    if (item.seriesId && !series) problems.push({ groupId: input.id ?? null, field: `${prefix}items[${index}].seriesId`, bucket: null, message: WHEEL_MESSAGES.unknownSeries(item.seriesId) });
    const minimumRating = product?.rating ?? series?.rating ?? null;
    return {
      ...item,
      displayUpToAgeRating: raisedRating(item.displayUpToAgeRating, minimumRating),
      minimumRating,
      geo: Boolean(product?.geo) || Boolean(series?.geo),
    };
  });
  return { items, problems };
}

function toCheck(id: number | null, input: WheelGroupInput, items: ReturnType<typeof normalise>['items'], removed: boolean): GroupToCheck & { isForSteam: boolean; isForWebsite: boolean; isForNintendoSwitch: boolean } {
  return {
    id,
    type: input.type,
    name: input.name.trim(),
    removed,
    isForSteam: input.isForSteam,
    isForWebsite: input.isForWebsite,
    isForNintendoSwitch: input.isForNintendoSwitch,
    items: items.map((item): ItemToCheck => ({
      type: item.type,
      enabled: item.enabled,
      ordinal: item.ordinal,
      displayUpToAgeRating: item.displayUpToAgeRating,
      subtitle: item.subtitle ?? null,
      thumbnail: item.thumbnail ?? null,
      videoId: item.videoId ?? null,
      actionType: item.actionType ?? null,
      buttonText: item.buttonText ?? null,
      tagline: item.tagline ?? null,
      productId: item.productId ?? null,
      seriesId: item.seriesId ?? null,
      minimumRating: item.minimumRating,
      isGeoRestricted: item.geo,
    })),
  };
}

function refuse(summary: (text: string) => string, problems: readonly WheelProblem[]): void {
  if (problems.length > 0) throw new BadRequestError(summary(problems.map((item) => item.message).join(' ')), { problems: [...problems] });
}

async function takenNames(tx: Queryable, except: number | null): Promise<Set<string>> {
  const { rows } = await tx.query<{ name: string }>('SELECT name FROM wheel_groups WHERE id IS DISTINCT FROM $1', [except]);
  return new Set(rows.map((row) => row.name));
}

async function writeItems(tx: Queryable, groupId: number, items: ReturnType<typeof normalise>['items']): Promise<void> {
  const kept = items.filter((item) => item.id !== undefined).map((item) => item.id!);
  await tx.query('DELETE FROM wheel_items WHERE group_id = $1 AND NOT (id = ANY($2::bigint[]))', [groupId, kept]);
  for (const item of items) {
    const values = [
      item.type, item.enabled, item.ordinal, item.displayUpToAgeRating, item.subtitle ?? null, item.thumbnail ? JSON.stringify(item.thumbnail) : null,
      item.thumbnailFallback ? JSON.stringify(item.thumbnailFallback) : null, item.videoId ?? null, item.autoPlay ?? false, item.muted ?? true, item.actionType ?? null,
      item.buttonText ?? null, item.tagline ?? null, item.productId ?? null, item.seriesId ?? null,
    ];
    if (item.id === undefined) {
      await tx.query(
        `INSERT INTO wheel_items (group_id, type, enabled, ordinal, display_up_to_age_rating, subtitle, thumbnail, thumbnail_fallback, video_id, auto_play, muted, action_type, button_text, tagline, product_id, series_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
        [groupId, ...values],
      );
    } else {
      await tx.query(
        `UPDATE wheel_items SET type = $2, enabled = $3, ordinal = $4, display_up_to_age_rating = $5, subtitle = $6, thumbnail = $7, thumbnail_fallback = $8, video_id = $9,
                auto_play = $10, muted = $11, action_type = $12, button_text = $13, tagline = $14, product_id = $15, series_id = $16 WHERE id = $1 AND group_id = $17`,
        [item.id, ...values, groupId],
      );
    }
  }
}

const auditable = (group: WheelGroup | undefined): Record<string, unknown> =>
  group
    ? { type: group.type, name: group.name, isForSteam: group.isForSteam, isForWebsite: group.isForWebsite, isForNintendoSwitch: group.isForNintendoSwitch, isForApp: group.isForApp, isHeroBanner: group.isHeroBanner, items: group.items.map(({ productName: _p, seriesName: _s, metaData: _m, ...item }) => item) }
    : {};

/** POST /dashboard/home/entry/new (and each `added` of the ordered save): a Draft group at the end of the wheel. */
export async function createWheelGroup({ tx, outbox }: CatalogueChange, actor: StaffActor, input: WheelGroupInput, prefix = ''): Promise<number> {
  const refs = await referencesOf(tx, input.items);
  const { items, problems } = normalise(input, refs, prefix);
  refuse(WHEEL_MESSAGES.saveRefused, problems);
  refuse(WHEEL_MESSAGES.saveRefused, saveProblems(toCheck(null, input, items, false), prefix));
  const withId = items.findIndex((item) => item.id !== undefined);
  if (withId >= 0) throw new BadRequestError(WHEEL_MESSAGES.saveRefused(`a new group's items have no id yet (item ${items[withId]!.id}).`), { problems: [{ field: `${prefix}items[${withId}].id`, message: 'A new group’s items have no id yet.' }] });
  await tx.query('LOCK TABLE wheel_groups IN SHARE ROW EXCLUSIVE MODE');
  const name = uniqueName(input.name.trim(), await takenNames(tx, null));
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO wheel_groups (type, name, is_for_steam, is_for_website, is_for_nintendo_switch, is_for_app, is_hero_banner, ordinal)
     VALUES ($1, $2, $3, $4, $5, $6, $7, ${nextOrdinalSql('wheel_groups')}) RETURNING id`,
    [input.type, name, input.isForSteam, input.isForWebsite, input.isForNintendoSwitch, input.isForApp ?? false, input.isHeroBanner ?? false],
  );
  const id = Number(rows[0]!.id);
  await writeItems(tx, id, items);
  await outbox.add(tx, HOME_CHANGED_EVENT);
  await recordAudit(tx, { entity: 'wheel-group', entityId: id, action: 'created', actor, changes: fieldChanges({}, auditable(await loadWheelGroup(tx, id))) });
  return id;
}

/** Each `edited` of the ordered save: the group's fields and its items (items left out are deleted). A published group must stay publishable. */
export async function alterWheelGroup({ tx, outbox }: CatalogueChange, actor: StaffActor, input: WheelGroupInput, prefix = ''): Promise<void> {
  const id = input.id;
  if (id === undefined) throw new BadRequestError(WHEEL_MESSAGES.saveRefused('an edited group needs its id.'), { problems: [{ field: `${prefix}id`, message: 'An edited group needs its id.' }] });
  const before = await loadWheelGroup(tx, id, true);
  if (!before) throw new NotFoundError(WHEEL_MESSAGES.noGroup(id));
  if (input.expectedUpdatedAt && new Date(input.expectedUpdatedAt).getTime() !== new Date(before.updatedAt).getTime()) throw new ConflictError(WHEEL_MESSAGES.changedSince);
  const own = new Set(before.items.map((item) => item.id));
  const foreign = input.items.findIndex((item) => item.id !== undefined && !own.has(item.id));
  if (foreign >= 0) {
    const message = WHEEL_MESSAGES.unknownItem(input.items[foreign]!.id!, id);
    throw new BadRequestError(WHEEL_MESSAGES.saveRefused(message), { problems: [{ field: `${prefix}items[${foreign}].id`, message }] });
  }
  const refs = await referencesOf(tx, input.items);
  const { items, problems } = normalise(input, refs, prefix);
  refuse(WHEEL_MESSAGES.saveRefused, problems);
  const check = toCheck(id, input, items, before.status === 'Removed');
  refuse(WHEEL_MESSAGES.saveRefused, saveProblems(check, prefix));
  if (before.status === 'Published' || before.status === 'Scheduled') refuse((text) => WHEEL_MESSAGES.publishRefused(input.name, text), publishProblems(check, prefix));
  const name = input.name.trim() === before.name ? before.name : uniqueName(input.name.trim(), await takenNames(tx, id));
  await tx.query(
    `UPDATE wheel_groups SET type = $2, name = $3, is_for_steam = $4, is_for_website = $5, is_for_nintendo_switch = $6, is_for_app = $7, is_hero_banner = $8, updated_at = clock_timestamp() WHERE id = $1`,
    [id, input.type, name, input.isForSteam, input.isForWebsite, input.isForNintendoSwitch, input.isForApp ?? before.isForApp, input.isHeroBanner ?? before.isHeroBanner],
  );
  await writeItems(tx, id, items);
  const after = await loadWheelGroup(tx, id);
  const changes = fieldChanges(auditable(before), auditable(after));
  await outbox.add(tx, HOME_CHANGED_EVENT);
  await recordAudit(tx, { entity: 'wheel-group', entityId: id, action: 'altered', actor, changes });
}

export type WheelMove = 'Published' | 'Draft' | 'Removed' | 'Scheduled';

/** Publish, unpublish, restore, remove or schedule a group (§4 moves); publishing and scheduling check §5. Answers the status it ends in. */
export async function setWheelGroupStatus({ tx, outbox }: CatalogueChange, actor: StaffActor, id: number, to: WheelMove, field = 'id', publishDate?: string): Promise<CodedPublishStatus> {
  const before = await loadWheelGroup(tx, id, true);
  if (!before) throw new BadRequestError(WHEEL_MESSAGES.noGroup(id), { problems: [{ field, message: WHEEL_MESSAGES.noGroup(id) }] });
  const from = before.status;
  const sameSchedule = to === 'Scheduled' && from === 'Scheduled';
  const action = sameSchedule ? 'schedule' : publishActionFor(from, to);
  if (from === to && !sameSchedule) return from;
  if (!action || action === 'create') throw new BadRequestError(WHEEL_MESSAGES.cannotMove(from, to), { problems: [{ field, message: WHEEL_MESSAGES.cannotMove(from, to) }] });
  if (action === 'publish' || action === 'schedule') {
    const check: GroupToCheck = {
      id,
      type: before.type,
      name: before.name,
      removed: false,
      items: before.items.map((item) => ({ ...item, subtitle: item.subtitle, minimumRating: item.metaData.ageRating, isGeoRestricted: item.metaData.isGeoRestricted })),
    };
    refuse((text) => WHEEL_MESSAGES.publishRefused(before.name, text), publishProblems(check).map((item) => ({ ...item, field: `${field === 'id' ? '' : `${field}.`}${item.field}` })));
  }
  let date: Date | null = null;
  if (to === 'Scheduled') {
    date = new Date(publishDate!);
    if (!(date.getTime() > Date.now())) throw new BadRequestError(WHEEL_MESSAGES.scheduleInPast, { problems: [{ field, message: WHEEL_MESSAGES.scheduleInPast }] });
  }
  await tx.query('UPDATE wheel_groups SET status = $2, publish_date = $3, updated_at = clock_timestamp() WHERE id = $1', [id, PUBLISH_STATUS_CODES[to], date ?? (to === 'Published' ? new Date() : null)]);
  await outbox.add(tx, HOME_CHANGED_EVENT);
  await recordAudit(tx, {
    entity: 'wheel-group',
    entityId: id,
    action: AUDIT_ACTION_OF[action],
    actor,
    changes: { status: { from, to }, ...(date ? { publishDate: { from: before.publishDate, to: date.toISOString() } } : {}) },
  });
  return to;
}

/**
 * POST /dashboard/home/entry/alter: the ordered save of §4 — adds, then removals, edits, publishes,
 * unpublishes and restores, then schedules — in the caller's one transaction; the first refusal
 * names the change (`edited[1].items[3].seriesId`) and, the transaction rolling back, nothing is kept.
 * Answers the ids of the added groups, in order.
 */
export async function saveWheel(change: CatalogueChange, actor: StaffActor, save: WheelSave): Promise<number[]> {
  const edited = new Set<number>();
  (save.edited ?? []).forEach((group, index) => {
    if (group.id !== undefined && edited.has(group.id)) throw new BadRequestError(WHEEL_MESSAGES.editedTwice(group.id), { problems: [{ field: `edited[${index}].id`, message: WHEEL_MESSAGES.editedTwice(group.id) }] });
    if (group.id !== undefined) edited.add(group.id);
  });
  const added: number[] = [];
  for (const [index, group] of (save.added ?? []).entries()) added.push(await createWheelGroup(change, actor, group, `added[${index}].`));
  for (const [index, id] of (save.removed ?? []).entries()) await setWheelGroupStatus(change, actor, id, 'Removed', `removed[${index}]`);
  for (const [index, group] of (save.edited ?? []).entries()) {
    try {
      await alterWheelGroup(change, actor, group, `edited[${index}].`);
    } catch (error) {
      if (error instanceof NotFoundError) throw new BadRequestError(error.message, { problems: [{ field: `edited[${index}].id`, message: error.message }] });
      throw error;
    }
  }
  for (const [index, id] of (save.published ?? []).entries()) await setWheelGroupStatus(change, actor, id, 'Published', `published[${index}]`);
  for (const [index, id] of (save.unpublished ?? []).entries()) await setWheelGroupStatus(change, actor, id, 'Draft', `unpublished[${index}]`);
  for (const [index, id] of (save.restored ?? []).entries()) {
    const group = await loadWheelGroup(change.tx, id);
    if (group && group.status !== 'Removed') throw new BadRequestError(WHEEL_MESSAGES.cannotMove(group.status, 'Draft (restored)'), { problems: [{ field: `restored[${index}]`, message: WHEEL_MESSAGES.cannotMove(group.status, 'Draft (restored)') }] });
    await setWheelGroupStatus(change, actor, id, 'Draft', `restored[${index}]`);
  }
  for (const [index, entry] of (save.scheduled ?? []).entries()) await setWheelGroupStatus(change, actor, entry.id, 'Scheduled', `scheduled[${index}]`, entry.publishDate);
  return added;
}

/**
 * POST /dashboard/home/entry/reOrder: `groupId` null moves groups, a group's id moves its items.
 * Every id must be one of what is moved (else 400 naming the move), every oldOrder the current
 * order (else 409: someone reordered since).
 */
export async function reorderWheel({ tx, outbox }: CatalogueChange, actor: StaffActor, body: WheelReorder): Promise<void> {
  const groupId = body.groupId;
  if (groupId !== null) {
    const group = await tx.query('SELECT 1 FROM wheel_groups WHERE id = $1 FOR UPDATE', [groupId]);
    if (!group.rowCount) throw new BadRequestError(WHEEL_MESSAGES.noGroup(groupId), { problems: [{ field: 'groupId', message: WHEEL_MESSAGES.noGroup(groupId) }] });
  } else {
    await tx.query('LOCK TABLE wheel_groups IN SHARE ROW EXCLUSIVE MODE');
  }
  const { rows } = groupId === null
    ? await tx.query<{ id: string; ordinal: number | null }>('SELECT id, ordinal FROM wheel_groups')
    : await tx.query<{ id: string; ordinal: number | null }>('SELECT id, ordinal FROM wheel_items WHERE group_id = $1 FOR UPDATE', [groupId]);
  const current = new Map(rows.map((row) => [Number(row.id), row.ordinal]));
  const seen = new Set<number>();
  body.moves.forEach((move, index) => {
    const field = `moves[${index}].id`;
    if (!current.has(move.id)) throw new BadRequestError(WHEEL_MESSAGES.notOfGroup(move.id, groupId), { problems: [{ field, message: WHEEL_MESSAGES.notOfGroup(move.id, groupId) }] });
    if (seen.has(move.id)) throw new BadRequestError(WHEEL_MESSAGES.moveTwice(move.id), { problems: [{ field, message: WHEEL_MESSAGES.moveTwice(move.id) }] });
    seen.add(move.id);
  });
  for (const move of body.moves) {
    const now = current.get(move.id) ?? null;
    if (now !== move.oldOrder) throw new ConflictError(WHEEL_MESSAGES.staleOrder(move.id, move.oldOrder, now ?? -1));
  }
  const table = groupId === null ? 'wheel_groups' : 'wheel_items';
  await tx.query(`UPDATE ${table} t SET ordinal = m.new_order FROM unnest($1::bigint[], $2::int[]) AS m(id, new_order) WHERE t.id = m.id`, [body.moves.map((move) => move.id), body.moves.map((move) => move.newOrder)]);
  if (groupId !== null) await tx.query('UPDATE wheel_groups SET updated_at = clock_timestamp() WHERE id = $1', [groupId]);
  await outbox.add(tx, HOME_CHANGED_EVENT);
  const moves = Object.fromEntries(body.moves.map((move) => [String(move.id), { from: move.oldOrder, to: move.newOrder }]));
  if (groupId !== null) await recordAudit(tx, { entity: 'wheel-group', entityId: groupId, action: 'reordered', actor, changes: { items: { from: null, to: moves } } });
  else for (const move of body.moves) await recordAudit(tx, { entity: 'wheel-group', entityId: move.id, action: 'reordered', actor, changes: { order: { from: move.oldOrder, to: move.newOrder } } });
}

/* ---------------------------------------------------------------- images */

/** GET /dashboard/home/images: uploaded banners (newest first) and catalogue covers whose names match. */
export async function homeImages(db: Queryable, query: string | undefined, count: number, publicUrl: (key: string) => string): Promise<HomeImageChoice[]> {
  const pattern = query?.trim() ? `%${query.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const banners = await db.query<{ file_key: string; file_name: string; width: number; height: number }>(
    'SELECT file_key, file_name, width, height FROM home_banners WHERE ($1::text IS NULL OR file_name ILIKE $1) ORDER BY created_at DESC, id DESC LIMIT $2',
    [pattern, count],
  );
  const covers = await db.query<{ label: string; thumbnail: { url: string; width?: number; height?: number; color?: string; role?: string } }>(
    `SELECT label, thumbnail FROM (
        SELECT s.title AS label, t AS thumbnail, s.id AS id, 0 AS kind FROM series s, jsonb_array_elements(s.thumbnails) t WHERE ($1::text IS NULL OR s.title ILIKE $1)
        UNION ALL
        SELECT p.name, t, p.id, 1 FROM products p, jsonb_array_elements(p.thumbnails) t WHERE ($1::text IS NULL OR p.name ILIKE $1)
      ) c ORDER BY kind, label, id LIMIT $2`,
    [pattern, count],
  );
  const choices: HomeImageChoice[] = banners.rows.map((row) => ({
    source: 'banner',
    label: row.file_name,
    image: { url: publicUrl(row.file_key), width: row.width, height: row.height, localPath: row.file_key, color: null },
  }));
  for (const row of covers.rows) {
    if (choices.length >= count) break;
    choices.push({
      source: 'cover',
      label: row.thumbnail.role ? `${row.label} (${row.thumbnail.role})` : row.label,
      image: { url: row.thumbnail.url, width: row.thumbnail.width ?? 0, height: row.thumbnail.height ?? 0, localPath: null, color: row.thumbnail.color ?? null },
    });
  }
  return choices;
}

/** Records an uploaded banner (the bytes already in file storage at `key`). */
export async function addHomeBanner(tx: Queryable, banner: { key: string; fileName: string; contentType: string; width: number; height: number; bytes: number }): Promise<void> {
  await tx.query('INSERT INTO home_banners (file_key, file_name, content_type, width, height, bytes) VALUES ($1, $2, $3, $4, $5, $6)', [
    banner.key, banner.fileName, banner.contentType, banner.width, banner.height, banner.bytes,
  ]);
}

/* ---------------------------------------------------------------- the storefront */

export interface WheelAudience {
  /** The visitor's bucket: their maximum shown rating, or 'm'. */
  bucket: AgeRating;
  /** Upper-case country, or undefined (admins see everything). */
  country: string | undefined;
  platform: 'website' | 'app';
}

type ShownItemRow = ItemRow & {
  series_url: string | null;
  product_url: string | null;
  product_series_url: string | null;
  volume_number: number | null;
  restricted: string[];
  cover_thumbnails: Array<{ url: string; width: number; height: number; color?: string; role?: string; fallbackUrl?: string }>;
};

/**
 * The published groups (and scheduled ones whose date has come) for a platform, in order, each with
 * the items this audience may see: enabled, in the visitor's bucket, not restricted in their
 * country, pointing at something listed.
 */
export async function publishedWheel(db: Queryable, audience: WheelAudience, publicUrl?: (key: string) => string): Promise<WheelView[]> {
  // An image with the catalogue's own key is served from where file storage serves it now.
  const urlOf = (asset: ImageAsset) => (asset.localPath && publicUrl ? publicUrl(asset.localPath) : asset.url);
  const groups = await db.query<{ id: string; type: 'Thumbnail' | 'Banner'; name: string }>(
    `SELECT id, type, name FROM wheel_groups
      WHERE (status = ${PUBLISH_STATUS_CODES.Published} OR (status = ${PUBLISH_STATUS_CODES.Scheduled} AND publish_date <= now()))
        AND ${audience.platform === 'website' ? 'is_for_website' : 'is_for_app'}
      ORDER BY ordinal, id`,
  );
  if (groups.rows.length === 0) return [];
  const { rows } = await db.query<ShownItemRow>(
    `${ITEM_SELECT.replace('FROM wheel_items i', `, s.readable_url AS series_url, p.readable_url AS product_url, ps.readable_url AS product_series_url, p.volume_number,
            COALESCE(NULLIF(p.thumbnails, '[]'::jsonb), NULLIF(s.thumbnails, '[]'::jsonb), ps.thumbnails, '[]'::jsonb) AS cover_thumbnails,
            COALESCE(p.restricted_territories, '{}') || COALESCE(ps.restricted_territories, '{}') || COALESCE(s.restricted_territories, '{}') AS restricted
       FROM wheel_items i`)}
      WHERE i.group_id = ANY($1::bigint[]) AND i.enabled AND i.ordinal IS NOT NULL
        AND (i.product_id IS NULL OR ${listedSql('p').replace('AND NOT p.unlisted', '')})
        AND (i.series_id IS NULL OR ${seriesListedSql('s')})
      ORDER BY i.ordinal, i.id`,
    [groups.rows.map((row) => Number(row.id))],
  );
  const views = new Map<number, WheelView>(groups.rows.map((row) => [Number(row.id), { id: Number(row.id), type: row.type, name: row.name, slides: [] }]));
  for (const row of rows) {
    if (!shownInBucket(row.minimum_rating, row.display_up_to_age_rating, audience.bucket)) continue;
    if (audience.country && row.restricted.includes(audience.country)) continue;
    const href = hrefOf(row);
    if (!href) continue;
    const image = row.thumbnail
      ? { url: urlOf(row.thumbnail), width: row.thumbnail.width, height: row.thumbnail.height, ...(row.thumbnail.color ? { color: row.thumbnail.color } : {}), ...(row.thumbnail_fallback ? { fallbackUrl: urlOf(row.thumbnail_fallback) } : {}) }
      : null;
    views.get(Number(row.group_id))!.slides.push({
      id: Number(row.id),
      type: row.type,
      title: row.subtitle ?? row.series_name ?? row.product_name,
      tagline: row.tagline,
      buttonText: row.button_text,
      image,
      videoId: row.video_id,
      autoPlay: row.auto_play,
      muted: row.muted,
      href,
      ageRating: row.minimum_rating,
      cover: row.cover_thumbnails
        .filter((thumbnail) => (thumbnail.role ?? 'cover') === 'cover')
        .map(({ role: _role, ...thumbnail }) => thumbnail),
    });
  }
  return [...views.values()].filter((view) => view.slides.length > 0);
}

function hrefOf(row: ShownItemRow): string | undefined {
  const productPath = row.product_id ? `/product/${row.product_url ?? row.product_id}` : undefined;
  const seriesPath = row.series_id ? `/series/${row.series_url ?? row.series_id}` : undefined;
  if (row.action_type === 'Reader' && row.product_id) return `/reader/${row.product_id}`;
  if (row.action_type === 'Product') return productPath ?? seriesPath;
  if (row.action_type === 'Series') return seriesPath ?? productPath;
  return seriesPath ?? productPath;
}

/** The series items of the published website wheel (the older /spotlight view derives from them), in wheel order, unique. */
export async function spotlightSeries(db: Queryable, audience: WheelAudience, wheel?: WheelView[]): Promise<Array<{ seriesId: number; tagline: string }>> {
  wheel ??= await publishedWheel(db, audience);
  const ids = wheel.flatMap((group) => group.slides.map((slide) => slide.id));
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: string; series_id: string; tagline: string | null }>('SELECT id, series_id, tagline FROM wheel_items WHERE id = ANY($1::bigint[]) AND series_id IS NOT NULL', [ids]);
  const byItem = new Map(rows.map((row) => [Number(row.id), row]));
  const seen = new Set<number>();
  const result: Array<{ seriesId: number; tagline: string }> = [];
  for (const id of ids) {
    const row = byItem.get(id);
    if (!row || seen.has(Number(row.series_id))) continue;
    seen.add(Number(row.series_id));
    result.push({ seriesId: Number(row.series_id), tagline: row.tagline ?? '' });
  }
  return result;
}

/** The demo's and older callers' spotlight entry: a Series item appended to the published 'Spotlight' Banner group (created when missing). */
export async function appendSpotlightItem({ tx, outbox }: CatalogueChange, input: { seriesId: number; tagline: string; ordinal: number }): Promise<number> {
  await tx.query('LOCK TABLE wheel_groups IN SHARE ROW EXCLUSIVE MODE');
  let group = (await tx.query<{ id: string }>(`SELECT id FROM wheel_groups WHERE name = 'Spotlight' AND type = 'Banner' ORDER BY id LIMIT 1`)).rows[0];
  if (!group) {
    group = (await tx.query<{ id: string }>(
      `INSERT INTO wheel_groups (type, name, is_for_website, is_for_app, is_hero_banner, status, publish_date, ordinal)
       VALUES ('Banner', 'Spotlight', true, true, true, ${PUBLISH_STATUS_CODES.Published}, now(), ${nextOrdinalSql('wheel_groups')}) RETURNING id`,
    )).rows[0]!;
  }
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO wheel_items (group_id, type, enabled, ordinal, display_up_to_age_rating, subtitle, tagline, action_type, series_id, thumbnail)
     SELECT $1, 'Image', true, $2, 'm', s.title, $3, 'Series', s.id,
            (SELECT jsonb_build_object('url', t->>'url', 'width', COALESCE((t->>'width')::int, 0), 'height', COALESCE((t->>'height')::int, 0), 'localPath', NULL, 'color', t->>'color')
               FROM jsonb_array_elements(s.thumbnails) t ORDER BY (t->>'role' = 'hero') DESC LIMIT 1)
       FROM series s WHERE s.id = $4 RETURNING id`,
    [group.id, input.ordinal, input.tagline, input.seriesId],
  );
  if (!rows[0]) throw new BadRequestError(WHEEL_MESSAGES.unknownSeries(input.seriesId));
  await outbox.add(tx, HOME_CHANGED_EVENT);
  return Number(rows[0].id);
}
