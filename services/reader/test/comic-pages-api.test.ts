import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { PRICE_TYPES, READER_DENIED_BODY } from '@inkwell/catalog/domain';
import type { PriceType } from '@inkwell/catalog/domain';
import { NOT_FOUND_MESSAGE } from '@inkwell/platform';
import { createProduct, createSeries } from '../../catalog/test/factories';
import { startReader, tokens, type Json, type ReaderHarness } from './support/harness';

/** Storefront spec §5, cell by cell: who may read each price type. */
const MAY_READ: Record<PriceType, { anonymous: boolean; reader: boolean; owner: boolean }> = {
  Free: { anonymous: true, reader: true, owner: true },
  FreeToReadAndPurchaseble: { anonymous: true, reader: true, owner: true },
  FreeForRegistered: { anonymous: false, reader: true, owner: true },
  FreeToReadForRegisteredAndPurchaseble: { anonymous: false, reader: true, owner: true },
  Paid: { anonymous: false, reader: false, owner: true },
  PaidOrSubscription: { anonymous: false, reader: false, owner: true },
  NotForSale: { anonymous: false, reader: false, owner: true },
  SubscriptionOnly: { anonymous: false, reader: false, owner: true },
  Print: { anonymous: false, reader: false, owner: true },
};

describe('comic pages: GET /comic/{id}/pages and /comic/{id}/pages/{n}', () => {
  let harness: ReaderHarness;
  let cast: Awaited<ReturnType<typeof tokens>>;
  const byPriceType = new Map<PriceType, number>();
  let ids: Record<string, number>;

  beforeAll(async () => {
    harness = await startReader();
    cast = await tokens();
    const db = harness.catalogDb;
    const series = await createSeries(db, { title: 'Lantern Street', readableUrl: 'lantern-street' });
    for (const priceType of PRICE_TYPES) {
      const id = await createProduct(db, { name: `Lantern Street ${priceType}`, seriesId: series, type: 'Chapter', chapterNumber: byPriceType.size + 1, variants: [{ type: priceType === 'Print' ? 'Print' : 'Digital', priceType, priceCents: 0 }] });
      byPriceType.set(priceType, id);
      await harness.ingestPages(id, 2, { width: 600, height: 900 });
    }
    const restricted = await createSeries(db, { title: 'Northern Lights', restrictedTerritories: ['DE'] });
    ids = {
      series,
      vol1: await createProduct(db, { name: 'Lantern Street Vol. 1', readableUrl: 'lantern-street-vol-1', seriesId: series, volumeNumber: 1, variants: [{ priceType: 'Free', priceCents: 0 }] }),
      vol2: await createProduct(db, { name: 'Lantern Street Vol. 2', seriesId: series, volumeNumber: 2, variants: [{ priceType: 'Free', priceCents: 0 }] }),
      vol3Draft: await createProduct(db, { name: 'Lantern Street Vol. 3', seriesId: series, volumeNumber: 3, status: 'Draft', variants: [{ priceType: 'Free', priceCents: 0 }] }),
      vol4: await createProduct(db, { name: 'Lantern Street Vol. 4', seriesId: series, volumeNumber: 4, variants: [{ priceType: 'Free', priceCents: 0 }] }),
      preorder: await createProduct(db, { name: 'Lantern Street Vol. 5', seriesId: series, volumeNumber: 5, status: 'ScheduledPreOrder', publishDate: new Date(Date.now() + 7 * 86_400_000), variants: [{ priceType: 'Free', priceCents: 0 }] }),
      regionLocked: await createProduct(db, { name: 'Northern Lights Vol. 1', seriesId: restricted, volumeNumber: 1, variants: [{ priceType: 'Free', priceCents: 0 }] }),
      noPages: await createProduct(db, { name: 'Not Ingested', variants: [{ priceType: 'Free', priceCents: 0 }] }),
      game: await createProduct(db, { name: 'Lantern Street: The Board Game', variants: [{ priceType: 'Free', priceCents: 0 }] }),
    };
    await db.query('UPDATE products SET category = 1, sub_category = 1000 WHERE id = $1', [ids.game]);
    await db.query('UPDATE products SET reverse_read_order = true WHERE id = $1', [ids.vol2]);
    for (const id of [ids.vol1, ids.vol2, ids.vol3Draft, ids.vol4, ids.preorder, ids.regionLocked, ids.game]) await harness.ingestPages(id!, 3);
    await harness.completeOrder('owner-1', [...byPriceType.values(), ids.regionLocked!]);
  });

  afterAll(() => harness?.close());

  const who = () => ({ anonymous: undefined, reader: cast.reader, owner: cast.owner });

  describe('the access matrix: anonymous, reader and owner × every price type', () => {
    for (const priceType of PRICE_TYPES) {
      for (const role of ['anonymous', 'reader', 'owner'] as const) {
        const allowed = MAY_READ[priceType][role];
        it(`${priceType}, ${role}: ${allowed ? 'reads the pages and their images' : '403 for the list, the page and any image link'}`, async () => {
          const id = byPriceType.get(priceType)!;
          const token = who()[role];
          const list = await harness.request('GET', `/api/comic/${id}/pages`, { token });
          const page = await harness.request('GET', `/api/comic/${id}/pages/2`, { token });
          if (allowed) {
            assert.equal(list.status, 200);
            assert.equal(list.body.response.pages.length, 2);
            assert.equal(page.status, 200);
            const image = await harness.request('GET', page.body.response.sources[0].webp);
            assert.equal(image.status, 200);
            assert.equal(image.headers['content-type'], 'image/webp');
          } else {
            for (const answer of [list, page]) {
              assert.equal(answer.status, 403);
              assert.deepEqual(answer.body, { status: { type: 'Forbidden', message: READER_DENIED_BODY }, response: null });
            }
            const unsigned = await harness.request('GET', `/api/reader/pages/${id}/1/500.webp`, { token });
            assert.equal(unsigned.status, 403, 'an image cannot be fetched without a link handed out by an allowed page list');
          }
        });
      }
    }
  });

  it('answers the page list of the contract: series, numbers, read order, neighbours and signed sources per width', async () => {
    const { status, headers, body } = await harness.request('GET', `/api/comic/${ids.vol2}/pages`);
    assert.equal(status, 200);
    assert.equal(headers['cache-control'], 'private, no-store', 'signed links are not for shared caches');
    const comic = body.response;
    assert.deepEqual({ ...comic, pages: undefined }, {
      comicID: String(ids.vol2),
      name: 'Lantern Street Vol. 2',
      seriesId: String(ids.series),
      seriesTitle: 'Lantern Street',
      seriesReadableUrl: 'lantern-street',
      volumeNumber: 2,
      chapterNumber: null,
      pageCount: 3,
      reverseReadOrder: true,
      readingProgress: 0,
      previous: { id: String(ids.vol1), name: 'Lantern Street Vol. 1', volumeNumber: 1, chapterNumber: null },
      next: { id: String(ids.vol4), name: 'Lantern Street Vol. 4', volumeNumber: 4, chapterNumber: null },
      pages: undefined,
    }, 'the draft volume 3 and the pre-order are skipped; chapters are not volumes');
    assert.deepEqual(comic.pages.map((page: Json) => [page.pageNumber, page.comicID, page.width, page.height]), [1, 2, 3].map((n) => [n, String(ids.vol2), 1200, 1800]));
    const first = comic.pages[0];
    assert.deepEqual(first.sources.map((source: Json) => source.width), [500, 800, 1200]);
    assert.equal(first.url, first.sources[2].jpeg);
    for (const source of first.sources) {
      assert.match(source.webp, new RegExp(`^/api/reader/pages/${ids.vol2}/1/${source.width}\\.webp\\?exp=\\d+&sig=[\\w-]+$`));
      assert.match(source.jpeg, new RegExp(`^/api/reader/pages/${ids.vol2}/1/${source.width}\\.jpg\\?exp=\\d+&sig=[\\w-]+$`));
    }
  });

  it('stores narrower pages only at the widths they fill', async () => {
    const { body } = await harness.request('GET', `/api/comic/${byPriceType.get('Free')}/pages/1`);
    assert.deepEqual(body.response.sources.map((source: Json) => source.width), [500]);
    assert.deepEqual([body.response.width, body.response.height], [600, 900]);
  });

  it('finds a comic by readable url, and chapters lead to chapters', async () => {
    const byUrl = await harness.request('GET', '/api/comic/lantern-street-vol-1/pages');
    assert.equal(byUrl.status, 200);
    assert.equal(byUrl.body.response.comicID, String(ids.vol1));
    assert.equal(byUrl.body.response.previous, null);
    const chapter = await harness.request('GET', `/api/comic/${byPriceType.get('Free')}/pages`);
    assert.equal(chapter.body.response.chapterNumber, 2);
    assert.deepEqual([chapter.body.response.previous.name, chapter.body.response.next.name], ['Lantern Street Print', 'Lantern Street FreeForRegistered'], 'whoever may read them');
  });

  it('answers the same links to repeated calls, so the browser cache hits', async () => {
    const first = await harness.request('GET', `/api/comic/${ids.vol1}/pages`);
    const second = await harness.request('GET', `/api/comic/${ids.vol1}/pages`);
    assert.deepEqual(second.body.response.pages, first.body.response.pages);
  });

  it('refuses a territory the comic is restricted in, except to its owner', async () => {
    const geo = (country: string) => ({ 'cf-ipcountry': country });
    const restricted = await harness.request('GET', `/api/comic/${ids.regionLocked}/pages`, { headers: geo('de') });
    assert.equal(restricted.status, 403);
    assert.equal(restricted.body.status.geoRestriction, 'Restricted');
    assert.equal(restricted.body.response, null);
    assert.equal((await harness.request('GET', `/api/comic/${ids.regionLocked}/pages/1`, { token: cast.reader, headers: geo('DE') })).status, 403);
    const elsewhere = await harness.request('GET', `/api/comic/${ids.regionLocked}/pages`, { headers: geo('US') });
    assert.equal(elsewhere.status, 200);
    assert.equal(elsewhere.body.status.geoRestriction, undefined);
    const owner = await harness.request('GET', `/api/comic/${ids.regionLocked}/pages`, { token: cast.owner, headers: geo('DE') });
    assert.equal(owner.status, 200);
    assert.equal(owner.body.status.geoRestriction, 'RestrictedButOwned');
    const staff = await harness.request('GET', `/api/comic/${ids.regionLocked}/pages`, { token: cast.admin, headers: geo('DE') });
    assert.equal(staff.body.status.geoRestriction, 'RestrictedButAdmin');
  });

  it('refuses comics that are not out: drafts and pre-orders', async () => {
    for (const id of [ids.vol3Draft, ids.preorder]) {
      const answer = await harness.request('GET', `/api/comic/${id}/pages`, { token: cast.reader });
      assert.equal(answer.status, 403);
      assert.equal(answer.body.status.message, READER_DENIED_BODY);
    }
  });

  it('answers NotFound for no such comic, a product that is not a publication, a comic without pages and a page past the end', async () => {
    for (const url of ['/api/comic/987654/pages', '/api/comic/no-such-comic/pages', `/api/comic/${ids.game}/pages`, `/api/comic/${ids.noPages}/pages`, `/api/comic/${ids.vol1}/pages/4`]) {
      const answer = await harness.request('GET', url);
      assert.equal(answer.status, 404, url);
      assert.deepEqual(answer.body, { status: { type: 'NotFound', message: NOT_FOUND_MESSAGE }, response: null });
    }
  });

  it('answers bad input with 4xx envelopes', async () => {
    for (const [url, token] of [
      [`/api/comic/${ids.vol1}/pages/0`, undefined],
      [`/api/comic/${ids.vol1}/pages/two`, undefined],
      ['/api/comic/Not%20A%20Slug!/pages', undefined],
      [`/api/comic/${ids.vol1}/pages`, 'not-a-token'],
    ] as const) {
      const answer = await harness.request('GET', url, { token });
      assert.ok(answer.status >= 400 && answer.status < 500, `${url}: ${answer.status}`);
      assert.equal(typeof answer.body.status.message, 'string');
      assert.equal(answer.body.response, null);
    }
  });
});
