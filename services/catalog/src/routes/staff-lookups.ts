import { Type } from '@sinclair/typebox';
import {
  CacheInvalidatedSchema,
  DashboardIpTagSchema,
  ImprintWithPublisherSchema,
  ImsProductSchema,
  LookupQuerySchema,
  PricingTierSchema,
  RestrictedTerritorySchema,
  type ImsProduct,
} from '@inkwell/contracts/dashboard-catalogue';
import { EVENTS, EnvelopeOf, NotFoundError, NumericId, success, type App, type Queryable, type ServiceContext } from '@inkwell/platform';
import { invalidateReads } from './read-cache';
import { recordAudit, staffActor } from '../store/audit';
import { containsPattern } from '../store/staff-lists';

const tags = ['dashboard'];
const security = [{ bearer: [] }];
const LOOKUP_LIMIT = 50;

/** The inventory system's products with their stock records; total stock is the sum of `available` (spec §3). */
async function imsProducts(db: Queryable, where: string, params: unknown[]): Promise<ImsProduct[]> {
  const { rows } = await db.query<{ id: number; sku: string; name: string; stocks: Array<{ location: string; lastUpdated: string; available: number }> }>(
    `SELECT ip.id, ip.sku, ip.name,
            COALESCE((SELECT json_agg(json_build_object('location', st.location, 'lastUpdated', st.last_updated, 'available', st.available) ORDER BY st.location)
                        FROM ims_stocks st WHERE st.ims_product_id = ip.id), '[]') AS stocks
       FROM ims_products ip WHERE ${where}`,
    params,
  );
  return rows.map((row) => {
    const stocks = row.stocks.map((stock) => ({ ...stock, lastUpdated: new Date(stock.lastUpdated).toISOString() }));
    return { id: Number(row.id), sku: row.sku, name: row.name, stocks, totalStock: stocks.reduce((total, stock) => total + stock.available, 0) };
  });
}

/**
 * The lists the dashboard's editors pick from (dashboard spec §7 "Lookups" and the home-page
 * lookups), and the whole-cache invalidation.
 */
export async function staffLookupRoutes(app: App, context: ServiceContext): Promise<void> {
  const { db, outbox } = context;
  const admin = { preHandler: context.auth.requireAdmin };

  app.get('/api/dashboard/ipTags', {
    ...admin,
    schema: { tags, security, summary: 'IP tags whose name holds the query (all when none)', querystring: LookupQuerySchema, response: { 200: EnvelopeOf(Type.Array(DashboardIpTagSchema)) } },
    handler: async (request) => {
      const { rows } = await db.query<{ id: number; name: string; readableUrl: string }>(
        'SELECT id, name, readable_url AS "readableUrl" FROM ip_tags WHERE $1::text IS NULL OR name ILIKE $1 ORDER BY lower(name), id LIMIT $2',
        [containsPattern(request.query.query), request.query.count ?? LOOKUP_LIMIT],
      );
      return success(rows.map((row) => ({ ...row, id: Number(row.id) })));
    },
  });

  app.get('/api/dashboard/ims', {
    ...admin,
    schema: { tags, security, summary: 'Inventory-system products whose name or SKU holds the query, with their stock', querystring: LookupQuerySchema, response: { 200: EnvelopeOf(Type.Array(ImsProductSchema)) } },
    handler: async (request) =>
      success(await imsProducts(db, '($1::text IS NULL OR ip.name ILIKE $1 OR ip.sku ILIKE $1) ORDER BY lower(ip.name), ip.id LIMIT $2', [containsPattern(request.query.query), request.query.count ?? LOOKUP_LIMIT])),
  });

  app.get('/api/dashboard/ims/:id', {
    ...admin,
    schema: {
      tags,
      security,
      summary: 'An inventory-system product with its stock records and total stock',
      params: Type.Object({ id: NumericId({ errorMessage: 'id must be an inventory product id (a whole number from 1).' }) }),
      response: { 200: EnvelopeOf(ImsProductSchema) },
    },
    handler: async (request) => {
      const [product] = await imsProducts(db, 'ip.id = $1', [request.params.id]);
      if (!product) throw new NotFoundError();
      return success(product);
    },
  });

  app.get('/api/dashboard/home/restrictedTerritories', {
    ...admin,
    schema: { tags, security, summary: 'Countries an item can be withheld from (ISO 3166-1 alpha-2 codes)', response: { 200: EnvelopeOf(Type.Array(RestrictedTerritorySchema)) } },
    handler: async () => success((await db.query<{ code: string; name: string }>('SELECT code, name FROM restricted_territories ORDER BY name')).rows),
  });

  app.get('/api/dashboard/home/pricing/tiers', {
    ...admin,
    schema: { tags, security, summary: 'Price tiers, cheapest first (prices in cents)', response: { 200: EnvelopeOf(Type.Array(PricingTierSchema)) } },
    handler: async () => {
      const { rows } = await db.query<{ id: number; name: string; price: number; currency: string }>('SELECT id, name, price_cents AS price, currency FROM pricing_tiers ORDER BY price_cents, name');
      return success(rows.map((row) => ({ ...row, id: Number(row.id), currency: row.currency.trim() })));
    },
  });

  app.get('/api/dashboard/home/imprints', {
    ...admin,
    schema: { tags, security, summary: 'Every imprint with its publisher', response: { 200: EnvelopeOf(Type.Array(ImprintWithPublisherSchema)) } },
    handler: async () => {
      const { rows } = await db.query<{ id: number; name: string; publisherId: number; publisherName: string }>(
        'SELECT i.id, i.name, i.publisher_id AS "publisherId", p.name AS "publisherName" FROM imprints i JOIN publishers p ON p.id = i.publisher_id ORDER BY lower(p.name), lower(i.name)',
      );
      return success(rows.map((row) => ({ ...row, id: Number(row.id), publisherId: Number(row.publisherId) })));
    },
  });

  app.post('/api/dashboard/cache/invalidateAll', {
    ...admin,
    schema: { tags, security, summary: 'Drop every cached storefront answer (here at once, in other services through catalog.cache-invalidated)', response: { 200: EnvelopeOf(CacheInvalidatedSchema) } },
    handler: async (request) => {
      const actor = staffActor(request);
      await db.transaction(async (tx) => {
        await outbox.add(tx, { type: EVENTS.cacheInvalidated.type, key: 'cache', data: {} });
        await recordAudit(tx, { entity: 'cache', entityId: null, action: 'invalidated', actor });
      });
      // Dropped here too, so the answer means this service's cache is empty already.
      await invalidateReads(context.cache);
      return success({ invalidatedAt: new Date().toISOString() });
    },
  });
}
