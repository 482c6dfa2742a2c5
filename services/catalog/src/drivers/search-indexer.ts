import type { Queryable, SearchIndex } from '@inkwell/platform';
import { effectiveRestrictedTerritories, productTypeFromCode } from '../domain';
import { loadProducts, loadSeries } from '../store/records';
import { listedSql, seriesListedSql } from '../store/visibility';

function coverThumbnails(thumbnails: Array<{ url: string; width: number; height: number; color?: string; role?: string }>) {
  return thumbnails.filter((thumbnail) => (thumbnail.role ?? 'cover') === 'cover').map(({ role: _role, ...rest }) => rest);
}

/** Products without a series are indexed this many at a time during a rebuild. */
const REBUILD_BATCH = 100;

/**
 * Keeps the search index in step with the catalogue: a listed item is (re)written, anything else
 * removed. Driven by catalog events, and by a full rebuild for search maintenance.
 */
export class SearchIndexer {
  constructor(private readonly db: Queryable, private readonly index: SearchIndex) {}

  async product(id: number): Promise<void> {
    await this.products([id]);
  }

  /** Several products at once: one visibility query and one load for all of them. */
  private async products(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const { rows } = await this.db.query<{ id: number; listed: boolean }>(
      `SELECT p.id, (${listedSql('p')} AND (p.series_id IS NULL OR ${seriesListedSql('s')})) AS listed
         FROM products p LEFT JOIN series s ON s.id = p.series_id WHERE p.id = ANY($1::bigint[])`,
      [ids],
    );
    const listed = new Set(rows.filter((row) => row.listed).map((row) => Number(row.id)));
    const records = await loadProducts(this.db, ids.filter((id) => listed.has(id)));
    for (const id of ids) if (!listed.has(id)) await this.index.remove('product', id);
    for (const record of records) {
      await this.index.upsert({
        kind: 'product',
        id: record.id,
        title: record.name,
        subtitle: [record.series_title, record.relative_name, ...record.creators.filter((c) => !c.hidden).map((c) => c.name)].filter(Boolean).join(' '),
        body: record.description,
        readableUrl: record.readable_url,
        displayType: productTypeFromCode(record.sub_category) ?? 'Product',
        thumbnails: coverThumbnails(record.thumbnails),
        ageRating: record.age_rating,
        restrictedTerritories: effectiveRestrictedTerritories(record.restricted_territories, record.series_restricted_territories ?? []),
        popularity: record.popularity,
        seriesId: record.series_id,
        volumeNumber: record.volume_number,
        chapterNumber: record.chapter_number,
      });
    }
  }

  /** A series and, since their visibility and words depend on it, all of its products. */
  async series(id: number): Promise<void> {
    const { rows } = await this.db.query<{ listed: boolean }>(`SELECT ${seriesListedSql('s')} AS listed FROM series s WHERE s.id = $1`, [id]);
    const [record] = rows[0]?.listed ? await loadSeries(this.db, [id]) : [];
    if (!record) await this.index.remove('series', id);
    else {
      await this.index.upsert({
        kind: 'series',
        id: record.id,
        title: record.title,
        subtitle: [record.romanized_title, record.original_language_title, ...record.alt_titles, ...record.creators.filter((c) => !c.hidden).map((c) => c.name), ...record.genres.map((g) => g.name)]
          .filter(Boolean)
          .join(' '),
        body: record.description,
        readableUrl: record.readable_url,
        displayType: 'Series',
        thumbnails: coverThumbnails(record.thumbnails),
        ageRating: record.age_rating,
        restrictedTerritories: record.restricted_territories,
        popularity: record.popularity,
        seriesId: record.id,
      });
    }
    const products = await this.db.query<{ id: number }>('SELECT id FROM products WHERE series_id = $1', [id]);
    await this.products(products.rows.map((product) => Number(product.id)));
  }

  /**
   * Rebuilds everything (search maintenance, first start). `progress` hears how many of the series
   * and products have been handled so far, out of how many.
   */
  async all(progress?: (done: number, total: number) => Promise<void>): Promise<{ series: number; products: number }> {
    const series = await this.db.query<{ id: number; products: number }>('SELECT s.id, (SELECT count(*) FROM products p WHERE p.series_id = s.id)::int AS products FROM series s ORDER BY s.id');
    const standalone = await this.db.query<{ id: number }>('SELECT id FROM products WHERE series_id IS NULL ORDER BY id');
    const total = series.rows.reduce((sum, row) => sum + 1 + row.products, 0) + standalone.rows.length;
    let done = 0;
    await progress?.(done, total);
    for (const row of series.rows) {
      await this.series(row.id);
      done += 1 + row.products;
      await progress?.(done, total);
    }
    const ids = standalone.rows.map((row) => Number(row.id));
    for (let start = 0; start < ids.length; start += REBUILD_BATCH) {
      const batch = ids.slice(start, start + REBUILD_BATCH);
      await this.products(batch);
      done += batch.length;
      await progress?.(done, total);
    }
    const counted = await this.db.query<{ kind: string; n: number }>('SELECT kind, count(*)::int AS n FROM search_documents GROUP BY kind');
    const count = (kind: string) => counted.rows.find((row) => row.kind === kind)?.n ?? 0;
    return { series: count('series'), products: count('product') };
  }
}
