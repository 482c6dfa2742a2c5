import { EVENTS, type Queryable } from '@inkwell/platform';
import type { ThumbnailView } from '@inkwell/contracts/catalog';
import type { CatalogueChange } from './catalogue-change';
import { productEvent } from './product-writes';
import { seriesEvent } from './series-writes';

/** A stored image of a series or product; `role` tells a series' poster ('cover') from its banner ('hero'). */
export type Thumbnail = ThumbnailView & { role?: string };

/** What a cover is drawn from: every series and product with its title and its series' colour. */
export async function coverSubjects(db: Queryable): Promise<{
  series: Array<{ id: number; title: string; color: string | null }>;
  products: Array<{ id: number; name: string; seriesTitle: string | null; seriesColor: string | null; volumeNumber: number | null; chapterNumber: number | null }>;
}> {
  const series = await db.query<{ id: number; title: string; color: string | null }>('SELECT id, title, color FROM series ORDER BY id');
  const products = await db.query<{ id: number; name: string; seriesTitle: string | null; seriesColor: string | null; volumeNumber: number | null; chapterNumber: number | null }>(
    `SELECT p.id, p.name, s.title AS "seriesTitle", s.color AS "seriesColor", p.volume_number AS "volumeNumber", p.chapter_number AS "chapterNumber"
       FROM products p LEFT JOIN series s ON s.id = p.series_id ORDER BY p.id`,
  );
  return { series: series.rows, products: products.rows };
}

/**
 * Records a series' images and writes series.changed, only when they differ from what is recorded:
 * setting the same images again (a restart re-checking its art) changes nothing and tells no one.
 */
export async function setSeriesThumbnails({ tx, outbox }: CatalogueChange, seriesId: number, thumbnails: readonly Thumbnail[]): Promise<boolean> {
  const { rowCount } = await tx.query('UPDATE series SET thumbnails = $2, updated_at = now() WHERE id = $1 AND thumbnails IS DISTINCT FROM $2::jsonb', [seriesId, JSON.stringify(thumbnails)]);
  if (!rowCount) return false;
  await outbox.add(tx, seriesEvent(seriesId));
  return true;
}

/** Records a product's covers and writes product.changed, only when they differ from what is recorded. */
export async function setProductThumbnails({ tx, outbox }: CatalogueChange, productId: number, thumbnails: readonly Thumbnail[]): Promise<boolean> {
  const { rowCount } = await tx.query('UPDATE products SET thumbnails = $2, updated_at = now() WHERE id = $1 AND thumbnails IS DISTINCT FROM $2::jsonb', [productId, JSON.stringify(thumbnails)]);
  if (!rowCount) return false;
  await outbox.add(tx, productEvent(EVENTS.productChanged.type, productId));
  return true;
}
