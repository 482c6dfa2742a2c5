import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import sharp from 'sharp';
import { testServiceConfig } from '@inkwell/platform/testing';
import { contentKindCode } from '@inkwell/contracts/catalog-rules/product-types';
import { createProduct } from '../../catalog/test/factories';
import { startReader, tokens, type Json, type ReaderHarness } from './support/harness';
import { multipartBody, zip, type ZipEntry } from './support/zip';

/** Small limits, so the refusals are reached with small archives. */
const LIMITS = { maxPages: 5, maxPageSide: 3000, maxPagePixels: 4_000_000, maxEntryBytes: 8 * 1024 * 1024, maxTotalBytes: 40 * 1024 * 1024 };
const MAX_UPLOAD = 256 * 1024;

const png = (width: number, height: number, shade = 100) => sharp({ create: { width, height, channels: 3, background: { r: shade, g: 80, b: 160 } } }).png().toBuffer();

describe('comic ingestion: /api/dashboard/ingest/*', () => {
  let harness: ReaderHarness;
  let cast: Awaited<ReturnType<typeof tokens>>;

  /** `token` null: anonymous. */
  const upload = (productId: number | string, archive: Buffer, fileName = 'comic.cbz', token: string | null = cast.admin, field = 'file') => {
    const { body, headers } = multipartBody(archive, fileName, field);
    return harness.request('POST', `/api/dashboard/ingest/upload/${productId}`, { body, headers, ...(token ? { token } : {}) });
  };

  /** Polls the job until it is done, as the dashboard's progress bar does; returns every answer seen. */
  const settle = async (jobId: string): Promise<Json[]> => {
    const seen: Json[] = [];
    for (let attempt = 0; attempt < 400; attempt++) {
      const answer = await harness.request('GET', `/api/dashboard/ingest/jobs/${jobId}`, { token: cast.admin });
      assert.equal(answer.status, 200);
      seen.push(answer.body.response);
      if (['completed', 'failed'].includes(answer.body.response.status)) return seen;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`job ${jobId} did not finish`);
  };

  /** Every file in storage, relative to the media folder. */
  const storedFiles = async (): Promise<string[]> => {
    const root = path.join(harness.context.config.dataDir, 'media');
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name))).sort();
  };

  const pageSetOf = async (productId: number) =>
    (await harness.context.db.query<{ storage_prefix: string; count: number }>(
      'SELECT s.storage_prefix, (SELECT count(*)::int FROM pages p WHERE p.product_id = s.product_id) AS count FROM page_sets s WHERE s.product_id = $1',
      [productId],
    )).rows[0];

  const waitForCatalog = async <T>(read: () => Promise<T | undefined>): Promise<T> => {
    for (let attempt = 0; attempt < 200; attempt++) {
      await harness.drainOutbox();
      const value = await read();
      if (value !== undefined) return value;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the catalog did not follow');
  };

  beforeAll(async () => {
    harness = await startReader({ ingestLimits: LIMITS, config: { media: { ...testServiceConfig('reader', 'postgres://unused').media, ingestMaxUploadBytes: MAX_UPLOAD } } });
    cast = await tokens();
  });

  afterAll(() => harness?.close());

  describe('a good CBZ', () => {
    let productId: number;
    let job: Json;

    beforeAll(async () => {
      productId = await createProduct(harness.catalogDb, { name: 'Lanterns Below', variants: [{ priceType: 'Free', priceCents: 0 }] });
      await harness.catalogDb.query("UPDATE products SET page_count = 0, ingest_completed = false, thumbnails = '[]' WHERE id = $1", [productId]);
      const archive = zip([
        { name: 'Lanterns/', data: Buffer.alloc(0), deflate: false },
        { name: 'Lanterns/page10.png', data: await png(1000, 1400, 10) },
        { name: 'Lanterns/page2.png', data: await png(800, 1200, 20) },
        { name: 'Lanterns/page1.png', data: await png(900, 1300, 30) },
        { name: '__MACOSX/Lanterns/._page1.png', data: Buffer.from('resource fork') },
        { name: 'Lanterns/.DS_Store', data: Buffer.from('finder') },
        { name: 'ComicInfo.xml', data: Buffer.from('<ComicInfo><Title>Lanterns</Title></ComicInfo>') },
      ]);
      const answer = await upload(productId, archive, 'Lanterns Below.cbz');
      assert.equal(answer.status, 202, JSON.stringify(answer.body));
      job = answer.body.response;
    });

    it('answers 202 with a queued upload job, then reports progress until completed', async () => {
      assert.equal(job.productId, productId);
      assert.equal(job.kind, 'upload');
      assert.equal(job.fileName, 'Lanterns Below.cbz');
      assert.ok(['queued', 'working', 'completed'].includes(job.status), job.status);
      assert.equal(job.pageCount === null || job.status === 'completed', true);
      const seen = await settle(job.id);
      const done = seen.at(-1);
      assert.equal(done.status, 'completed', done.message);
      assert.equal(done.pagesTotal, 3);
      assert.equal(done.pagesDone, 3);
      assert.equal(done.pageCount, 3);
      assert.equal(done.message, null);
      assert.equal(done.masterRecord, job.id);
      assert.ok(done.finishedAt && Date.parse(done.finishedAt) >= Date.parse(done.startedAt));
      for (const step of seen) assert.ok(step.pagesDone <= step.pagesTotal || step.pagesTotal === 0, JSON.stringify(step));
      const latest = await harness.request('GET', `/api/dashboard/ingest/product/${productId}`, { token: cast.admin });
      assert.equal(latest.body.response.id, job.id);
    });

    it('makes the page set, in natural file-name order, at the reader widths, readable through the reader', async () => {
      const pages = await harness.request('GET', `/api/comic/${productId}/pages`);
      assert.equal(pages.status, 200);
      assert.equal(pages.body.response.pageCount, 3);
      assert.deepEqual(pages.body.response.pages.map((page: Json) => [page.width, page.height]), [[900, 1300], [800, 1200], [1000, 1400]]);
      assert.deepEqual(pages.body.response.pages[0].sources.map((source: Json) => source.width), [500, 800]);
      const image = await harness.request('GET', pages.body.response.pages[2].sources[1].webp);
      assert.equal(image.status, 200);
      assert.equal((await sharp(image.body as Buffer).metadata()).width, 800);
    });

    it('tells the catalog: page count, ingestCompleted, a cover from the first page, an audit entry and product.changed', async () => {
      const product = await waitForCatalog(async () => {
        const { rows } = await harness.catalogDb.query<{ page_count: number; ingest_completed: boolean; thumbnails: Json[] }>('SELECT page_count, ingest_completed, thumbnails FROM products WHERE id = $1', [productId]);
        return rows[0]?.ingest_completed ? rows[0] : undefined;
      });
      assert.equal(product.page_count, 3);
      assert.deepEqual(product.thumbnails.map((thumbnail) => [thumbnail.width, thumbnail.role]), [[250, 'cover'], [500, 'cover']]);
      assert.equal(product.thumbnails[1].height, Math.round((500 * 1300) / 900));
      for (const thumbnail of product.thumbnails) {
        assert.match(thumbnail.url, new RegExp(`^/media/covers/product-${productId}-ingest-[0-9a-f]{12}-\\d+\\.webp$`));
        assert.equal(await harness.context.files.exists(thumbnail.url.replace('/media/', '')), true);
        assert.equal(await harness.context.files.exists(thumbnail.fallbackUrl.replace('/media/', '')), true);
      }
      const audit = await harness.catalogDb.query<{ action: string; actor_id: string; changes: Json }>("SELECT action, actor_id, changes FROM staff_audit WHERE entity = 'product' AND entity_id = $1", [productId]);
      assert.equal(audit.rows.length, 1);
      assert.equal(audit.rows[0]!.action, 'ingested');
      assert.equal(audit.rows[0]!.actor_id, 'staff-1');
      assert.deepEqual(audit.rows[0]!.changes.pageCount, { from: 0, to: 3 });
      const events = await harness.catalogDb.query("SELECT 1 FROM outbox WHERE type = 'product.changed' AND data->>'productId' = $1", [String(productId)]);
      assert.ok(events.rows.length >= 1);
    });

    it('re-encodes only when asked to force it, from the stored master, and deletes the images it replaced', async () => {
      const before = await pageSetOf(productId);
      const unforced = await harness.request('GET', `/api/dashboard/ingest/encode/${productId}?forceReEncode=false`, { token: cast.admin });
      assert.equal(unforced.status, 200);
      assert.equal(unforced.body.response.started, false);
      assert.match(unforced.body.response.message, /already complete \(3 pages\); nothing was re-encoded/);
      assert.equal((await pageSetOf(productId))?.storage_prefix, before?.storage_prefix);

      const forced = await harness.request('GET', `/api/dashboard/ingest/encode/${productId}?forceReEncode=true&masterRecord=${job.id}`, { token: cast.admin });
      assert.equal(forced.status, 200, JSON.stringify(forced.body));
      assert.equal(forced.body.response.started, true);
      assert.equal(forced.body.response.job.kind, 'encode');
      assert.equal(forced.body.response.job.masterRecord, job.id);
      const done = (await settle(forced.body.response.job.id)).at(-1);
      assert.equal(done.status, 'completed', done.message);
      assert.equal(done.pageCount, 3);
      const after = await pageSetOf(productId);
      assert.notEqual(after?.storage_prefix, before?.storage_prefix);
      // The replaced images are deleted just after the swap commits.
      const files = await waitForCatalog(async () => {
        const now = await storedFiles();
        return now.some((file) => file.startsWith(`pages/${before!.storage_prefix}/`)) ? undefined : now;
      });
      assert.equal(files.filter((file) => file.startsWith(`pages/${after!.storage_prefix}/`)).length, 3 * 2 * 2);
      assert.ok(files.includes(`pages/masters/${productId}/${job.id}.cbz`), 'the master is kept');
    });

    it('refuses a masterRecord that is not an upload of the product', async () => {
      const unknown = await harness.request('GET', `/api/dashboard/ingest/encode/${productId}?masterRecord=${randomUUID()}`, { token: cast.admin });
      assert.equal(unknown.status, 404);
      assert.match(unknown.body.status.message, /^masterRecord [0-9a-f-]+ is not an upload of product \d+\.$/);
      const other = await createProduct(harness.catalogDb, { name: 'Never Uploaded' });
      const none = await harness.request('GET', `/api/dashboard/ingest/encode/${other}`, { token: cast.admin });
      assert.equal(none.status, 404);
      assert.equal(none.body.status.message, `Product ${other} has no stored upload to encode again; upload the comic first.`);
      const bad = await harness.request('GET', `/api/dashboard/ingest/encode/${productId}?forceReEncode=maybe`, { token: cast.admin });
      assert.equal(bad.status, 400);
      assert.match(bad.body.status.message, /forceReEncode/);
    });
  });

  describe('hostile archives: refused with a clear message, leaving nothing behind', () => {
    let productId: number;
    let prefixBefore: string | undefined;

    beforeAll(async () => {
      productId = await createProduct(harness.catalogDb, { name: 'Open Doors', variants: [{ priceType: 'Free', priceCents: 0 }] });
      await harness.ingestPages(productId, 2, { width: 600, height: 900 });
      prefixBefore = (await pageSetOf(productId))?.storage_prefix;
    });

    const refusedWith = async (entries: ZipEntry[] | Buffer, message: RegExp) => {
      const filesBefore = await storedFiles();
      const answer = await upload(productId, Buffer.isBuffer(entries) ? entries : zip(entries));
      assert.equal(answer.status, 202, JSON.stringify(answer.body));
      const done = (await settle(answer.body.response.id)).at(-1);
      assert.equal(done.status, 'failed');
      assert.match(done.message, message);
      assert.equal(done.pageCount, null);
      assert.deepEqual(await storedFiles(), filesBefore, 'no images, covers or master left');
      const set = await pageSetOf(productId);
      assert.equal(set?.storage_prefix, prefixBefore, 'the page set is as it was');
      assert.equal(set?.count, 2);
    };

    it('an entry that climbs out of the archive', async () => {
      await refusedWith([{ name: 'page1.png', data: await png(100, 100) }, { name: '../x.png', data: await png(100, 100) }], /^The archive was refused: the entry "\.\.\/x\.png" points outside the archive/);
      await refusedWith([{ name: 'pages/../../x.png', data: await png(100, 100) }], /points outside the archive/);
    });

    it('an absolute path, and backslashes', async () => {
      await refusedWith([{ name: '/etc/x.png', data: await png(100, 100) }], /the entry "\/etc\/x\.png" has an absolute path/);
      await refusedWith([{ name: 'C:/x.png', data: await png(100, 100) }], /has an absolute path/);
      await refusedWith([{ name: 'a\\..\\..\\x.png', data: await png(100, 100) }], /uses backslashes/);
    });

    it('a file that is not a page image, by name or by content', async () => {
      await refusedWith([{ name: 'page1.png', data: await png(100, 100) }, { name: 'notes.txt', data: Buffer.from('hello') }], /"notes\.txt" is not a page image/);
      await refusedWith([{ name: 'page1.png', data: Buffer.from('#!/bin/sh\necho not an image\n') }], /"page1\.png" is not a readable image/);
      await refusedWith([{ name: 'ComicInfo.xml', data: Buffer.from('<ComicInfo/>') }], /holds no page images/);
      await refusedWith(randomBytes(4000), /is not a readable ZIP or CBZ file/);
    });

    it('a page too large in pixels, or in bytes', async () => {
      await refusedWith([{ name: 'wide.png', data: await png(3100, 100) }], /the page "wide\.png" is 3100 × 100 pixels; a page may be at most 3000 pixels on a side and 4 megapixels/);
      await refusedWith([{ name: 'big.png', data: await png(2500, 2000) }], /2500 × 2000 pixels/);
      await refusedWith([{ name: 'huge.png', data: Buffer.alloc(1000), declaredSize: 2 ** 30 }], /the page "huge\.png" is 1 GB; a page may be at most 8 MB/);
    });

    it('too many pages', async () => {
      const page = await png(50, 50);
      await refusedWith(Array.from({ length: 6 }, (_, index) => ({ name: `p${index}.png`, data: page })), /has more than 5 pages/);
    });

    it('zip bombs: a high ratio, and an entry that inflates past what its header declares', async () => {
      await refusedWith([{ name: 'bomb.png', data: Buffer.alloc(5 * 1024 * 1024) }], /"bomb\.png" inflates more than 100 times its stored size: it looks like a zip bomb/);
      await refusedWith([{ name: 'liar.png', data: Buffer.alloc(20 * 1024 * 1024), declaredSize: 4000 }], /"liar\.png" inflates to more than it declares: it looks like a zip bomb/);
    });

    it('an encrypted entry', async () => {
      await refusedWith([{ name: 'p1.png', data: await png(50, 50), encrypted: true }], /the entry "p1\.png" is encrypted/);
    });
  });

  describe('a PDF', () => {
    /** A PDF of pages each filled with one colour (PDF.js tolerates the missing cross-reference offsets, as readers do). */
    const pdfOf = (colours: ReadonlyArray<readonly [number, number, number]>) => {
      const pages = colours.map((_, index) => `${3 + index * 2} 0 R`).join(' ');
      const objects = [`1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj`, `2 0 obj<</Type/Pages/Kids[${pages}]/Count ${colours.length}>>endobj`];
      colours.forEach(([r, g, b], index) => {
        const content = `${r} ${g} ${b} rg 0 0 300 450 re f`;
        objects.push(`${3 + index * 2} 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 450]/Contents ${4 + index * 2} 0 R>>endobj`);
        objects.push(`${4 + index * 2} 0 obj<</Length ${content.length}>>stream\n${content}\nendstream endobj`);
      });
      return Buffer.from(`%PDF-1.4\n${objects.join('\n')}\ntrailer<</Size ${objects.length + 1}/Root 1 0 R>>\n%%EOF\n`);
    };

    it('becomes the page set: each page drawn at the reader widths, in its colours', async () => {
      const productId = await createProduct(harness.catalogDb, { name: 'Paper Lanterns', variants: [{ priceType: 'Free', priceCents: 0 }] });
      const answer = await upload(productId, pdfOf([[0.1, 0.2, 0.8], [0.8, 0.1, 0.1]]), 'Paper Lanterns.pdf');
      assert.equal(answer.status, 202, JSON.stringify(answer.body));
      const done = (await settle(answer.body.response.id)).at(-1);
      assert.equal(done.status, 'completed', done.message);
      assert.equal(done.pageCount, 2);
      const pages = await harness.request('GET', `/api/comic/${productId}/pages`);
      assert.equal(pages.body.response.pageCount, 2);
      assert.deepEqual(pages.body.response.pages[0].sources.map((source: Json) => source.width), [500, 800, 1200]);
      for (const [index, dominant] of [[0, 'blue'], [1, 'red']] as const) {
        const image = await harness.request('GET', pages.body.response.pages[index].sources[0].webp);
        const { data } = await sharp(image.body as Buffer).resize(1, 1).raw().toBuffer({ resolveWithObject: true });
        const [r = 0, , b = 0] = data;
        assert.ok(dominant === 'blue' ? b > 150 && r < 80 : r > 150 && b < 80, `page ${index + 1} is ${dominant}: rgb ${[...data].join(', ')}`);
      }
    });

    it('refuses a file that only claims to be a PDF, leaving nothing behind', async () => {
      const productId = await createProduct(harness.catalogDb, { name: 'Torn Pages', variants: [{ priceType: 'Free', priceCents: 0 }] });
      const before = await storedFiles();
      const answer = await upload(productId, Buffer.from('%PDF-1.7\nnothing else'), 'torn.pdf');
      assert.equal(answer.status, 202);
      const done = (await settle(answer.body.response.id)).at(-1);
      assert.equal(done.status, 'failed');
      assert.match(done.message, /^The PDF was refused: /);
      assert.deepEqual(await storedFiles(), before);
      assert.equal(await pageSetOf(productId), undefined);
    });
  });

  describe('the upload call itself', () => {
    let productId: number;

    beforeAll(async () => {
      productId = await createProduct(harness.catalogDb, { name: 'Gatekeepers' });
    });

    it('refuses an upload over INGEST_MAX_UPLOAD_BYTES with 413, storing nothing', async () => {
      const filesBefore = await storedFiles();
      const answer = await upload(productId, randomBytes(MAX_UPLOAD + 10_000), 'big.cbz');
      assert.equal(answer.status, 413);
      assert.equal(answer.body.status.type, 'PayloadTooLarge');
      assert.equal(answer.body.status.message, 'file is larger than the 256 KB an upload may be; split the comic or ask for a higher INGEST_MAX_UPLOAD_BYTES.');
      assert.deepEqual(await storedFiles(), filesBefore);
      const latest = await harness.request('GET', `/api/dashboard/ingest/product/${productId}`, { token: cast.admin });
      assert.equal(latest.body.response.status, 'failed');
      assert.match(latest.body.response.message, /^The upload was refused: file is larger than/);
    });

    it('refuses other files and a missing file field with 400 naming the field', async () => {
      const rar = await upload(productId, Buffer.from('Rar!'), 'comic.cbr');
      assert.equal(rar.status, 400);
      assert.equal(rar.body.status.message, 'file must be a .cbz or .zip archive of page images, or a .pdf.');
      const field = await upload(productId, zip([{ name: 'p.png', data: await png(10, 10) }]), 'comic.cbz', cast.admin, 'archive');
      assert.equal(field.status, 400);
      assert.match(field.body.status.message, /^file is missing/);
      const json = await harness.request('POST', `/api/dashboard/ingest/upload/${productId}`, { token: cast.admin, body: { file: 'x' } });
      assert.equal(json.status, 400);
      assert.match(json.body.status.message, /multipart\/form-data/);
    });

    it('names the file field as the problem of a refused upload', async () => {
      const rar = await upload(productId, Buffer.from('Rar!'), 'comic.cbr');
      assert.deepEqual(rar.body.status.problems, [{ field: 'file', message: 'file must be a .cbz or .zip archive of page images, or a .pdf.' }]);
      const field = await upload(productId, zip([{ name: 'p.png', data: await png(10, 10) }]), 'comic.cbz', cast.admin, 'archive');
      assert.deepEqual(field.body.status.problems?.map((problem: { field: string }) => problem.field), ['file']);
    });

    it('refuses unknown products, malformed ids and products that are not publications', async () => {
      const archive = zip([{ name: 'p.png', data: await png(10, 10) }]);
      const unknown = await upload(987654321, archive);
      assert.equal(unknown.status, 404);
      assert.equal(unknown.body.status.message, 'productId 987654321 is not a product.');
      const malformed = await upload('abc', archive);
      assert.equal(malformed.status, 400);
      assert.match(malformed.body.status.message, /product id is a number/);
      const merch = await createProduct(harness.catalogDb, { name: 'Lantern Mug' });
      await harness.catalogDb.query('UPDATE products SET category = $2 WHERE id = $1', [merch, contentKindCode('Merchandise')]);
      const notPublication = await upload(merch, archive);
      assert.equal(notPublication.status, 400);
      assert.equal(notPublication.body.status.message, `productId ${merch} is a Merchandise product; only publications have pages to ingest.`);
      const job = await harness.request('GET', `/api/dashboard/ingest/jobs/${randomUUID()}`, { token: cast.admin });
      assert.equal(job.status, 404);
      assert.match(job.body.status.message, /^jobId .* is not an ingestion job\.$/);
    });

    it('refuses a second ingestion of a product while one runs (409), but not one left by a stopped process', async () => {
      const running = randomUUID();
      await harness.context.db.query("INSERT INTO ingest_jobs (id, product_id, kind, status, actor_id) VALUES ($1, $2, 'upload', 'working', 'staff-2')", [running, productId]);
      const archive = zip([{ name: 'p.png', data: await png(40, 60) }]);
      const conflict = await upload(productId, archive);
      assert.equal(conflict.status, 409);
      assert.equal(conflict.body.status.message, 'This product already has an ingestion under way; wait for it to finish, then try again.');
      await harness.context.db.query("UPDATE ingest_jobs SET updated_at = now() - interval '2 hours' WHERE id = $1", [running]);
      const accepted = await upload(productId, archive);
      assert.equal(accepted.status, 202);
      assert.equal((await settle(accepted.body.response.id)).at(-1).status, 'completed');
      const stale = await harness.request('GET', `/api/dashboard/ingest/jobs/${running}`, { token: cast.admin });
      assert.equal(stale.body.response.status, 'failed');
      assert.match(stale.body.response.message, /stopped without finishing/);
    });

    it('is for staff only: 401 anonymous, 403 a reader', async () => {
      const archive = zip([{ name: 'p.png', data: await png(10, 10) }]);
      const calls = [
        (token?: string) => upload(productId, archive, 'comic.cbz', token ?? null),
        (token?: string) => harness.request('GET', `/api/dashboard/ingest/jobs/${randomUUID()}`, token ? { token } : {}),
        (token?: string) => harness.request('GET', `/api/dashboard/ingest/product/${productId}`, token ? { token } : {}),
        (token?: string) => harness.request('GET', `/api/dashboard/ingest/encode/${productId}?forceReEncode=true`, token ? { token } : {}),
      ];
      for (const call of calls) {
        assert.equal((await call(undefined)).status, 401);
        assert.equal((await call(cast.reader)).status, 403);
      }
    });
  });
});
