/**
 * The staff product list (dashboard spec §7 "Products"): the spec's filters over products, and
 * bundles mixed in when asked, a page at a time.
 */
import type { Paginated } from '@inkwell/contracts/dashboard';
import type { ProductListQuery, ProductListRow } from '@inkwell/contracts/dashboard-products';
import type { Queryable } from '@inkwell/platform';
import { PRODUCT_TYPE_CODES, PUBLISH_STATUS_CODES } from '../domain';
import { categoryName, iso, statusName, subCategoryName } from './product-editor';

const CHAPTER = PRODUCT_TYPE_CODES.Chapter;

type Row = Record<string, unknown>;

/** Products of a series in reading order, every status (spec §7 GET /dashboard/product/for/series/{id}). */
export async function productsOfSeries(db: Queryable, seriesId: number): Promise<ProductListRow[]> {
  const page = await listProducts(db, { includeRemoved: true, count: 10_000 }, { seriesId });
  return page.items;
}

const SORT_COLUMNS: Record<NonNullable<ProductListQuery['sortBy']>, string> = {
  id: 'id',
  name: 'lower(name)',
  status: 'status',
  publishDate: 'publish_date',
  updatedAt: 'updated_at',
  series: 'lower(series_title)',
  price: 'price',
};

export const DEFAULT_PAGE_SIZE = 25;

/**
 * The product list with the spec's filters. Without publishStatus, Removed products are left out
 * unless includeRemoved. includeChapters is honoured as meant (spec §5 notes a reading that passed
 * the wrong variable): absent or true lists chapters, false leaves them out.
 */
export async function listProducts(db: Queryable, filters: ProductListQuery, within: { seriesId?: number } = {}): Promise<Paginated<ProductListRow>> {
  const start = filters.start ?? 0;
  const count = filters.count ?? DEFAULT_PAGE_SIZE;
  const params: unknown[] = [];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (filters.query?.trim()) {
    const text = filters.query.trim();
    const pattern = add(`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const byId = /^\d{1,15}$/.test(text) ? ` OR id = ${add(Number(text))}` : '';
    where.push(`(name ILIKE ${pattern} OR display_name ILIKE ${pattern} OR series_title ILIKE ${pattern} OR readable_url ILIKE ${pattern}${byId})`);
  }
  if (filters.publishStatus !== undefined) {
    const code = typeof filters.publishStatus === 'number' ? filters.publishStatus : PUBLISH_STATUS_CODES[filters.publishStatus];
    where.push(`status = ${add(code)}`);
  } else if (!filters.includeRemoved) {
    where.push(`status <> ${PUBLISH_STATUS_CODES.Removed}`);
  }
  if (filters.showOnlyOnSale) where.push('on_sale');
  if (within.seriesId !== undefined) where.push(`series_id = ${add(within.seriesId)}`);
  if (filters.includeChapters === false) where.push(`sub_category <> ${CHAPTER}`);
  if (filters.distributionType !== undefined) {
    const type = filters.distributionType === 0 || filters.distributionType === 'Digital' ? 'Digital' : 'Print';
    where.push(`${add(type)} = ANY(types)`);
  }
  const includeBundles = filters.includeBundles === true;
  const direction = filters.sortDirection === 'asc' ? 'ASC' : 'DESC';
  const order =
    within.seriesId !== undefined && filters.sortBy === undefined
      ? 'volume_number NULLS LAST, chapter_number NULLS LAST, issue_number NULLS LAST, id'
      : `${SORT_COLUMNS[filters.sortBy ?? 'id']} ${direction} NULLS LAST, kind, id ${direction}`;
  const rows = `
    SELECT 'product' AS kind, p.id, p.name, p.display_name, p.category, p.sub_category, p.status, p.publish_date, p.readable_url,
           p.series_id, s.title AS series_title, p.issue_number, p.volume_number, p.chapter_number,
           COALESCE(p.default_thumbnail, p.thumbnails -> 0) AS thumbnail,
           COALESCE((SELECT array_agg(DISTINCT v.type) FROM variants v WHERE v.product_id = p.id), '{}') AS types,
           (SELECT min(v.price_cents) FROM variants v WHERE v.product_id = p.id AND v.enabled) AS price,
           EXISTS (SELECT 1 FROM sales_products sp JOIN sales_campaigns c ON c.id = sp.campaign_id
                     JOIN variants v ON v.product_id = sp.product_id AND v.type = sp.variant_type AND v.enabled
                    WHERE sp.product_id = p.id AND c.status = ${PUBLISH_STATUS_CODES.Published} AND now() BETWEEN c.start_date AND c.end_date
                      AND sp.discount_price_cents < v.price_cents) AS on_sale,
           p.unlisted, p.updated_at
      FROM products p LEFT JOIN series s ON s.id = p.series_id
    ${includeBundles ? `UNION ALL
    SELECT 'bundle', b.id, b.name, NULL, 3, ${PRODUCT_TYPE_CODES.DigitalBundle}, b.status, NULL, b.readable_url, NULL, NULL, NULL, NULL, NULL,
           b.default_thumbnail, ARRAY['Digital'], b.price_cents, false, false, b.created_at
      FROM bundles b` : ''}`;
  const { rows: found } = await db.query<Row & { total: string }>(
    `WITH listed AS (${rows})
     SELECT *, count(*) OVER () AS total FROM listed ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY ${order} LIMIT ${add(count)} OFFSET ${add(start)}`,
    params,
  );
  const filtered = found[0] ? Number(found[0].total) : (await db.query<{ n: string }>(`WITH listed AS (${rows}) SELECT count(*) AS n FROM listed ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`, params.slice(0, -2))).rows[0]!.n;
  const unfiltered = await db.query<{ n: string }>(
    `SELECT (SELECT count(*) FROM products)${includeBundles ? ' + (SELECT count(*) FROM bundles)' : ''} AS n`,
  );
  const items = found.map((row): ProductListRow => {
    const seriesId = row.series_id as string | null;
    return {
      id: Number(row.id),
      kind: row.kind as 'product' | 'bundle',
      name: row.name as string,
      displayName: row.display_name as string | null,
      category: row.kind === 'bundle' ? 'Bundle' : categoryName(row.category as number),
      subCategory: row.kind === 'bundle' ? 'DigitalBundle' : subCategoryName(row.sub_category as number),
      subCategoryId: row.sub_category as number,
      status: statusName(row.status as number),
      statusCode: row.status as number,
      publishDate: iso(row.publish_date as Date | null),
      readableUrl: row.readable_url as string | null,
      series: seriesId === null ? null : { id: Number(seriesId), title: (row.series_title as string | null) ?? '' },
      issueNumber: row.issue_number as number | null,
      volumeNumber: row.volume_number as number | null,
      chapterNumber: row.chapter_number as number | null,
      thumbnail: (row.thumbnail as ProductListRow['thumbnail']) ?? null,
      distributionTypes: (row.types as Array<'Digital' | 'Print'>).sort(),
      price: row.price as number | null,
      isOnSale: row.on_sale as boolean,
      unlisted: row.unlisted as boolean,
      updatedAt: (row.updated_at as Date).toISOString(),
    };
  });
  const filteredRows = Number(filtered);
  return {
    items,
    thisPageNumber: Math.floor(start / count) + 1,
    thisPageSize: items.length,
    totalPageNumber: Math.ceil(filteredRows / count),
    filteredTotalRows: filteredRows,
    unfilteredTotalRows: Number(unfiltered.rows[0]!.n),
  };
}
