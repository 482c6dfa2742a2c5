import type { ProductCardView, SeriesCardView } from '@inkwell/contracts/catalog';
import type { CuratedItem, CuratedList, CuratedListInput, FilterCriteria } from '@inkwell/contracts/dashboard-merchandising';
import { problem, type Problem } from '@inkwell/contracts/problems';
import { EVENTS, ConflictError, NotFoundError, type Queryable } from '@inkwell/platform';
import { AGE_RATINGS, PUBLISH_STATUS_CODES } from '../domain';
import {
  CURATED_ITEM_UNKNOWN_MESSAGE,
  LIST_CHANGED_SINCE_MESSAGE,
  LIST_ID_NEEDED_MESSAGE,
  LIST_TWICE_MESSAGE,
  UNKNOWN_REFERENCE_MESSAGE,
  curatedListProblems,
  discoverFiltersOf,
} from '../domain/curated-list-rules';
import { productCard, seriesCard } from '../domain/views';
import { shownTo, type Visitor } from '../domain/visitor';
import type { OwnedProducts } from '../peers/reader-ownership';
import { fieldChanges, recordAudit, type StaffActor } from './audit';
import { refuseProblems, type CatalogueChange } from './catalogue-change';
import { discover } from './discover';
import { loadProducts, loadSeries } from './records';
import { missingIds, statusName } from './staff-lists';
import { listedSql, seriesListedSql } from './visibility';
import { nextOrdinalSql } from './ordinals';

/*
 * Curated lists, the home page's carousels (dashboard spec §3 "Curated list", §5, §7 "Home page"):
 * hand-picked items first, then — for a Filtered list — what its filter criteria find through the
 * catalog's own discover query. Each change commits with home.changed (the read cache drops the
 * storefront's answers) and its audit entry.
 */

type ListItemView = ProductCardView | SeriesCardView;

const HOME_CHANGED = { type: EVENTS.homeChanged.type, key: 'home', data: {} };

type ItemRef = { kind: 'product' | 'series'; id: number };

type Row = {
  id: string | number;
  title: string;
  type: CuratedList['type'];
  cta_text: string | null;
  cta_url: string | null;
  filter_criteria: FilterCriteria;
  status: number;
  ordinal: number;
  updated_at: Date;
  items: CuratedItem[];
};

const SELECT = `SELECT c.id, c.title, c.type, c.cta_text, c.cta_url, c.filter_criteria, c.status, c.ordinal, c.updated_at,
  COALESCE((SELECT json_agg(json_build_object('kind', CASE WHEN i.product_id IS NULL THEN 'series' ELSE 'product' END,
                                              'id', COALESCE(i.product_id, i.series_id), 'name', COALESCE(p.name, s.title)) ORDER BY i.ordinal)
              FROM carousel_items i LEFT JOIN products p ON p.id = i.product_id LEFT JOIN series s ON s.id = i.series_id
             WHERE i.carousel_id = c.id), '[]') AS items
  FROM carousels c`;

function view(row: Row): CuratedList {
  return {
    id: Number(row.id),
    title: row.title,
    type: row.type,
    customCallToActionText: row.cta_text,
    customCallToActionUrl: row.cta_url,
    curatedItems: row.items.map((item) => ({ kind: item.kind, id: Number(item.id), name: item.name ?? '' })),
    filterCriteria: row.filter_criteria,
    status: statusName(row.status),
    order: row.ordinal,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** GET /dashboard/carousels: every list in its home-page order, removed ones last. */
export async function listCuratedLists(db: Queryable): Promise<CuratedList[]> {
  const { rows } = await db.query<Row>(`${SELECT} ORDER BY c.status = ${PUBLISH_STATUS_CODES.Removed}, c.ordinal, c.id`);
  return rows.map(view);
}

export async function loadCuratedLists(db: Queryable, ids: readonly number[]): Promise<CuratedList[]> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE c.id = ANY($1::bigint[])`, [[...ids]]);
  const byId = new Map(rows.map((row) => [Number(row.id), view(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The published lists, in order, as the storefront reads them. */
export async function publishedCuratedLists(db: Queryable): Promise<CuratedList[]> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE c.status = ${PUBLISH_STATUS_CODES.Published} ORDER BY c.ordinal, c.id`);
  return rows.map(view);
}

export async function publishedCuratedList(db: Queryable, id: number): Promise<CuratedList | undefined> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE c.id = $1 AND c.status = ${PUBLISH_STATUS_CODES.Published}`, [id]);
  return rows[0] ? view(rows[0]) : undefined;
}

/** The saved form of a list, normalised: what is compared, audited and written. */
interface ListState {
  title: string;
  type: CuratedList['type'];
  customCallToActionText: string | null;
  customCallToActionUrl: string | null;
  curatedItems: ItemRef[];
  filterCriteria: FilterCriteria;
  status: string;
  order: number;
}

function stateOf(input: CuratedListInput, status: string, order: number): ListState {
  return {
    title: input.title.trim(),
    type: input.type,
    customCallToActionText: input.customCallToActionText?.trim() || null,
    customCallToActionUrl: input.customCallToActionUrl?.trim() || null,
    curatedItems: input.curatedItems.map((item) => ({ kind: item.kind, id: item.id })),
    filterCriteria: input.filterCriteria,
    status,
    order,
  };
}

const auditable = (state: ListState | CuratedList): Record<string, unknown> => ({
  title: state.title,
  type: state.type,
  customCallToActionText: state.customCallToActionText,
  customCallToActionUrl: state.customCallToActionUrl,
  curatedItems: state.curatedItems.map((item) => `${item.kind}:${item.id}`),
  filterCriteria: state.filterCriteria,
  status: state.status,
  order: state.order,
});

/** Items and references that must exist: problems named under `prefix` (e.g. `[1].curatedItems[0]`). */
export async function referenceProblems(db: Queryable, input: CuratedListInput, prefix: string): Promise<Problem[]> {
  const problems: Problem[] = [];
  const products = await missingIds(db, 'products', input.curatedItems.filter((item) => item.kind === 'product').map((item) => item.id));
  const series = await missingIds(db, 'series', input.curatedItems.filter((item) => item.kind === 'series').map((item) => item.id));
  input.curatedItems.forEach((item, position) => {
    if ((item.kind === 'product' ? products : series).includes(item.id)) problems.push(problem(`${prefix}curatedItems[${position}]`, CURATED_ITEM_UNKNOWN_MESSAGE(item.kind, item.id)));
  });
  const criteria = input.filterCriteria;
  const genres = await missingIds(db, 'genres', criteria.genres ?? []);
  (criteria.genres ?? []).forEach((id, position) => {
    if (genres.includes(id)) problems.push(problem(`${prefix}filterCriteria.genres[${position}]`, UNKNOWN_REFERENCE_MESSAGE('genre', id)));
  });
  if (criteria.ipTagId != null && (await missingIds(db, 'ip_tags', [criteria.ipTagId])).length > 0) problems.push(problem(`${prefix}filterCriteria.ipTagId`, UNKNOWN_REFERENCE_MESSAGE('IP tag', criteria.ipTagId)));
  if (criteria.imprintId != null && (await missingIds(db, 'imprints', [criteria.imprintId])).length > 0) problems.push(problem(`${prefix}filterCriteria.imprintId`, UNKNOWN_REFERENCE_MESSAGE('imprint', criteria.imprintId)));
  return problems;
}

async function write(tx: Queryable, id: number, state: ListState): Promise<void> {
  await tx.query('UPDATE carousels SET title = $2, type = $3, cta_text = $4, cta_url = $5, filter_criteria = $6, status = $7, ordinal = $8, updated_at = now() WHERE id = $1', [
    id,
    state.title,
    state.type,
    state.customCallToActionText,
    state.customCallToActionUrl,
    JSON.stringify(state.filterCriteria),
    PUBLISH_STATUS_CODES[state.status as keyof typeof PUBLISH_STATUS_CODES],
    state.order,
  ]);
  await tx.query('DELETE FROM carousel_items WHERE carousel_id = $1', [id]);
  await tx.query(
    `INSERT INTO carousel_items (carousel_id, ordinal, product_id, series_id)
     SELECT $1, item.ordinal - 1, CASE WHEN item.kind = 'product' THEN item.id END, CASE WHEN item.kind = 'series' THEN item.id END
       FROM unnest($2::text[], $3::bigint[]) WITH ORDINALITY AS item(kind, id, ordinal)`,
    [id, state.curatedItems.map((item) => item.kind), state.curatedItems.map((item) => item.id)],
  );
}

/** POST /dashboard/carousels/new: Draft unless asked Published (then it needs a title, §5), last in the order unless given one. */
export async function createCuratedList({ tx, outbox }: CatalogueChange, actor: StaffActor, input: CuratedListInput): Promise<number> {
  const status = input.status ?? 'Draft';
  refuseProblems('Curated list', [...curatedListProblems(input, status), ...(await referenceProblems(tx, input, ''))]);
  const { rows } = await tx.query<{ id: string; ordinal: number }>(
    `INSERT INTO carousels (title, ordinal, status) VALUES ($1, COALESCE($2, ${nextOrdinalSql('carousels')}), $3) RETURNING id, ordinal`,
    [input.title.trim(), input.order ?? null, PUBLISH_STATUS_CODES[status]],
  );
  const id = Number(rows[0]!.id);
  const state = stateOf(input, status, rows[0]!.ordinal);
  await write(tx, id, state);
  await outbox.add(tx, HOME_CHANGED);
  await recordAudit(tx, { entity: 'curated-list', entityId: id, action: 'created', actor, changes: fieldChanges({}, auditable(state)) });
  return id;
}

/**
 * POST /dashboard/carousels/alter: a list of lists, each with its id, saved in the caller's one
 * transaction; any problem refuses them all (fields named `[i].…`). A list left without `status`
 * keeps its own; a published list must keep a title.
 */
export async function alterCuratedLists({ tx, outbox }: CatalogueChange, actor: StaffActor, inputs: readonly CuratedListInput[]): Promise<number[]> {
  const problems: Problem[] = [];
  const seen = new Set<number>();
  inputs.forEach((input, position) => {
    if (input.id === undefined) problems.push(problem(`[${position}].id`, LIST_ID_NEEDED_MESSAGE));
    else if (seen.has(input.id)) problems.push(problem(`[${position}].id`, LIST_TWICE_MESSAGE(input.id)));
    else seen.add(input.id);
  });
  refuseProblems('Curated lists', problems);
  const ids = inputs.map((input) => input.id!);
  const { rows } = await tx.query<Row>(`${SELECT} WHERE c.id = ANY($1::bigint[]) ORDER BY c.id FOR UPDATE OF c`, [ids]);
  const before = new Map(rows.map((row) => [Number(row.id), view(row)]));
  const missing = ids.find((id) => !before.has(id));
  if (missing !== undefined) throw new NotFoundError(`There is no curated list with id ${missing}.`);
  const states: ListState[] = [];
  for (const [position, input] of inputs.entries()) {
    const old = before.get(input.id!)!;
    if (input.expectedUpdatedAt !== undefined && new Date(input.expectedUpdatedAt).getTime() !== new Date(old.updatedAt).getTime()) throw new ConflictError(LIST_CHANGED_SINCE_MESSAGE(old.id));
    const status = input.status ?? old.status;
    problems.push(...curatedListProblems(input, status, `[${position}].`), ...(await referenceProblems(tx, input, `[${position}].`)));
    states.push(stateOf(input, status, input.order ?? old.order));
  }
  refuseProblems('Curated lists', problems);
  let changed = false;
  for (const [position, state] of states.entries()) {
    const old = before.get(ids[position]!)!;
    const changes = fieldChanges(auditable(old), auditable(state));
    if (Object.keys(changes).length === 0) continue;
    changed = true;
    await write(tx, old.id, state);
    await recordAudit(tx, { entity: 'curated-list', entityId: old.id, action: 'altered', actor, changes });
  }
  if (changed) await outbox.add(tx, HOME_CHANGED);
  return ids;
}

/** POST /dashboard/carousels/remove?id: Removed, off the home page (restored by an alter with a status). */
export async function removeCuratedList({ tx, outbox }: CatalogueChange, actor: StaffActor, id: number): Promise<void> {
  const { rows } = await tx.query<{ status: number }>('SELECT status FROM carousels WHERE id = $1 FOR UPDATE', [id]);
  if (!rows[0]) throw new NotFoundError(`There is no curated list with id ${id}.`);
  if (rows[0].status === PUBLISH_STATUS_CODES.Removed) return;
  await tx.query('UPDATE carousels SET status = $2, updated_at = now() WHERE id = $1', [id, PUBLISH_STATUS_CODES.Removed]);
  await outbox.add(tx, HOME_CHANGED);
  await recordAudit(tx, { entity: 'curated-list', entityId: id, action: 'removed', actor, changes: { status: { from: statusName(rows[0].status), to: 'Removed' } } });
}

/** The hand-picked items this visitor may see, in the list's order: listed, within their rating, not restricted in their country. */
async function visibleCuratedItems(db: Queryable, items: readonly ItemRef[], visitor: Visitor): Promise<ItemRef[]> {
  if (items.length === 0) return [];
  const country = visitor.isAdmin ? '' : visitor.country ?? '';
  const products = await db.query<{ id: string; age_rating: string }>(
    `SELECT p.id, p.age_rating FROM products p LEFT JOIN series s ON s.id = p.series_id
      WHERE p.id = ANY($1::bigint[]) AND ${listedSql('p')} AND (p.series_id IS NULL OR ${seriesListedSql('s')})
        AND NOT ($2 = ANY(p.restricted_territories || COALESCE(s.restricted_territories, '{}')))`,
    [items.filter((item) => item.kind === 'product').map((item) => item.id), country],
  );
  const series = await db.query<{ id: string; age_rating: string }>(
    `SELECT s.id, s.age_rating FROM series s WHERE s.id = ANY($1::bigint[]) AND ${seriesListedSql('s')} AND NOT ($2 = ANY(s.restricted_territories))`,
    [items.filter((item) => item.kind === 'series').map((item) => item.id), country],
  );
  const shown = new Set([
    ...products.rows.filter((row) => shownTo(visitor, row.age_rating)).map((row) => `product:${row.id}`),
    ...series.rows.filter((row) => shownTo(visitor, row.age_rating)).map((row) => `series:${row.id}`),
  ]);
  return items.filter((item) => shown.has(`${item.kind}:${item.id}`));
}

/**
 * What a list shows this visitor, one page: its visible hand-picked items first, then (a Filtered
 * list) what its criteria find, without the hand-picked ones again. `fullCount` counts both.
 */
export async function curatedListEntries(
  db: Queryable,
  list: Pick<CuratedList, 'type' | 'filterCriteria'> & { curatedItems: readonly ItemRef[] },
  visitor: Visitor,
  owned: OwnedProducts,
  page: { fromIndex: number; count: number },
): Promise<{ entries: ItemRef[]; fullCount: number }> {
  const curated = await visibleCuratedItems(db, list.curatedItems, visitor);
  const entries = curated.slice(page.fromIndex, page.fromIndex + page.count);
  if (list.type === 'Curated') return { entries, fullCount: curated.length };
  const filters = discoverFiltersOf(list.filterCriteria);
  const kind = filters.includeSeries ? 'series' : 'product';
  const excludeIds = curated.filter((item) => item.kind === kind).map((item) => item.id);
  const found = await discover(db, { ...filters, excludeIds, fromIndex: Math.max(0, page.fromIndex - curated.length), count: page.count - entries.length }, visitor, owned);
  return { entries: [...entries, ...found.ids.map((id) => ({ kind: found.kind, id: Number(id) }))], fullCount: curated.length + found.fullCount };
}

/** A visitor who may see every rating and every country: the editor's preview. */
export const PREVIEW_VISITOR: Visitor = { signedIn: true, isAdmin: true, country: undefined, maxShownRating: AGE_RATINGS[AGE_RATINGS.length - 1] };

/** The storefront's cards for a list's entries, in their order (products with this visitor's prices and ownership). */
export async function listItemsOf(db: Queryable, entries: readonly ItemRef[], visitor: Visitor, owned: OwnedProducts): Promise<ListItemView[]> {
  const productIds = entries.filter((entry) => entry.kind === 'product').map((entry) => entry.id);
  const seriesIds = entries.filter((entry) => entry.kind === 'series').map((entry) => entry.id);
  const [products, series, mine] = await Promise.all([loadProducts(db, productIds), loadSeries(db, seriesIds), productIds.length > 0 ? owned() : Promise.resolve(new Set<number>())]);
  const cards = new Map<string, ListItemView>([
    ...products.map((record) => [`product:${record.id}`, productCard(record, visitor, mine.has(record.id))] as const),
    ...series.map((record) => [`series:${record.id}`, seriesCard(record)] as const),
  ]);
  return entries.flatMap((entry) => cards.get(`${entry.kind}:${entry.id}`) ?? []);
}
