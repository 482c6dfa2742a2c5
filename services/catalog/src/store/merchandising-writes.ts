import type { ThumbnailView } from '@inkwell/contracts/catalog';
import { problem, type Problem } from '@inkwell/contracts/problems';
import { EVENTS, type Queryable } from '@inkwell/platform';
import { PUBLISH_STATUS_CODES, type PublishStatusName } from '../domain';
import { bundlePublishProblems, refusePublishing } from '../domain/staff-catalogue-rules';
import {
  BUNDLE_NAME_MESSAGE,
  BUNDLE_PRODUCT_ONCE_MESSAGE,
  CAMPAIGN_NAME_MESSAGE,
  CAROUSEL_TITLE_MESSAGE,
  NEWS_TITLE_AND_URL_MESSAGE,
  PRICE_IN_CENTS_MESSAGE,
} from '../domain/messages';
import { SALES_MESSAGES } from '@inkwell/contracts/dashboard-merchandising';
import { fieldChanges, recordAudit, type StaffActor } from './audit';
import { checkReadableUrl, refuseProblems, type CatalogueChange } from './catalogue-change';
import { appendSpotlightItem } from './wheel';

/*
 * What staff put around the products: bundles, sales campaigns, the home page's wheel and
 * carousels, and news. Each write carries its event, so the read cache drops the answers it changes.
 */

export interface NewBundle {
  name: string;
  description: string;
  readableUrl?: string;
  /** Published only by the staff rule (dashboard spec §5): a name, a description and a default thumbnail. */
  status: PublishStatusName;
  defaultThumbnail?: ThumbnailView;
  priceCents: number;
  /** In the order they are listed, each with its share of the bundle price. */
  items: ReadonlyArray<{ productId: number; priceCents: number }>;
}

const isCents = (value: number) => Number.isSafeInteger(value) && value >= 0;

export async function createBundle({ tx, outbox }: CatalogueChange, input: NewBundle): Promise<number> {
  checkReadableUrl('Bundle', input.readableUrl);
  const problems: Problem[] = [];
  if (!input.name.trim()) problems.push(problem('name', BUNDLE_NAME_MESSAGE));
  if (!isCents(input.priceCents) || !input.items.every((item) => isCents(item.priceCents))) {
    const item = input.items.findIndex((entry) => !isCents(entry.priceCents));
    problems.push(problem(isCents(input.priceCents) ? `items.${item}.price` : 'price', PRICE_IN_CENTS_MESSAGE));
  }
  if (new Set(input.items.map((item) => item.productId)).size !== input.items.length) problems.push(problem('items', BUNDLE_PRODUCT_ONCE_MESSAGE));
  refuseProblems('Bundle', problems);
  if (input.status === 'Published') refusePublishing('The bundle', bundlePublishProblems({ name: input.name, description: input.description, hasDefaultThumbnail: input.defaultThumbnail !== undefined }));
  const { rows } = await tx.query<{ id: number }>(
    'INSERT INTO bundles (name, description, readable_url, status, price_cents, default_thumbnail) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [input.name, input.description, input.readableUrl ?? null, PUBLISH_STATUS_CODES[input.status], input.priceCents, input.defaultThumbnail ? JSON.stringify(input.defaultThumbnail) : null],
  );
  const id = rows[0]!.id;
  await tx.query(
    `INSERT INTO bundle_items (bundle_id, product_id, price_cents, ordinal)
     SELECT $1, i.product_id, i.price_cents, i.ordinal FROM unnest($2::bigint[], $3::int[]) WITH ORDINALITY AS i(product_id, price_cents, ordinal)`,
    [id, input.items.map((item) => item.productId), input.items.map((item) => item.priceCents)],
  );
  await outbox.add(tx, { type: EVENTS.bundleChanged.type, key: `bundle:${id}`, data: { bundleId: String(id) } });
  return id;
}

/** A bundle waiting for its art: a Draft without a default thumbnail, with its first item. */
export async function bundlesAwaitingArt(db: Queryable): Promise<Array<{ id: number; firstProductId: number }>> {
  const { rows } = await db.query<{ id: number; firstProductId: number }>(
    `SELECT b.id, (SELECT i.product_id FROM bundle_items i WHERE i.bundle_id = b.id ORDER BY i.ordinal LIMIT 1) AS "firstProductId"
       FROM bundles b WHERE b.default_thumbnail IS NULL AND b.status = $1 AND EXISTS (SELECT 1 FROM bundle_items i WHERE i.bundle_id = b.id) ORDER BY b.id`,
    [PUBLISH_STATUS_CODES.Draft],
  );
  return rows.map((row) => ({ id: Number(row.id), firstProductId: Number(row.firstProductId) }));
}

/**
 * Gives a bundle its default thumbnail and publishes it, by the same rule as staff publishing
 * (a name, a description and a default thumbnail); false when it was published already.
 */
export async function publishBundleWithThumbnail({ tx, outbox }: CatalogueChange, bundleId: number, thumbnail: ThumbnailView): Promise<boolean> {
  const { rows } = await tx.query<{ name: string; description: string; status: number }>('SELECT name, description, status FROM bundles WHERE id = $1 FOR UPDATE', [bundleId]);
  const bundle = rows[0];
  if (!bundle || bundle.status === PUBLISH_STATUS_CODES.Published) return false;
  refusePublishing('The bundle', bundlePublishProblems({ name: bundle.name, description: bundle.description, hasDefaultThumbnail: true }));
  await tx.query('UPDATE bundles SET default_thumbnail = $2, status = $3, updated_at = now() WHERE id = $1', [bundleId, JSON.stringify(thumbnail), PUBLISH_STATUS_CODES.Published]);
  await outbox.add(tx, { type: EVENTS.bundleChanged.type, key: `bundle:${bundleId}`, data: { bundleId: String(bundleId) } });
  return true;
}

export interface NewSalesCampaign {
  name: string;
  description: string;
  startDate: Date;
  endDate: Date;
  status: 'Draft' | 'Published';
  products: ReadonlyArray<{ productId: number; variantType: 'Digital' | 'Print'; discountPriceCents: number }>;
  /** Series added whole (dashboard spec §3 includedSeries); repeats are a no-op. */
  includedSeries?: readonly number[];
  /** The staff member creating it (a spreadsheet import): the change is audited as theirs. */
  actor?: StaffActor;
}

/** A sales campaign: while it is published and running, its products sell at their discount prices. */
export async function createSalesCampaign({ tx, outbox }: CatalogueChange, input: NewSalesCampaign): Promise<number> {
  const problems: Problem[] = [];
  if (!input.name.trim()) problems.push(problem('name', CAMPAIGN_NAME_MESSAGE));
  if (!(input.endDate.getTime() >= input.startDate.getTime())) problems.push(problem('endDate', SALES_MESSAGES.endBeforeStart));
  const discount = input.products.findIndex((product) => !isCents(product.discountPriceCents));
  if (discount >= 0) problems.push(problem(`products.${discount}.discountPrice`, PRICE_IN_CENTS_MESSAGE));
  refuseProblems('Sales campaign', problems);
  const { rows } = await tx.query<{ id: number }>(
    'INSERT INTO sales_campaigns (name, description, start_date, end_date, status) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [input.name, input.description, input.startDate, input.endDate, PUBLISH_STATUS_CODES[input.status]],
  );
  const id = rows[0]!.id;
  await tx.query(
    `INSERT INTO sales_products (campaign_id, product_id, variant_type, discount_price_cents)
     SELECT $1, p.product_id, p.variant_type, p.discount FROM unnest($2::bigint[], $3::text[], $4::int[]) AS p(product_id, variant_type, discount)`,
    [id, input.products.map((product) => product.productId), input.products.map((product) => product.variantType), input.products.map((product) => product.discountPriceCents)],
  );
  if (input.includedSeries?.length) await tx.query('INSERT INTO sales_campaign_series (campaign_id, series_id) SELECT DISTINCT $1::bigint, unnest($2::bigint[])', [id, [...input.includedSeries]]);
  await outbox.add(tx, { type: EVENTS.salesCampaignChanged.type, key: `sales-campaign:${id}`, data: { campaignId: String(id) } });
  if (input.actor) {
    const changes = fieldChanges({}, { name: input.name, description: input.description, startDate: input.startDate.toISOString(), endDate: input.endDate.toISOString(), status: input.status, salesProducts: input.products.length, includedSeries: input.includedSeries ?? [] });
    await recordAudit(tx, { entity: 'sales-campaign', entityId: Number(id), action: 'created', actor: input.actor, changes });
  }
  return id;
}

const HOME_CHANGED = { type: EVENTS.homeChanged.type, key: 'home', data: {} };

/** A series in the home page's spotlight wheel, at `ordinal`: an item of the published 'Spotlight' Banner group (store/wheel.ts). */
export async function addHomeEntry(change: CatalogueChange, input: { seriesId: number; tagline: string; ordinal: number }): Promise<number> {
  return appendSpotlightItem(change, input);
}

/**
 * A published home-page carousel of the items the /discover/v2 `filter` picks, e.g.
 * `{ isOnSale: true, sort: 0 }`: a Filtered curated list whose criteria are the filter in the
 * spec's names (see `createCuratedList` for lists as staff make them).
 */
export async function createCarousel({ tx, outbox }: CatalogueChange, input: { title: string; filter: Record<string, unknown>; link?: string; ordinal: number }): Promise<number> {
  refuseProblems('Carousel', input.title.trim() ? [] : [problem('title', CAROUSEL_TITLE_MESSAGE)]);
  const { genreIds, seriesStatus, distributionType, ...rest } = input.filter;
  const criteria = {
    ...rest,
    ...(genreIds === undefined ? {} : { genres: genreIds }),
    ...(seriesStatus === undefined ? {} : { SeriesStatus: seriesStatus }),
    ...(distributionType === 'Digital' ? { hasDownloadablePriceTypeFlag: true } : distributionType === 'Print' ? { hasShippablePriceTypeFlag: true } : {}),
  };
  const { rows } = await tx.query<{ id: number }>("INSERT INTO carousels (title, type, filter_criteria, cta_url, ordinal, status) VALUES ($1, 'Filtered', $2, $3, $4, $5) RETURNING id", [
    input.title,
    JSON.stringify(criteria),
    input.link ?? null,
    input.ordinal,
    PUBLISH_STATUS_CODES.Published,
  ]);
  await outbox.add(tx, HOME_CHANGED);
  return rows[0]!.id;
}

export interface NewNewsArticle {
  title: string;
  readableUrl: string;
  summary: string;
  /** Simple HTML: <p>, <h2>, <ul>, links to storefront pages. */
  bodyHtml: string;
  /** 'News', 'Announcement', 'Feature' */
  pageType: string;
  status: PublishStatusName;
  publishedAt?: Date;
  /** The series it is about, whose cover illustrates it. */
  seriesId?: number;
}

export async function createNewsArticle({ tx, outbox }: CatalogueChange, input: NewNewsArticle): Promise<number> {
  checkReadableUrl('News article', input.readableUrl);
  refuseProblems('News article', input.title.trim() && input.readableUrl.trim() ? [] : [problem(input.title.trim() ? 'readableUrl' : 'title', NEWS_TITLE_AND_URL_MESSAGE)]);
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO news_articles (title, readable_url, summary, body_html, page_type, status, published_at, series_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [input.title, input.readableUrl, input.summary, input.bodyHtml, input.pageType, PUBLISH_STATUS_CODES[input.status], input.publishedAt ?? null, input.seriesId ?? null],
  );
  const id = rows[0]!.id;
  await outbox.add(tx, { type: EVENTS.newsChanged.type, key: `news:${id}`, data: { articleId: String(id) } });
  return id;
}
