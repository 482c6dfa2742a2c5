import type { Database, FileStorage, Logger, Transaction } from '@inkwell/platform';
import { PRODUCT_TYPE_CODES, PUBLISH_STATUS_CODES, slugify } from '../domain';
import type { ThumbnailView } from '../views/types';
import { coverSvg, renderWidths, seriesHeroSvg } from './art';
import { DEMO_REFERENCE_DATE, generateDemoCatalogue } from './generate';
import type { DemoCatalogue } from './types';

/** Widths covers are rendered at (storefront spec §9: comic list widths 250,500). */
export const COVER_WIDTHS = [250, 500];
const HERO_WIDTHS = [1200];
const DAY_MS = 86_400_000;

type Ids = Map<string, number>;

/**
 * Loads the demo catalogue into an empty catalog database, all in one transaction, with its dates
 * moved so that "new", "pre-order" and "on sale" mean the same today as on the generator's
 * reference date. Returns false when the database already has products.
 */
export async function seedDemoData(db: Database, logger: Logger, seed = 1, now = new Date()): Promise<boolean> {
  const catalogue = generateDemoCatalogue(seed);
  const shiftMs = Math.floor((now.getTime() - new Date(DEMO_REFERENCE_DATE).getTime()) / DAY_MS) * DAY_MS;
  const shift = (iso: string | undefined) => (iso ? new Date(new Date(iso).getTime() + shiftMs) : null);
  return db.transaction(async (tx) => {
    const existing = await tx.query('SELECT 1 FROM products LIMIT 1');
    if (existing.rowCount) return false;
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['catalog:demo-seed']);
    const publishers = await insertLookups(tx, catalogue);
    const products: Array<{ id: number; sale?: number }> = [];
    let popularSeries: Array<{ id: number; popularity: number; tagline: string }> = [];
    for (const series of catalogue.series) {
      const [publisherId, imprintId] = publishers.publisher(series.publisher, series.imprint);
      const popularity = Math.max(0, ...series.products.map((product) => product.popularity));
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO series (title, description, meta_description, readable_url, color, completion_status, original_language_title, romanized_title,
                             alt_titles, restricted_territories, unlisted, status, age_rating, right_to_left, publisher_id, imprint_id, ip_tag_id, popularity)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) RETURNING id`,
        [
          series.title, series.description, series.description.split('. ')[0], series.readableUrl, series.color, series.completionStatus,
          series.originalLanguageTitle ?? null, series.romanizedTitle ?? null, series.altTitles, series.restrictedTerritories, series.unlisted,
          PUBLISH_STATUS_CODES[series.status], series.ageRating, series.rightToLeft, publisherId, imprintId,
          series.ipTag ? publishers.ipTags.get(series.ipTag) ?? null : null, popularity,
        ],
      );
      const seriesId = rows[0]!.id;
      if (series.status === 'Published' && !series.unlisted) popularSeries.push({ id: seriesId, popularity, tagline: series.description.split('. ')[0]!.replace(/\.$/, '') });
      for (const genre of series.genres) await tx.query('INSERT INTO series_genres (series_id, genre_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [seriesId, publishers.genres.get(genre)]);
      for (const [ordinal, credit] of series.creators.entries()) {
        await tx.query('INSERT INTO series_creators (series_id, creator_id, title, ordinal) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [seriesId, publishers.creators.get(credit.creator), credit.title, ordinal]);
      }
      for (const product of series.products) {
        const inserted = await tx.query<{ id: number }>(
          `INSERT INTO products (name, description, category, sub_category, readable_url, status, publish_date, unlisted, series_id, volume_number,
                                 chapter_number, relative_name, page_count, age_rating, restricted_territories, reverse_read_order, ingest_completed,
                                 publisher_id, imprint_id, popularity)
           VALUES ($1, $2, 0, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, true, $16, $17, $18) RETURNING id`,
          [
            product.name, product.description, PRODUCT_TYPE_CODES[product.subCategory], product.readableUrl, PUBLISH_STATUS_CODES[product.status],
            shift(product.publishDate), product.unlisted, seriesId, product.volumeNumber ?? null, product.chapterNumber ?? null,
            product.relativeName ?? null, product.pageCount, product.ageRating, product.restrictedTerritories, product.reverseReadOrder,
            publisherId, imprintId, product.popularity,
          ],
        );
        const productId = inserted.rows[0]!.id;
        for (const variant of product.variants) {
          await tx.query(
            `INSERT INTO variants (product_id, type, price_type, price_cents, currency, schedule_date, is_pre_order, cart_limit, stock_info)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
            [productId, variant.type, variant.priceType, variant.priceCents, variant.currency, shift(variant.scheduleDate), variant.isPreOrder, variant.cartLimit ?? null, variant.stock ? JSON.stringify(variant.stock) : null],
          );
        }
        products.push({ id: productId, ...(product.saleDigitalPriceCents !== undefined ? { sale: product.saleDigitalPriceCents } : {}) });
      }
    }
    await insertSale(tx, products, now);
    popularSeries = popularSeries.sort((a, b) => b.popularity - a.popularity).slice(0, 6);
    for (const [ordinal, entry] of popularSeries.entries()) {
      await tx.query('INSERT INTO home_entries (series_id, tagline, ordinal) VALUES ($1, $2, $3)', [entry.id, entry.tagline, ordinal]);
    }
    await insertCarousels(tx);
    await insertNews(tx, catalogue, shift);
    await insertBundles(tx);
    logger.info({ series: catalogue.series.length, products: products.length }, 'demo catalogue seeded');
    return true;
  });
}

async function insertLookups(tx: Transaction, catalogue: DemoCatalogue) {
  const publisherIds: Ids = new Map();
  const imprintIds: Ids = new Map();
  for (const publisher of catalogue.publishers) {
    const { rows } = await tx.query<{ id: number }>('INSERT INTO publishers (name) VALUES ($1) RETURNING id', [publisher.name]);
    publisherIds.set(publisher.key, rows[0]!.id);
    for (const imprint of publisher.imprints) {
      const inserted = await tx.query<{ id: number }>('INSERT INTO imprints (publisher_id, name) VALUES ($1, $2) RETURNING id', [rows[0]!.id, imprint]);
      imprintIds.set(`${publisher.key}/${imprint}`, inserted.rows[0]!.id);
    }
  }
  const genres: Ids = new Map();
  for (const genre of catalogue.genres) {
    const { rows } = await tx.query<{ id: number }>('INSERT INTO genres (name, readable_url) VALUES ($1, $2) RETURNING id', [genre.name, slugify(genre.name)]);
    genres.set(genre.key, rows[0]!.id);
  }
  const creators: Ids = new Map();
  for (const creator of catalogue.creators) {
    const { rows } = await tx.query<{ id: number }>('INSERT INTO creators (name) VALUES ($1) RETURNING id', [creator.name]);
    creators.set(creator.key, rows[0]!.id);
  }
  const ipTags: Ids = new Map();
  for (const tag of catalogue.ipTags) {
    const { rows } = await tx.query<{ id: number }>('INSERT INTO ip_tags (name, readable_url) VALUES ($1, $2) RETURNING id', [tag.name, slugify(tag.name)]);
    ipTags.set(tag.key, rows[0]!.id);
  }
  return {
    genres,
    creators,
    ipTags,
    publisher(key: string, imprint: string | undefined): [number | null, number | null] {
      return [publisherIds.get(key) ?? null, imprint ? imprintIds.get(`${key}/${imprint}`) ?? null : null];
    },
  };
}

async function insertSale(tx: Transaction, products: Array<{ id: number; sale?: number }>, now: Date): Promise<void> {
  const onSale = products.filter((product) => product.sale !== undefined);
  if (onSale.length === 0) return;
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO sales_campaigns (name, description, start_date, end_date, status) VALUES ('Autumn Reading Sale', 'Selected digital volumes at reduced prices.', $1, $2, $3) RETURNING id`,
    [new Date(now.getTime() - 7 * DAY_MS), new Date(now.getTime() + 30 * DAY_MS), PUBLISH_STATUS_CODES.Published],
  );
  for (const product of onSale) {
    await tx.query("INSERT INTO sales_products (campaign_id, product_id, variant_type, discount_price_cents) VALUES ($1, $2, 'Digital', $3)", [rows[0]!.id, product.id, product.sale]);
  }
}

async function insertCarousels(tx: Transaction): Promise<void> {
  const carousels: Array<[string, Record<string, unknown>, string | null]> = [
    ['New releases', { newOnly: true, sort: 5, typeIds: [PRODUCT_TYPE_CODES.Volume] }, '/browse/?st=3&is=false'],
    ['On sale now', { isOnSale: true, sort: 0 }, '/browse/?s=0&st=true'],
    ['Read the first chapters free', { isFree: true, typeIds: [PRODUCT_TYPE_CODES.Chapter], sort: 7 }, null],
    ['Popular series', { includeSeries: true, sort: 7 }, '/browse/'],
    ['Coming soon', { scheduleStatus: [PUBLISH_STATUS_CODES.ScheduledPreOrder, PUBLISH_STATUS_CODES.ScheduledComingSoon], sort: 6 }, '/calendar/'],
  ];
  for (const [ordinal, [title, filter, link]] of carousels.entries()) {
    await tx.query('INSERT INTO carousels (title, filter, link, ordinal) VALUES ($1, $2, $3, $4)', [title, JSON.stringify(filter), link, ordinal]);
  }
}

async function insertNews(tx: Transaction, catalogue: DemoCatalogue, shift: (iso: string | undefined) => Date | null): Promise<void> {
  for (const article of catalogue.news) {
    await tx.query(
      `INSERT INTO news_articles (title, readable_url, summary, body_html, page_type, status, published_at, series_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, (SELECT id FROM series WHERE readable_url = $8))`,
      [article.title, article.readableUrl, article.summary, article.bodyHtml, article.pageType, PUBLISH_STATUS_CODES.Published, shift(article.publishedAt), article.series ? catalogue.series.find((s) => s.key === article.series)?.readableUrl ?? null : null],
    );
  }
  await tx.query("INSERT INTO short_urls (code, long_url) SELECT 'news', '/news/' UNION ALL SELECT 'calendar', '/calendar/'");
}

/** Starter packs: the first three published volumes of the most popular complete series. */
async function insertBundles(tx: Transaction): Promise<void> {
  const { rows } = await tx.query<{ id: number; title: string; readable_url: string }>(
    `SELECT s.id, s.title, s.readable_url FROM series s
      WHERE s.status = $1 AND NOT s.unlisted AND (SELECT count(*) FROM products p WHERE p.series_id = s.id AND p.sub_category = $2 AND p.status = $1) >= 3
      ORDER BY s.popularity DESC LIMIT 3`,
    [PUBLISH_STATUS_CODES.Published, PRODUCT_TYPE_CODES.Volume],
  );
  for (const series of rows) {
    const bundle = await tx.query<{ id: number }>(
      `INSERT INTO bundles (name, description, readable_url, status, price_cents) VALUES ($1, $2, $3, $4, 2499) RETURNING id`,
      [`${series.title} starter pack`, `The first three volumes of ${series.title} together.`, `${series.readable_url}-starter-pack`, PUBLISH_STATUS_CODES.Published],
    );
    await tx.query(
      `INSERT INTO bundle_items (bundle_id, product_id, ordinal, price_cents)
       SELECT $1, p.id, row_number() OVER (ORDER BY p.volume_number), 833 FROM products p
        WHERE p.series_id = $2 AND p.sub_category = $3 AND p.status = $4 ORDER BY p.volume_number LIMIT 3`,
      [bundle.rows[0]!.id, series.id, PRODUCT_TYPE_CODES.Volume, PUBLISH_STATUS_CODES.Published],
    );
  }
}

/**
 * Renders the demo art (series posters and banners, product covers) into file storage and records
 * the thumbnails, reporting progress; images already stored are not rendered again.
 */
export async function renderDemoArt(db: Database, files: FileStorage, logger: Logger, signal?: AbortSignal): Promise<boolean> {
  const series = await db.query<{ id: number; title: string; color: string }>(`SELECT id, title, COALESCE(color, 'navy') AS color FROM series ORDER BY id`);
  const products = await db.query<{ id: number; name: string; color: string; volume_number: number | null; chapter_number: number | null; series_title: string | null }>(
    `SELECT p.id, p.name, COALESCE(s.color, 'navy') AS color, p.volume_number, p.chapter_number, s.title AS series_title
       FROM products p LEFT JOIN series s ON s.id = p.series_id ORDER BY p.id`,
  );
  const total = series.rows.length + products.rows.length;
  let done = 0;
  let lastReport = Date.now();
  const progress = () => {
    done += 1;
    if (Date.now() - lastReport > 3000 || done === total) {
      lastReport = Date.now();
      logger.info({ done, total }, `rendering demo art ${done}/${total}`);
    }
  };
  /** `ratio` is height over width of the art. */
  const store = async (svg: string, key: string, widths: number[], ratio: number, role: string): Promise<Array<ThumbnailView & { role: string }>> => {
    const keys = widths.map((width) => ({ width, webp: `${key}-${width}.webp`, jpeg: `${key}-${width}.jpg` }));
    const present = await Promise.all(keys.flatMap((entry) => [files.exists(entry.webp), files.exists(entry.jpeg)]));
    if (present.some((exists) => !exists)) {
      // One rasterisation of the SVG serves every width.
      const images = await renderWidths(svg, widths);
      for (const [index, image] of images.entries()) {
        await files.put(keys[index]!.webp, image.webp, 'image/webp');
        await files.put(keys[index]!.jpeg, image.jpeg, 'image/jpeg');
      }
    }
    const thumbnails = keys.map((entry) => ({ url: files.publicUrl(entry.webp), fallbackUrl: files.publicUrl(entry.jpeg), width: entry.width, height: Math.round(entry.width * ratio), role }));
    return thumbnails;
  };
  for (const row of series.rows) {
    if (signal?.aborted) return false;
    const poster = await store(coverSvg({ title: row.title, seriesColor: row.color, seed: row.id, width: 500, height: 700 }), `covers/series-${row.id}`, COVER_WIDTHS, 1.4, 'cover');
    const hero = await store(seriesHeroSvg({ title: row.title, seriesColor: row.color, seed: row.id, width: 1200, height: 400 }), `covers/series-${row.id}-hero`, HERO_WIDTHS, 1 / 3, 'hero');
    await db.query('UPDATE series SET thumbnails = $2 WHERE id = $1', [row.id, JSON.stringify(withColor([...poster, ...hero], row.color))]);
    progress();
  }
  for (const row of products.rows) {
    if (signal?.aborted) return false;
    const subtitle = row.chapter_number !== null ? `Chapter ${row.chapter_number}` : row.volume_number !== null ? `Volume ${row.volume_number}` : undefined;
    const svg = coverSvg({ title: row.series_title ?? row.name, ...(subtitle ? { subtitle } : {}), seriesColor: row.color, seed: row.id, width: 500, height: 625 });
    const covers = await store(svg, `covers/product-${row.id}`, COVER_WIDTHS, 1.25, 'cover');
    await db.query('UPDATE products SET thumbnails = $2 WHERE id = $1', [row.id, JSON.stringify(withColor(covers, row.color))]);
    progress();
  }
  return true;
}

const PALETTE: Record<string, string> = {
  blue: '#2f6fde', green: '#1f9d6b', navy: '#1b2140', orange: '#f0803c', pink: '#e85d9f', purple: '#7b4fd6', red: '#d64545', yellow: '#f5c542',
};

/** The dominant colour shown while an image loads. */
function withColor<T extends ThumbnailView>(thumbnails: T[], color: string): T[] {
  return thumbnails.map((thumbnail) => ({ ...thumbnail, color: PALETTE[color] ?? PALETTE.navy }));
}
