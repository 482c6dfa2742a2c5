import { randomBytes } from 'node:crypto';
import type { Database, FileStorage, Logger, Transaction } from '@inkwell/platform';
import type { Publication } from '../peers/publication';
import type { PageImageFormat } from '../domain';
import { PageImageCache } from './page-image-cache';
import { encodePage, PAGE_WIDTHS, storedWidths, uprightWidth, type EncodedPage } from '../drivers/page-images';
import type { DrawnPublication, PageSource } from '../drivers/page-source';
import { RenderQueue } from '../drivers/render-queue';

export interface PageSize {
  pageNumber: number;
  width: number;
  height: number;
}

export interface PageSet {
  productId: string;
  /** Ascending. */
  widths: number[];
  pages: PageSize[];
}

/** What a drawn set records of its publication, to draw each page when it is first read. */
type DrawnArt = Omit<DrawnPublication, 'productId'>;

/** Two encodings at once: enough to keep a reader's next pages coming without starving the other services. */
const RENDER_CONCURRENCY = 2;

const EXTENSION: Record<PageImageFormat, string> = { webp: 'webp', jpeg: 'jpg' };

/** Page images kept in memory: a few hundred pages (WebP at 1200 is 60–90 KB), each at most five minutes. */
const IMAGE_CACHE = { maxBytes: 32 * 1024 * 1024, ttlMs: 5 * 60 * 1000 };

function imageKey(prefix: string, pageNumber: number, width: number, format: PageImageFormat): string {
  return `pages/${prefix}/${pageNumber}-${width}.${EXTENSION[format]}`;
}

/**
 * Page sets and their images in file storage. A set's images sit under a random folder recorded
 * only here, so the public media folder of the local driver never leads to a page: a page is
 * reached through the reader's signed links or not at all.
 */
export class PageStore {
  private readonly renders = new RenderQueue(RENDER_CONCURRENCY);
  private readonly images = new PageImageCache(IMAGE_CACHE.maxBytes, IMAGE_CACHE.ttlMs);
  /** Counts ingests, so an image read while a set was replaced is not kept. */
  private ingests = 0;

  constructor(
    private readonly db: Database,
    private readonly files: FileStorage,
    private readonly logger: Logger,
    /** Draws the pages of publications without an ingested set; without it they have none. */
    private readonly drawnPages?: PageSource,
  ) {}

  async find(productId: string): Promise<PageSet | undefined> {
    const { rows } = await this.db.query<{ widths: number[]; pages: PageSize[] }>(
      `SELECT s.widths,
              COALESCE(json_agg(json_build_object('pageNumber', p.page_number, 'width', p.width, 'height', p.height) ORDER BY p.page_number)
                         FILTER (WHERE p.page_number IS NOT NULL), '[]') AS pages
         FROM page_sets s LEFT JOIN pages p ON p.product_id = s.product_id
        WHERE s.product_id = $1 GROUP BY s.product_id`,
      [productId],
    );
    const row = rows[0];
    return row ? { productId, widths: [...row.widths].sort((a, b) => a - b), pages: row.pages } : undefined;
  }

  /** The stored set of a publication; with a page source one is made on first use (sizes now, images when asked). */
  async forPublication(publication: Publication): Promise<PageSet | undefined> {
    const found = await this.find(publication.id);
    const source = this.drawnPages;
    if (found || !source || publication.pageCount <= 0) return found;
    const art: DrawnArt = { seriesTitle: publication.seriesTitle ?? publication.name, rightToLeft: publication.reverseReadOrder, pageCount: publication.pageCount };
    const created = await this.db.transaction(async (tx) => {
      const inserted = await tx.query(
        // Drawn sets are recorded as source 'demo' with their art in demo_art, as the first migration named them.
        `INSERT INTO page_sets (product_id, storage_prefix, source, demo_art, widths) VALUES ($1, $2, 'demo', $3, $4) ON CONFLICT (product_id) DO NOTHING`,
        [publication.id, newPrefix(), JSON.stringify(art), PAGE_WIDTHS],
      );
      if (inserted.rowCount === 0) return false;
      await tx.query('INSERT INTO pages (product_id, page_number, width, height) SELECT $1, n, $2, $3 FROM generate_series(1, $4::int) AS n', [
        publication.id,
        source.pageSize.width,
        source.pageSize.height,
        publication.pageCount,
      ]);
      return true;
    });
    if (created) this.logger.info({ productId: publication.id, pages: publication.pageCount }, 'drawn page set made; pages are drawn when first read');
    return this.find(publication.id);
  }

  /** Where the stored set of a product came from ('ingested' or drawn) and how many pages it has. */
  async setSummary(productId: number): Promise<{ source: string; count: number } | undefined> {
    const { rows } = await this.db.query<{ source: string; count: number }>(
      'SELECT s.source, (SELECT count(*)::int FROM pages p WHERE p.product_id = s.product_id) AS count FROM page_sets s WHERE s.product_id = $1',
      [productId],
    );
    return rows[0];
  }

  /** Page counts of the stored sets among `productIds`. */
  async pageCounts(productIds: readonly string[]): Promise<Map<string, number>> {
    if (productIds.length === 0) return new Map();
    const { rows } = await this.db.query<{ product_id: number; count: number }>(
      'SELECT product_id, count(*)::int AS count FROM pages WHERE product_id = ANY($1::bigint[]) GROUP BY product_id',
      [productIds],
    );
    return new Map(rows.map((row) => [String(row.product_id), row.count]));
  }

  /**
   * Stores a publication's pages from image files (any format sharp reads), in reading order,
   * replacing its earlier set.
   */
  async ingest(productId: string, sources: readonly Buffer[]): Promise<PageSet> {
    const prefix = newPrefix();
    const encoded: EncodedPage[] = [];
    const widths = storedWidths(Math.max(...(await Promise.all(sources.map(uprightWidth)))));
    for (const [index, source] of sources.entries()) {
      const page = await this.renders.run(`${prefix}/${index + 1}`, () => encodePage(source, widths));
      await this.put(prefix, index + 1, page);
      encoded.push(page);
    }
    await this.db.transaction(async (tx) => {
      await tx.query('DELETE FROM page_sets WHERE product_id = $1', [productId]);
      await tx.query(`INSERT INTO page_sets (product_id, storage_prefix, source, widths) VALUES ($1, $2, 'ingested', $3)`, [productId, prefix, widths]);
      for (const [index, page] of encoded.entries()) {
        await tx.query('INSERT INTO pages (product_id, page_number, width, height) VALUES ($1, $2, $3, $4)', [productId, index + 1, page.width, page.height]);
      }
    });
    this.ingests += 1;
    this.images.deleteUnder(`${productId}/`);
    return { productId, widths, pages: encoded.map((page, index) => ({ pageNumber: index + 1, width: page.width, height: page.height })) };
  }

  /**
   * Stores a publication's pages one at a time as `sources` yields them (never all in memory), at
   * `widths`, then replaces its earlier set in one transaction, in which `commit` also runs (a job
   * marked done, an event in the outbox). Whatever fails, the images stored so far are deleted and
   * the earlier set stays as it was; once replaced, the earlier set's images are deleted.
   */
  async replaceFrom(
    productId: string,
    widths: readonly number[],
    sources: AsyncIterable<Buffer>,
    options: { limitInputPixels?: number; onPage?: (done: number) => Promise<void>; commit?: (tx: Transaction, set: PageSet) => Promise<void> } = {},
  ): Promise<PageSet> {
    const prefix = newPrefix();
    const sizes: PageSize[] = [];
    try {
      for await (const source of sources) {
        const pageNumber = sizes.length + 1;
        const page = await this.renders.run(`${prefix}/${pageNumber}`, () => encodePage(source, widths, { limitInputPixels: options.limitInputPixels }));
        // Counted before storing, so a failure halfway through this page's files still deletes them.
        sizes.push({ pageNumber, width: page.width, height: page.height });
        await this.put(prefix, pageNumber, page);
        await options.onPage?.(pageNumber);
      }
      if (sizes.length === 0) throw new Error('A page set needs at least one page');
      const set: PageSet = { productId, widths: [...widths], pages: sizes };
      const earlier = await this.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ storage_prefix: string; widths: number[]; count: number }>(
          'SELECT s.storage_prefix, s.widths, (SELECT count(*)::int FROM pages p WHERE p.product_id = s.product_id) AS count FROM page_sets s WHERE s.product_id = $1 FOR UPDATE',
          [productId],
        );
        await tx.query('DELETE FROM page_sets WHERE product_id = $1', [productId]);
        await tx.query(`INSERT INTO page_sets (product_id, storage_prefix, source, widths) VALUES ($1, $2, 'ingested', $3)`, [productId, prefix, widths]);
        await tx.query(
          'INSERT INTO pages (product_id, page_number, width, height) SELECT $1, * FROM unnest($2::int[], $3::int[], $4::int[])',
          [productId, sizes.map((size) => size.pageNumber), sizes.map((size) => size.width), sizes.map((size) => size.height)],
        );
        await options.commit?.(tx, set);
        return rows[0];
      });
      this.ingests += 1;
      this.images.deleteUnder(`${productId}/`);
      if (earlier) {
        await this.deleteImages(earlier.storage_prefix, earlier.count, earlier.widths).catch((error: unknown) =>
          this.logger.warn({ err: error, productId }, 'images of a replaced page set could not all be deleted'),
        );
      }
      return set;
    } catch (error) {
      await this.deleteImages(prefix, sizes.length, widths).catch((cleanup: unknown) =>
        this.logger.warn({ err: cleanup, productId }, 'images of a failed page set could not all be deleted'),
      );
      throw error;
    }
  }

  /** Deletes the stored images of pages 1 to `pageCount` of a set. */
  private async deleteImages(prefix: string, pageCount: number, widths: readonly number[]): Promise<void> {
    for (let pageNumber = 1; pageNumber <= pageCount; pageNumber++) {
      for (const width of widths) {
        await this.files.delete(imageKey(prefix, pageNumber, width, 'webp'));
        await this.files.delete(imageKey(prefix, pageNumber, width, 'jpeg'));
      }
    }
  }

  /** One stored image, drawing a page of a drawn set the first time it is asked for; undefined when there is no such image. */
  async image(productId: string, pageNumber: number, width: number, format: PageImageFormat): Promise<Buffer | undefined> {
    const key = `${productId}/${pageNumber}/${width}.${EXTENSION[format]}`;
    const kept = this.images.get(key);
    if (kept) return kept;
    const ingests = this.ingests;
    const image = await this.storedImage(productId, pageNumber, width, format);
    if (image && ingests === this.ingests) this.images.set(key, image);
    return image;
  }

  private async storedImage(productId: string, pageNumber: number, width: number, format: PageImageFormat): Promise<Buffer | undefined> {
    const { rows } = await this.db.query<{ storage_prefix: string; source: string; demo_art: DrawnArt | null; widths: number[] }>(
      `SELECT s.storage_prefix, s.source, s.demo_art, s.widths FROM page_sets s JOIN pages p ON p.product_id = s.product_id
        WHERE s.product_id = $1 AND p.page_number = $2`,
      [productId, pageNumber],
    );
    const row = rows[0];
    if (!row || !row.widths.includes(width)) return undefined;
    const key = imageKey(row.storage_prefix, pageNumber, width, format);
    const stored = await this.files.get(key);
    const source = this.drawnPages;
    if (stored || row.source !== 'demo' || !row.demo_art || !source) return stored;
    const art = row.demo_art;
    await this.renders.run(`${row.storage_prefix}/${pageNumber}`, async () => {
      if (await this.files.exists(key)) return;
      const image = await source.draw({ ...art, productId }, pageNumber);
      await this.put(row.storage_prefix, pageNumber, await encodePage(image, row.widths));
    });
    return this.files.get(key);
  }

  /** Resolves when encodings under way have finished, so the database can close under none. */
  drain(): Promise<void> {
    return this.renders.drain();
  }

  private async put(prefix: string, pageNumber: number, page: EncodedPage): Promise<void> {
    for (const image of page.images) {
      await this.files.put(imageKey(prefix, pageNumber, image.width, 'webp'), image.webp, 'image/webp');
      await this.files.put(imageKey(prefix, pageNumber, image.width, 'jpeg'), image.jpeg, 'image/jpeg');
    }
  }
}

function newPrefix(): string {
  return randomBytes(16).toString('hex');
}
