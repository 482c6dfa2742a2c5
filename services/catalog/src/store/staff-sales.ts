import type { SalesCampaign, SalesCampaignInput, SalesCampaignRow, SalesListQuery, SalesProduct, SalesSeriesInfo } from '@inkwell/contracts/dashboard-merchandising';
import type { Problem } from '@inkwell/contracts/problems';
import { EVENTS, ConflictError, NotFoundError, refusal, type Paginated, type Queryable } from '@inkwell/platform';
import { PUBLISH_STATUS_CODES } from '../domain';
import { noIdMessage, publishRefusedMessage } from '../domain/messages';
import {
  campaignPhase,
  campaignPublishProblems,
  campaignSaveProblems,
  distinctSeries,
  parseInstant,
  resolveSalesProducts,
  salesSeriesUnknownMessage,
  salesVariantId,
  type ResolvedSalesProduct,
  type SaleableProduct,
} from '../domain/sales-rules';
import { problem } from '@inkwell/contracts/problems';
import { fieldChanges, recordAudit, type StaffActor } from './audit';
import type { CatalogueChange } from './catalogue-change';
import { containsPattern, missingIds, pageOf, pageWindow } from './staff-lists';

/*
 * Sales campaigns as staff edit them (dashboard spec §7 "Sales campaigns" but the spreadsheets):
 * list, read, the series picker, create, alter, publish, unpublish. Each change commits with its
 * sales-campaign.changed event (the read cache drops what it changes; the sale-boundaries flow
 * re-arms its timer) and its audit entry, in one transaction: a refused save changes nothing.
 */

type CampaignStatus = 'Draft' | 'Published';

interface CampaignState {
  name: string;
  description: string;
  startDate: Date | null;
  endDate: Date | null;
  status: CampaignStatus;
  products: ResolvedSalesProduct[];
  series: number[];
  updatedAt: Date;
}

export function salesCampaignEvent(id: number) {
  return { type: EVENTS.salesCampaignChanged.type, key: `sales-campaign:${id}`, data: { campaignId: String(id) } };
}

const statusOf = (code: number): CampaignStatus => (code === PUBLISH_STATUS_CODES.Published ? 'Published' : 'Draft');

async function readState(db: Queryable, id: number, lock: boolean): Promise<CampaignState | undefined> {
  const { rows } = await db.query<{
    name: string; description: string; start_date: Date | null; end_date: Date | null; status: number; updated_at: Date;
    products: Array<{ productId: number; variantType: 'Digital' | 'Print'; discount: number }>; series: number[];
  }>(
    `SELECT c.name, c.description, c.start_date, c.end_date, c.status, c.updated_at,
            COALESCE((SELECT json_agg(json_build_object('productId', sp.product_id, 'variantType', sp.variant_type, 'discount', sp.discount_price_cents) ORDER BY sp.id)
                        FROM sales_products sp WHERE sp.campaign_id = c.id), '[]') AS products,
            COALESCE((SELECT array_agg(cs.series_id ORDER BY cs.series_id) FROM sales_campaign_series cs WHERE cs.campaign_id = c.id), '{}') AS series
       FROM sales_campaigns c WHERE c.id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    name: row.name,
    description: row.description,
    startDate: row.start_date,
    endDate: row.end_date,
    status: statusOf(row.status),
    products: row.products.map((product) => ({ productId: Number(product.productId), variantType: product.variantType, discountPriceCents: product.discount })),
    series: row.series.map(Number),
    updatedAt: row.updated_at,
  };
}

/** The products named, with their variants, as the rules judge them. */
export async function saleableProducts(db: Queryable, ids: readonly number[]): Promise<Map<number, SaleableProduct>> {
  const found = new Map<number, SaleableProduct>();
  if (ids.length === 0) return found;
  const { rows } = await db.query<{ id: number; name: string; series_id: number | null; variants: Array<{ id: number; type: 'Digital' | 'Print'; priceCents: number; currency: string }> }>(
    `SELECT p.id, p.name, p.series_id,
            COALESCE((SELECT json_agg(json_build_object('id', v.id, 'type', v.type, 'priceCents', v.price_cents, 'currency', v.currency) ORDER BY v.type) FROM variants v WHERE v.product_id = p.id), '[]') AS variants
       FROM products p WHERE p.id = ANY($1::bigint[])`,
    [[...new Set(ids)]],
  );
  for (const row of rows) {
    found.set(Number(row.id), {
      id: Number(row.id),
      name: row.name,
      seriesId: row.series_id === null ? null : Number(row.series_id),
      variants: row.variants.map((variant) => ({ id: Number(variant.id), type: variant.type, priceCents: variant.priceCents, currency: variant.currency.trim() })),
    });
  }
  return found;
}

/** Judges a save: dates, products, series, and (for a published campaign) the publish rule. */
async function judge(tx: Queryable, body: SalesCampaignInput, status: CampaignStatus): Promise<{ state: Omit<CampaignState, 'status' | 'updatedAt'>; problems: Problem[] }> {
  const problems: Problem[] = [];
  const startDate = parseInstant(body.startDate, 'startDate', problems);
  const endDate = parseInstant(body.endDate, 'endDate', problems);
  const campaign = { name: body.name.trim(), startDate, endDate };
  problems.push(...(status === 'Published' ? campaignPublishProblems(campaign) : campaignSaveProblems(campaign)));
  const products = resolveSalesProducts(body.salesProducts, await saleableProducts(tx, body.salesProducts.map((product) => product.productId)));
  problems.push(...products.problems);
  const series = distinctSeries(body.includedSeries);
  const unknown = new Set(await missingIds(tx, 'series', series));
  body.includedSeries.forEach((id, index) => {
    if (unknown.has(id)) problems.push(problem(`includedSeries.${index}`, salesSeriesUnknownMessage(index, id)));
  });
  return { state: { name: campaign.name, description: body.description, startDate, endDate, products: products.kept, series }, problems };
}

function refuse(problems: readonly Problem[], publishing: boolean): void {
  if (problems.length === 0) return;
  throw refusal(problems, publishing ? publishRefusedMessage('The sales campaign', problems.map((item) => item.message).join('; ')) : undefined);
}

async function writeContents(tx: Queryable, id: number, state: Pick<CampaignState, 'products' | 'series'>): Promise<void> {
  await tx.query('DELETE FROM sales_products WHERE campaign_id = $1', [id]);
  await tx.query(
    `INSERT INTO sales_products (campaign_id, product_id, variant_type, discount_price_cents)
     SELECT $1, p.product_id, p.variant_type, p.discount FROM unnest($2::bigint[], $3::text[], $4::int[]) WITH ORDINALITY AS p(product_id, variant_type, discount, ordinal) ORDER BY p.ordinal`,
    [id, state.products.map((product) => product.productId), state.products.map((product) => product.variantType), state.products.map((product) => product.discountPriceCents)],
  );
  await tx.query('DELETE FROM sales_campaign_series WHERE campaign_id = $1', [id]);
  await tx.query('INSERT INTO sales_campaign_series (campaign_id, series_id) SELECT $1, unnest($2::bigint[])', [id, state.series]);
}

const auditable = (state: Omit<CampaignState, 'updatedAt'>) => ({
  name: state.name,
  description: state.description,
  startDate: state.startDate?.toISOString() ?? null,
  endDate: state.endDate?.toISOString() ?? null,
  status: state.status,
  salesProducts: state.products.map((product) => `${product.productId}/${product.variantType}=${product.discountPriceCents}`),
  includedSeries: state.series,
});

/** POST /dashboard/sales/create: a Draft campaign with whatever it has (dates in order when both set). */
export async function createStaffSalesCampaign({ tx, outbox }: CatalogueChange, actor: StaffActor, body: SalesCampaignInput): Promise<number> {
  const { state, problems } = await judge(tx, body, 'Draft');
  refuse(problems, false);
  const { rows } = await tx.query<{ id: number }>('INSERT INTO sales_campaigns (name, description, start_date, end_date, status) VALUES ($1, $2, $3, $4, $5) RETURNING id', [
    state.name,
    state.description,
    state.startDate,
    state.endDate,
    PUBLISH_STATUS_CODES.Draft,
  ]);
  const id = Number(rows[0]!.id);
  await writeContents(tx, id, state);
  await outbox.add(tx, salesCampaignEvent(id));
  await recordAudit(tx, { entity: 'sales-campaign', entityId: id, action: 'created', actor, changes: fieldChanges({}, auditable({ ...state, status: 'Draft' })) });
  return id;
}

/** POST /dashboard/sales/alter: replaces the campaign's fields and lists; a published campaign must stay publishable. */
export async function alterStaffSalesCampaign({ tx, outbox }: CatalogueChange, actor: StaffActor, body: SalesCampaignInput & { id: number }): Promise<void> {
  const before = await readState(tx, body.id, true);
  if (!before) throw new NotFoundError(noIdMessage('sales campaign', body.id));
  if (body.expectedUpdatedAt !== undefined && new Date(body.expectedUpdatedAt).getTime() !== before.updatedAt.getTime()) {
    throw new ConflictError(staleCampaignMessage(body.id, before.updatedAt));
  }
  const { state, problems } = await judge(tx, body, before.status);
  refuse(problems, before.status === 'Published');
  const after = { ...state, status: before.status };
  const changes = fieldChanges(auditable(before), auditable(after));
  if (Object.keys(changes).length === 0) return;
  await tx.query('UPDATE sales_campaigns SET name = $2, description = $3, start_date = $4, end_date = $5, updated_at = clock_timestamp() WHERE id = $1', [
    body.id,
    after.name,
    after.description,
    after.startDate,
    after.endDate,
  ]);
  await writeContents(tx, body.id, after);
  await outbox.add(tx, salesCampaignEvent(body.id));
  await recordAudit(tx, { entity: 'sales-campaign', entityId: body.id, action: 'altered', actor, changes });
}

export const staleCampaignMessage = (id: number, updatedAt: Date) =>
  `expectedUpdatedAt: sales campaign ${id} was saved by someone else since you opened it (at ${updatedAt.toISOString()}). Reload it and make your changes again.`;

/** POST /dashboard/sales/publish/{id} and /unpublish/{id}: publishing needs a name and both dates in order (§5). */
export async function setStaffSalesCampaignStatus({ tx, outbox }: CatalogueChange, actor: StaffActor, id: number, to: CampaignStatus): Promise<CampaignStatus> {
  const before = await readState(tx, id, true);
  if (!before) throw new NotFoundError(noIdMessage('sales campaign', id));
  if (before.status === to) return to;
  if (to === 'Published') refuse(campaignPublishProblems(before), true);
  await tx.query('UPDATE sales_campaigns SET status = $2, updated_at = clock_timestamp() WHERE id = $1', [id, PUBLISH_STATUS_CODES[to]]);
  await outbox.add(tx, salesCampaignEvent(id));
  await recordAudit(tx, { entity: 'sales-campaign', entityId: id, action: to === 'Published' ? 'published' : 'unpublished', actor, changes: { status: { from: before.status, to } } });
  return to;
}

interface SalesProductRow {
  id: number | null;
  productId: number;
  name: string;
  seriesId: number | null;
  variantId: number;
  variantType: 'Digital' | 'Print';
  fullPrice: number;
  discountPrice: number;
  currency: string;
}

const salesProductOf = (row: SalesProductRow, inCampaign: boolean): SalesProduct => ({
  id: row.id === null ? null : Number(row.id),
  productId: Number(row.productId),
  name: row.name,
  fullPrice: row.fullPrice,
  discountPrice: row.discountPrice,
  currency: row.currency.trim(),
  seriesId: row.seriesId === null ? null : Number(row.seriesId),
  variantId: salesVariantId({ id: Number(row.variantId), type: row.variantType }),
  inCampaign,
});

/** The campaign editor's record (GET /dashboard/sales/getCampaignById/{id}). */
export async function loadStaffSalesCampaign(db: Queryable, id: number, now: Date = new Date()): Promise<SalesCampaign | undefined> {
  const state = await readState(db, id, false);
  if (!state) return undefined;
  const { rows } = await db.query<{ products: SalesProductRow[]; series: Array<{ id: number; title: string }> }>(
    `SELECT COALESCE((SELECT json_agg(json_build_object('id', sp.id, 'productId', p.id, 'name', p.name, 'seriesId', p.series_id, 'variantId', v.id, 'variantType', v.type,
                                                      'fullPrice', v.price_cents, 'discountPrice', sp.discount_price_cents, 'currency', v.currency) ORDER BY sp.id)
                        FROM sales_products sp JOIN products p ON p.id = sp.product_id JOIN variants v ON v.product_id = sp.product_id AND v.type = sp.variant_type
                       WHERE sp.campaign_id = $1), '[]') AS products,
            COALESCE((SELECT json_agg(json_build_object('id', s.id, 'title', s.title) ORDER BY s.title, s.id)
                        FROM sales_campaign_series cs JOIN series s ON s.id = cs.series_id WHERE cs.campaign_id = $1), '[]') AS series`,
    [id],
  );
  const row = rows[0]!;
  return {
    id,
    name: state.name,
    description: state.description,
    startDate: state.startDate?.toISOString() ?? null,
    endDate: state.endDate?.toISOString() ?? null,
    status: state.status,
    phase: campaignPhase(state.startDate, state.endDate, now),
    salesProducts: row.products.map((product) => salesProductOf(product, true)),
    includedSeries: row.series.map((series) => ({ id: Number(series.id), title: series.title })),
    updatedAt: state.updatedAt.toISOString(),
  };
}

/** GET /dashboard/sales/: newest first, searched by name or description. */
export async function listStaffSalesCampaigns(db: Queryable, query: SalesListQuery, now: Date = new Date()): Promise<Paginated<SalesCampaignRow>> {
  const window = pageWindow({ start: query.fromIndex, count: query.count });
  const pattern = containsPattern(query.search);
  const where = '($1::text IS NULL OR c.name ILIKE $1 OR c.description ILIKE $1)';
  const { rows } = await db.query<{ id: number; name: string; start_date: Date | null; end_date: Date | null; status: number; product_count: number }>(
    `SELECT c.id, c.name, c.start_date, c.end_date, c.status, (SELECT count(*) FROM sales_products sp WHERE sp.campaign_id = c.id)::int AS product_count
       FROM sales_campaigns c WHERE ${where} ORDER BY c.created_at DESC, c.id DESC LIMIT $2 OFFSET $3`,
    [pattern, window.limit, window.offset],
  );
  const counts = await db.query<{ filtered: number; unfiltered: number }>(`SELECT (SELECT count(*) FROM sales_campaigns c WHERE ${where})::int AS filtered, (SELECT count(*) FROM sales_campaigns)::int AS unfiltered`, [pattern]);
  const items = rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    startDate: row.start_date?.toISOString() ?? null,
    endDate: row.end_date?.toISOString() ?? null,
    status: statusOf(row.status),
    phase: campaignPhase(row.start_date, row.end_date, now),
    productCount: row.product_count,
  }));
  return pageOf(items, window, counts.rows[0]!.filtered, counts.rows[0]!.unfiltered);
}

/** GET /dashboard/sales/getSeriesInfo/{id}: a series' products' variants at full price, to add the whole series to a campaign. */
export async function salesSeriesInfo(db: Queryable, seriesId: number): Promise<SalesSeriesInfo | undefined> {
  const { rows } = await db.query<{ title: string; products: SalesProductRow[] }>(
    `SELECT s.title,
            COALESCE((SELECT json_agg(json_build_object('id', NULL, 'productId', p.id, 'name', p.name, 'seriesId', p.series_id, 'variantId', v.id, 'variantType', v.type,
                                                      'fullPrice', v.price_cents, 'discountPrice', v.price_cents, 'currency', v.currency)
                                      ORDER BY p.volume_number NULLS LAST, p.chapter_number NULLS LAST, p.issue_number NULLS LAST, p.id, v.type)
                        FROM products p JOIN variants v ON v.product_id = p.id
                       WHERE p.series_id = s.id AND p.status <> ${PUBLISH_STATUS_CODES.Removed}), '[]') AS products
       FROM series s WHERE s.id = $1`,
    [seriesId],
  );
  const row = rows[0];
  if (!row) return undefined;
  return { id: seriesId, title: row.title, products: row.products.map((product) => salesProductOf(product, false)) };
}
