import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildTestService, signTestToken, type TestService } from '@inkwell/platform/testing';
import { catalogService } from '../src';
import {
  DELAY_DATE_MISSING_MESSAGE,
  DELAY_DATE_PAST_MESSAGE,
  DELAY_MESSAGE_MISSING_MESSAGE,
  PRODUCT_NEEDS_SERIES_MESSAGE,
  PRODUCT_NEEDS_VARIANT_MESSAGE,
  PRODUCT_NOT_INGESTED_MESSAGE,
  READABLE_URL_DIGITS_ONLY_MESSAGE,
  productPublishProblems,
} from '../src/domain';
import { createSeries, putOnSale } from './factories';

// Answers are checked field by field; their shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const DAY = 86_400_000;
const variation = (name: string) => `Variation ${name} has missing data. Either disable this or fill in the missing fields.`;
const PRICE = 'Price (Either set or use the default)';
/** A refusal's problem: the field the editor shows it beside, and the spec's words. */
const on = (field: string, message: string) => ({ field, message });

describe('staff Products API', () => {
  let service: TestService;
  let admin: Record<string, string>;
  let seriesId: number;
  let tierId: number;
  let creatorId: number;
  let tagId: number;
  let publisherId: number;
  let imprintId: number;

  const call = async (method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = admin): Promise<{ status: number; body: Json }> => {
    const response = await service.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
    return { status: response.statusCode, body: response.json() };
  };
  const db = () => service.context.db;
  const count = async (sql: string, params: unknown[] = []) => Number((await db().query<{ n: string }>(sql, params)).rows[0]!.n);
  const events = (id: number) => db().query<{ type: string }>('SELECT type FROM outbox WHERE key = $1 ORDER BY seq', [String(id)]).then((r) => r.rows.map((row) => row.type));
  const audits = (id: number) =>
    db().query<{ action: string; actor_id: string; changes: Json }>("SELECT action, actor_id, changes FROM staff_audit WHERE entity = 'product' AND entity_id = $1 ORDER BY id", [id]).then((r) => r.rows);

  const print = { weight: 0.6, height: 7.5, width: 5, length: 0.5, inventoryId: null, description: null, delayExpected: false, delayedUntilDate: null, delayMessage: null };
  /** A volume that meets every publish rule once ingested. */
  const volume = (extra: Record<string, unknown> = {}) => ({
    name: 'Harbor Lights, Vol. 1',
    description: 'Two keepers and a storm.',
    category: 'Publication',
    subCategory: 'Volume',
    seriesId,
    issueNumber: 1,
    volumeNumber: 1,
    variants: [{ type: 'Digital', enabled: true, priceType: 'Paid', price: 999 }],
    ...extra,
  });
  const create = async (body: Record<string, unknown>) => {
    const answer = await call('POST', '/api/dashboard/product/new', body);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.response as Json;
  };
  const ingest = (id: number) => db().query('UPDATE products SET ingest_completed = true, thumbnails = $2 WHERE id = $1', [id, JSON.stringify([{ url: '/covers/1.jpg', width: 600, height: 900 }])]);

  beforeAll(async () => {
    service = await buildTestService(catalogService);
    admin = { authorization: `Bearer ${await signTestToken({ userId: 'staff-7', email: 'staff7@example.com', roles: ['admin'] })}` };
    seriesId = await createSeries(db(), { title: 'Harbor Lights', genres: ['Drama'] });
    tierId = Number((await db().query<{ id: string }>("INSERT INTO pricing_tiers (name, price_cents) VALUES ('Test tier 4.99', 499) RETURNING id")).rows[0]!.id);
    creatorId = Number((await db().query<{ id: string }>("INSERT INTO creators (name) VALUES ('Mara Quill') RETURNING id")).rows[0]!.id);
    tagId = Number((await db().query<{ id: string }>("INSERT INTO ip_tags (name, readable_url) VALUES ('Lighthouses', 'lighthouses') RETURNING id")).rows[0]!.id);
    publisherId = Number((await db().query<{ id: string }>("INSERT INTO publishers (name) VALUES ('Tidewater Press') RETURNING id")).rows[0]!.id);
    imprintId = Number((await db().query<{ id: string }>('INSERT INTO imprints (publisher_id, name) VALUES ($1, $2) RETURNING id', [publisherId, 'Tidewater Nights'])).rows[0]!.id);
  });
  afterAll(async () => service?.close());

  describe('saving', () => {
    it('creates a Publication as Draft with every part, its event and its audit entry', async () => {
      const { product, warnings } = await create(
        volume({
          readableUrl: 'harbor-lights-vol-1',
          displayName: 'Harbor Lights 1',
          creators: [{ ordinal: 0, hidden: false, title: 'Story & Art', creator: { id: creatorId } }],
          ipTags: [{ id: tagId }],
          publisherId,
          imprintId,
          trim: '5 x 7.5',
          signed: true,
          releaseDate: '2031-04-02',
          chapters: [{ name: 'The Lamp', relativeName: null }],
          assetLinkGroups: [{ name: 'Print files', links: [{ name: 'Interior', url: 'https://files.example.com/interior.pdf' }] }],
          priceable: { type: 'Paid', price: 999, priceTierId: null },
          ageRestrictable: { ageRating: 't' },
          geoRestrictable: { restrictedTerritories: ['de'] },
          downloadable: { reverseReadOrder: true },
        }),
      );
      assert.deepEqual(warnings, []);
      assert.equal(product.status, 'Draft');
      assert.equal(product.category, 'Publication');
      assert.equal(product.subCategoryId, 0);
      assert.deepEqual(product.series, { id: seriesId, title: 'Harbor Lights' });
      assert.deepEqual(product.creators, [{ ordinal: 0, hidden: false, title: 'Story & Art', creator: { id: creatorId, name: 'Mara Quill' } }]);
      assert.deepEqual(product.ipTags, [{ id: tagId, name: 'Lighthouses' }]);
      assert.equal(product.trim, '5 x 7.5');
      assert.equal(product.signed, true);
      assert.equal(product.releaseDate, '2031-04-02');
      assert.deepEqual(product.chapters, [{ name: 'The Lamp', relativeName: null }]);
      assert.deepEqual(product.readable, { series: { id: seriesId, title: 'Harbor Lights' }, issueNumber: 1, pageCount: 0, releaseDate: '2031-04-02', publishDate: null });
      assert.deepEqual(product.priceable, { type: 'Paid', price: 999, priceTierId: null });
      assert.deepEqual(product.ageRestrictable, { ageRating: 't' });
      assert.deepEqual(product.geoRestrictable, { restrictedTerritories: ['DE'] });
      assert.deepEqual(product.downloadable, { ingestCompleted: false, reverseReadOrder: true });
      assert.equal(product.variants[0].price, 999);
      assert.deepEqual(product.variants[0].pricingInfo, { type: 'Paid', price: 999, usingDefaultPrice: false });
      assert.deepEqual(await events(product.id), ['product.created']);
      const [entry] = await audits(product.id);
      assert.equal(entry!.action, 'created');
      assert.equal(entry!.actor_id, 'staff-7');
      assert.equal(entry!.changes.name.to, 'Harbor Lights, Vol. 1');
      const read = await call('GET', `/api/dashboard/product/${product.id}`);
      assert.equal(read.status, 200);
      assert.equal(read.body.response.displayName, 'Harbor Lights 1');
    });

    it('gives a Game or Merchandise only the priceable part, and drops the others on a category change', async () => {
      const { product: game } = await create({ name: 'Harbor Lights: The Board Game', description: 'Keep the lamp lit.', category: 'Game', subCategory: 'BoardGame' });
      assert.equal(game.category, 'Game');
      assert.equal(game.subCategoryId, 1000);
      assert.ok(game.priceable);
      assert.equal(game.readable, null);
      assert.equal(game.ageRestrictable, null);
      assert.equal(game.geoRestrictable, null);
      assert.equal(game.downloadable, null);
      const { product } = await create(volume({ name: 'Changeling', geoRestrictable: { restrictedTerritories: ['FR'] } }));
      const changed = await call('POST', '/api/dashboard/product/alter', { id: product.id, name: 'Changeling Pin', category: 'Merchandise', subCategory: 'Pin' });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      assert.equal(changed.body.response.product.category, 'Merchandise');
      assert.equal(changed.body.response.product.geoRestrictable, null);
      assert.equal(changed.body.response.product.readable, null);
      assert.ok(changed.body.response.product.priceable);
      const back = await call('POST', '/api/dashboard/product/alter', { id: product.id, name: 'Changeling', category: 'Publication', subCategory: 'OneShot' });
      assert.deepEqual(back.body.response.product.geoRestrictable, { restrictedTerritories: [] });
      assert.ok(back.body.response.product.readable);
    });

    it('alters a product, writing product.changed and the changed fields in the audit', async () => {
      const { product } = await create(volume({ name: 'Before' }));
      const answer = await call('POST', '/api/dashboard/product/alter', { ...volume({ name: 'After' }), id: product.id, expectedUpdatedAt: product.updatedAt });
      assert.equal(answer.status, 200);
      assert.equal(answer.body.response.product.name, 'After');
      assert.equal(answer.body.response.product.variants[0].id, product.variants[0].id, 'the variant is kept, not replaced');
      assert.deepEqual(await events(product.id), ['product.created', 'product.changed']);
      const entries = await audits(product.id);
      assert.equal(entries[1]!.action, 'altered');
      assert.deepEqual(entries[1]!.changes.name, { from: 'Before', to: 'After' });
      const stale = await call('POST', '/api/dashboard/product/alter', { ...volume({ name: 'Stale' }), id: product.id, expectedUpdatedAt: product.updatedAt });
      assert.equal(stale.status, 409);
    });

    it('prices a variant from its tier when it uses the default price', async () => {
      const { product } = await create(volume({ name: 'Tiered', variants: [{ type: 'Digital', enabled: true, priceType: 'Paid', priceTierId: tierId, usingDefaultPrice: true }] }));
      assert.equal(product.variants[0].price, 499);
      assert.equal(product.variants[0].priceTierId, tierId);
      assert.deepEqual(product.variants[0].pricingInfo, { type: 'Paid', price: 499, usingDefaultPrice: true });
    });

    it.each([
      ['an unknown series', { seriesId: 987654 }, /^seriesId: /],
      ['an unknown price tier', { priceable: { type: 'Paid', price: 100, priceTierId: 987654 } }, /^priceable\.priceTierId: /],
      ['an unknown variant price tier', { variants: [{ type: 'Digital', enabled: true, priceType: 'Paid', priceTierId: 987654 }] }, /^variants\[0\]\.priceTierId: /],
      ['an unknown imprint', { imprintId: 987654 }, /^imprintId: /],
      ['an unknown publisher', { publisherId: 987654 }, /^publisherId: /],
      ['an unknown creator', { creators: [{ ordinal: 0, hidden: false, title: 'Art', creator: { id: 987654 } }] }, /^creators\[0\]\.creator\.id: /],
      ['an unknown ipTag', { ipTags: [{ id: 987654 }] }, /^ipTags\[0\]\.id: /],
      ['a subCategory of another category', { category: 'Game', subCategory: 'Volume' }, /^subCategory: /],
      ['a readable URL of only digits', { readableUrl: '2024' }, new RegExp(`^readableUrl: ${READABLE_URL_DIGITS_ONLY_MESSAGE}`)],
      ['an invalid release date', { releaseDate: '2024-02-30' }, /^releaseDate: /],
      ['an invalid delay date', { variants: [{ type: 'Print', enabled: true, priceType: 'Print', price: 1500, stockInfo: { ...print, delayedUntilDate: 'soon' } }] }, /^variants\[0\]\.stockInfo\.delayedUntilDate: /],
      ['two Digital variants', { variants: [{ type: 'Digital', enabled: true, priceType: 'Free' }, { type: 'Digital', enabled: true, priceType: 'Free' }] }, /^variants\[1\]\.type: /],
      ['a negative page count', { pageCount: -1 }, /pageCount/],
      ['a price that is not cents', { variants: [{ type: 'Digital', enabled: true, priceType: 'Paid', price: 9.99 }] }, /price/],
      ['an unknown subCategory', { subCategory: 'Scroll' }, /subCategory/],
    ])('refuses %s with a 400 naming the field and stores nothing', async (_name, change, message) => {
      const before = await count('SELECT count(*) AS n FROM products');
      const outbox = await count('SELECT count(*) AS n FROM outbox');
      const answer = await call('POST', '/api/dashboard/product/new', volume({ name: 'Refused', ...change }));
      assert.equal(answer.status, 400, JSON.stringify(answer.body));
      assert.match(answer.body.status.message, message);
      assert.equal(await count('SELECT count(*) AS n FROM products'), before);
      assert.equal(await count('SELECT count(*) AS n FROM outbox'), outbox);
    });

    it('refuses an alter that breaks a rule and leaves the product as it was', async () => {
      const { product } = await create(volume({ name: 'Kept' }));
      const answer = await call('POST', '/api/dashboard/product/alter', { ...volume({ name: 'Lost', seriesId: 987654 }), id: product.id });
      assert.equal(answer.status, 400);
      const read = await call('GET', `/api/dashboard/product/${product.id}`);
      assert.equal(read.body.response.name, 'Kept');
      assert.equal((await audits(product.id)).length, 1);
    });

    it('answers 404 for an unknown product, 400 for a malformed id, 403 for a non-admin', async () => {
      assert.equal((await call('GET', '/api/dashboard/product/987654')).status, 404);
      const malformed = await call('GET', '/api/dashboard/product/abc');
      assert.equal(malformed.status, 400);
      assert.match(malformed.body.status.message, /id/);
      assert.equal((await call('POST', '/api/dashboard/product/alter', { ...volume(), id: 987654 })).status, 404);
      assert.equal((await call('POST', '/api/dashboard/product/alter', volume())).status, 400);
      const reader = { authorization: `Bearer ${await signTestToken({ userId: 'reader-1' })}` };
      assert.equal((await call('GET', '/api/dashboard/product', undefined, reader)).status, 403);
      assert.equal((await call('POST', '/api/dashboard/product/new', volume(), reader)).status, 403);
    });
  });

  describe('book density warnings', () => {
    it('warns when a book is too heavy or too light for its size, and not when plausible', async () => {
      const heavy = await create(volume({ name: 'Lead Book', variants: [{ type: 'Print', enabled: true, priceType: 'Print', price: 1500, stockInfo: { ...print, weight: 20 } }] }));
      assert.equal(heavy.warnings.length, 1);
      assert.ok(heavy.warnings[0].startsWith("Book is too heavy for it's size"), heavy.warnings[0]);
      const light = await create(volume({ name: 'Feather Book', variants: [{ type: 'Print', enabled: true, priceType: 'Print', price: 1500, stockInfo: { ...print, weight: 0.01 } }] }));
      assert.ok(light.warnings[0].startsWith("Book is too light for it's size"), light.warnings[0]);
      const plausible = await create(volume({ name: 'Paper Book', variants: [{ type: 'Print', enabled: true, priceType: 'Print', price: 1500, stockInfo: print }] }));
      assert.deepEqual(plausible.warnings, []);
    });
  });

  describe('publish rules (spec §5)', () => {
    const publish = (id: number, query = '') => call('POST', `/api/dashboard/product/publish?id=${id}${query}`);

    it('refuses with every product problem, word for word, in the envelope', async () => {
      const { product } = await create({ name: ' ', category: 'Publication', subCategory: 'Volume', variants: [] });
      const answer = await publish(product.id);
      assert.equal(answer.status, 400);
      assert.equal(answer.body.status.type, 'BadRequest');
      assert.deepEqual(answer.body.status.problems, [
        on('name', 'Product Title'),
        on('description', 'Description'),
        on('issueNumber', 'Sorting (must be non-zero)'),
        on('seriesId', PRODUCT_NEEDS_SERIES_MESSAGE),
        on('downloadable.ingestCompleted', PRODUCT_NOT_INGESTED_MESSAGE),
        on('variants', PRODUCT_NEEDS_VARIANT_MESSAGE),
      ]);
      assert.equal((await call('GET', `/api/dashboard/product/${product.id}`)).body.response.status, 'Draft');
      assert.deepEqual(await events(product.id), ['product.created']);
    });

    it('lets a Book go without a series and a Chapter without a description or ingestion', async () => {
      const { product: book } = await create(volume({ name: 'A Book', subCategory: 'Book', seriesId: null }));
      await ingest(book.id);
      assert.equal((await publish(book.id)).status, 200);
      const { product: chapter } = await create(volume({ name: 'Chapter 1', subCategory: 'Chapter', description: '', variants: [{ type: 'Print', enabled: false, priceType: 'Print' }] }));
      const answer = await publish(chapter.id);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
    });

    it('names an enabled variation with missing data, by its description or its type', async () => {
      const { product } = await create(
        volume({
          name: 'Variations',
          variants: [
            { type: 'Digital', enabled: true, priceType: 'Paid' },
            { type: 'Print', enabled: true, priceType: 'Print', price: 1500, stockInfo: { ...print, description: 'Hardcover', weight: null, length: 0, delayExpected: true } },
          ],
        }),
      );
      await ingest(product.id);
      const answer = await publish(product.id);
      assert.deepEqual(answer.body.status.problems, [
        on('variants.0', variation('Digital')),
        on('variants.0.price', PRICE),
        on('variants.1', variation('Hardcover')),
        on('variants.1.stockInfo.weight', 'Weight'),
        on('variants.1.stockInfo.length', 'Length'),
        on('variants.1.stockInfo.delayedUntilDate', DELAY_DATE_MISSING_MESSAGE),
        on('variants.1.stockInfo.delayMessage', DELAY_MESSAGE_MISSING_MESSAGE),
      ]);
    });

    it('lists a field missing from both variations under each of them', async () => {
      const { product } = await create(
        volume({
          name: 'Two prices missing',
          variants: [
            { type: 'Digital', enabled: true, priceType: 'Paid' },
            { type: 'Print', enabled: true, priceType: 'Paid', stockInfo: print },
          ],
        }),
      );
      await ingest(product.id);
      const answer = await publish(product.id);
      assert.deepEqual(answer.body.status.problems, [on('variants.0', variation('Digital')), on('variants.0.price', PRICE), on('variants.1', variation('Print')), on('variants.1.price', PRICE)]);
    });

    it('refuses a past delay date, and a digital variant of content not ingested', async () => {
      const past = new Date(Date.now() - 3 * DAY).toISOString().slice(0, 10);
      const { product } = await create(
        volume({ name: 'Delayed', variants: [{ type: 'Digital', enabled: true, priceType: 'Free' }, { type: 'Print', enabled: true, priceType: 'Print', price: 1500, stockInfo: { ...print, delayExpected: true, delayedUntilDate: past, delayMessage: 'Reprinting.' } }] }),
      );
      const answer = await publish(product.id);
      // The product lacks its pages, and so does its Digital variation: each is listed where it belongs.
      assert.deepEqual(answer.body.status.problems, [
        on('downloadable.ingestCompleted', PRODUCT_NOT_INGESTED_MESSAGE),
        on('variants.0', variation('Digital')),
        on('variants.0', PRODUCT_NOT_INGESTED_MESSAGE),
        on('variants.1', variation('Print')),
        on('variants.1.stockInfo.delayedUntilDate', DELAY_DATE_PAST_MESSAGE),
      ]);
    });

    it('publishes a complete product: event, audit, storefront date, and density advice', async () => {
      const { product } = await create(volume({ name: 'Complete', variants: [{ type: 'Print', enabled: true, priceType: 'Print', price: 1500, stockInfo: { ...print, weight: 30 } }, { type: 'Digital', enabled: false, priceType: 'Paid' }] }));
      await ingest(product.id);
      const answer = await publish(product.id);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(answer.body.response.status, 'Published');
      assert.ok(answer.body.response.publishDate);
      assert.ok(answer.body.response.warnings[0].startsWith("Book is too heavy for it's size"));
      assert.deepEqual(await events(product.id), ['product.created', 'product.published']);
      const entries = await audits(product.id);
      assert.equal(entries.at(-1)!.action, 'published');
      assert.deepEqual(entries.at(-1)!.changes.status, { from: 'Draft', to: 'Published' });
      // A published product stays publishable: a save that breaks a rule is refused.
      const broken = await call('POST', '/api/dashboard/product/alter', { ...volume({ name: 'Complete', description: '' }), id: product.id });
      assert.equal(broken.status, 400);
      assert.deepEqual(broken.body.status.problems, [on('description', 'Description')]);
      assert.equal((await publish(product.id)).status, 400, 'Published cannot be published again');
    });

    it('names Product Type, Type and the readable URL rule (pure rules)', () => {
      const problems = productPublishProblems(
        { name: 'X', description: 'Y', category: null, type: null, readableUrl: '123', hasSeries: true, ingestCompleted: true, issueNumber: 1, variants: [{ type: 'Digital', enabled: true, priceType: 'Free', priceCents: 0, usingDefaultPrice: false }] },
        new Date(),
      );
      assert.deepEqual(problems, [on('subCategory', 'Product Type'), on('category', 'Type'), on('readableUrl', READABLE_URL_DIGITS_ONLY_MESSAGE)]);
    });
  });

  describe('status moves', () => {
    const ready = async (name: string) => {
      const { product } = await create(volume({ name }));
      await ingest(product.id);
      return product.id as number;
    };

    it('schedules with a status and a future date, and refuses past or malformed ones naming the field', async () => {
      const id = await ready('Scheduled One');
      const future = new Date(Date.now() + 10 * DAY).toISOString();
      const answer = await call('POST', `/api/dashboard/product/publish?id=${id}&publishDate=${encodeURIComponent(future)}&publishStatus=ScheduledPreOrder`);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(answer.body.response.status, 'ScheduledPreOrder');
      assert.equal(answer.body.response.publishDate, future);
      assert.deepEqual(await events(id), ['product.created', 'product.changed']);
      assert.equal((await audits(id)).at(-1)!.action, 'scheduled');
      const past = await call('POST', `/api/dashboard/product/publish?id=${id}&publishDate=${encodeURIComponent(new Date(Date.now() - DAY).toISOString())}&publishStatus=Scheduled`);
      assert.equal(past.status, 400);
      assert.match(past.body.status.message, /^publishDate: .* in the past/);
      const garbled = await call('POST', `/api/dashboard/product/publish?id=${id}&publishDate=tomorrow&publishStatus=Scheduled`);
      assert.match(garbled.body.status.message, /^publishDate /);
      const status = await call('POST', `/api/dashboard/product/publish?id=${id}&publishDate=${encodeURIComponent(future)}&publishStatus=Removed`);
      assert.match(status.body.status.message, /^publishStatus: /);
      const noDate = await call('POST', `/api/dashboard/product/publish?id=${id}&publishStatus=ScheduledComingSoon`);
      assert.match(noDate.body.status.message, /^publishDate: /);
      // By code: 3 is ScheduledComingSoon; a new date re-schedules.
      const byCode = await call('POST', `/api/dashboard/product/publish?id=${id}&publishDate=${encodeURIComponent(new Date(Date.now() + 20 * DAY).toISOString())}&publishStatus=3`);
      assert.equal(byCode.body.response.status, 'ScheduledComingSoon');
      assert.equal((await call('POST', `/api/dashboard/product/publish?id=${id}`)).body.response.status, 'Published');
    });

    it('unpublishes, removes and restores, each with its event and audit entry', async () => {
      const id = await ready('Round Trip');
      assert.equal((await call('POST', `/api/dashboard/product/unpublish?id=${id}`)).status, 400, 'a Draft is not published');
      await call('POST', `/api/dashboard/product/publish?id=${id}`);
      assert.equal((await call('POST', `/api/dashboard/product/unpublish?id=${id}`)).body.response.status, 'Draft');
      assert.equal((await call('POST', `/api/dashboard/product/restore?id=${id}`)).status, 400, 'only Removed restores');
      assert.equal((await call('POST', `/api/dashboard/product/remove?id=${id}`)).body.response.status, 'Removed');
      assert.equal((await call('POST', `/api/dashboard/product/restore?id=${id}`)).body.response.status, 'Draft');
      assert.deepEqual(await events(id), ['product.created', 'product.published', 'product.unpublished', 'product.removed', 'product.changed']);
      assert.deepEqual((await audits(id)).map((entry) => entry.action), ['created', 'published', 'unpublished', 'removed', 'restored']);
      assert.equal((await call('POST', '/api/dashboard/product/remove?id=987654')).status, 404);
      assert.equal((await call('POST', '/api/dashboard/product/remove?id=x')).status, 400);
    });

    it('batch-publishes per item with API version 4 and refuses other versions', async () => {
      const good = await ready('Batch Good');
      const { product: bad } = await create(volume({ name: 'Batch Bad', description: '' }));
      const url = `/api/dashboard/product/batchPublish?ids=${good}&ids=${bad.id}&ids=987654`;
      const missing = await call('POST', url);
      assert.equal(missing.status, 400);
      assert.match(missing.body.status.message, /^api-version: /);
      assert.equal((await call('POST', url, undefined, { ...admin, 'api-version': '3' })).status, 400);
      assert.equal(await count("SELECT count(*) AS n FROM products WHERE id = $1 AND status = 4", [good]), 0, 'a refused batch changes nothing');
      const answer = await call('POST', url, undefined, { ...admin, 'api-version': '4' });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(answer.body.response.succeeded, 1);
      assert.equal(answer.body.response.failed, 2);
      const [first, second, third] = answer.body.response.results;
      assert.deepEqual(first, { id: good, ok: true, status: 'Published', problems: [] });
      assert.deepEqual(second.problems, [on('description', 'Description'), on('downloadable.ingestCompleted', PRODUCT_NOT_INGESTED_MESSAGE), on('variants.0', variation('Digital')), on('variants.0', PRODUCT_NOT_INGESTED_MESSAGE)]);
      assert.equal(third.ok, false);
      assert.deepEqual(third.problems.map((item: Json) => item.field), [''], 'an unknown id is a problem of the item as a whole');
      const unpublish = await call('POST', `/api/dashboard/product/batchUnPublish?ids=${good}&ids=${bad.id}&api-version=4`);
      assert.equal(unpublish.status, 200);
      assert.deepEqual(unpublish.body.response.results.map((result: Json) => result.ok), [true, false]);
      assert.deepEqual(await events(good), ['product.created', 'product.published', 'product.unpublished']);
      const future = new Date(Date.now() + 5 * DAY).toISOString();
      const scheduled = await call('POST', `/api/dashboard/product/batchPublish?ids=${good}&publishDate=${encodeURIComponent(future)}&publishStatus=Scheduled&api-version=4`);
      assert.equal(scheduled.body.response.results[0].status, 'Scheduled');
    });
  });

  describe('the list', () => {
    let ids: Record<string, number>;
    beforeAll(async () => {
      const listSeries = await createSeries(db(), { title: 'Quayside', genres: ['Drama'] });
      const make = async (body: Record<string, unknown>) => (await create(volume({ seriesId: listSeries, ...body }))).product.id as number;
      ids = {
        alpha: await make({ name: 'Quayside Alpha', volumeNumber: 1 }),
        beta: await make({ name: 'Quayside Beta', volumeNumber: 2, variants: [{ type: 'Print', enabled: true, priceType: 'Print', price: 1500, stockInfo: print }] }),
        chapter: await make({ name: 'Quayside Chapter', subCategory: 'Chapter', volumeNumber: null, chapterNumber: 1 }),
        gone: await make({ name: 'Quayside Gone', volumeNumber: 3 }),
      };
      await call('POST', `/api/dashboard/product/remove?id=${ids.gone}`);
      await putOnSale(db(), ids.alpha!, 100);
      await db().query("INSERT INTO bundles (name, description) VALUES ('Quayside Bundle', 'All of it.')");
    });
    const names = (body: Json) => body.response.items.map((item: Json) => item.name);

    it('filters by text, removal, chapters, distribution type, sale and bundles', async () => {
      const all = await call('GET', '/api/dashboard/product?query=quayside&sortBy=name&sortDirection=asc');
      assert.equal(all.status, 200);
      assert.deepEqual(names(all.body), ['Quayside Alpha', 'Quayside Beta', 'Quayside Chapter']);
      assert.deepEqual(names((await call('GET', '/api/dashboard/product?query=quayside&includeRemoved=true&sortBy=name&sortDirection=asc')).body), ['Quayside Alpha', 'Quayside Beta', 'Quayside Chapter', 'Quayside Gone']);
      assert.deepEqual(names((await call('GET', '/api/dashboard/product?query=quayside&publishStatus=Removed')).body), ['Quayside Gone']);
      assert.deepEqual(names((await call('GET', '/api/dashboard/product?query=quayside&publishStatus=5')).body), ['Quayside Gone']);
      assert.deepEqual(names((await call('GET', '/api/dashboard/product?query=quayside&includeChapters=false&sortBy=name&sortDirection=asc')).body), ['Quayside Alpha', 'Quayside Beta']);
      assert.deepEqual(names((await call('GET', '/api/dashboard/product?query=quayside&distributionType=Print')).body), ['Quayside Beta']);
      assert.deepEqual(names((await call('GET', '/api/dashboard/product?query=quayside&distributionType=1')).body), ['Quayside Beta']);
      assert.deepEqual(names((await call('GET', '/api/dashboard/product?query=quayside&showOnlyOnSale=true')).body), ['Quayside Alpha']);
      const withBundles = await call('GET', '/api/dashboard/product?query=quayside&includeBundles=true&sortBy=name&sortDirection=asc');
      assert.deepEqual(names(withBundles.body), ['Quayside Alpha', 'Quayside Beta', 'Quayside Bundle', 'Quayside Chapter']);
      assert.equal(withBundles.body.response.items[2].kind, 'bundle');
    });

    it('pages, and answers the same filters posted as a body', async () => {
      const page = await call('POST', '/api/dashboard/product', { query: 'quayside', start: 1, count: 1, sortBy: 'name', sortDirection: 'asc' });
      assert.equal(page.status, 200);
      assert.deepEqual(names(page.body), ['Quayside Beta']);
      assert.equal(page.body.response.thisPageNumber, 2);
      assert.equal(page.body.response.totalPageNumber, 3);
      assert.equal(page.body.response.filteredTotalRows, 3);
      assert.ok(page.body.response.unfilteredTotalRows >= 4);
      assert.equal((await call('GET', '/api/dashboard/product?count=0')).status, 400);
      assert.equal((await call('GET', '/api/dashboard/product?sortBy=colour')).status, 400);
    });

    it("lists a series' products in reading order", async () => {
      const seriesOf = await call('GET', `/api/dashboard/product/for/series/${(await call('GET', `/api/dashboard/product/${ids.alpha}`)).body.response.series.id}`);
      assert.equal(seriesOf.status, 200);
      assert.deepEqual(seriesOf.body.response.map((row: Json) => row.name), ['Quayside Alpha', 'Quayside Beta', 'Quayside Gone', 'Quayside Chapter']);
      assert.equal((await call('GET', '/api/dashboard/product/for/series/987654')).status, 404);
    });
  });

  describe('Apple in-app purchases', () => {
    it('refuses with the §5 messages and records a valid submission with its audit entry', async () => {
      const { product } = await create(volume({ name: 'Appled', description: '' }));
      const refused = await call('POST', `/api/dashboard/product/${product.id}/iaps/add`, { unsavedChanges: true });
      assert.equal(refused.status, 400);
      assert.deepEqual(refused.body.status.problems, [on('', 'Must save changes before submitting.'), on('description', 'Must have a description.'), on('defaultThumbnail', 'Must have a Cover photo (please ingest).')]);
      const untitled = await create({ name: '', description: 'x', category: 'Game', subCategory: 'Puzzle' });
      assert.deepEqual((await call('POST', `/api/dashboard/product/${untitled.product.id}/iaps/add`, {})).body.status.problems, [on('name', 'Must have a title.'), on('defaultThumbnail', 'Must have a Cover photo (please ingest).')]);
      assert.equal((await call('POST', '/api/dashboard/product/alter', { ...volume({ name: 'Appled' }), id: product.id })).status, 200);
      await ingest(product.id);
      // The editor still holds the version from before the alter: what it shows is not what is stored.
      const stale = await call('POST', `/api/dashboard/product/${product.id}/iaps/add`, { updatedAt: product.updatedAt });
      assert.deepEqual(stale.body.status.problems, [on('', 'Must save changes before submitting.')]);
      assert.equal(await count("SELECT count(*) AS n FROM iap_submissions WHERE item_id = $1", [product.id]), 0);
    });

    it('submits a product and a bundle through the embedded driver', async () => {
      const { product } = await create(volume({ name: 'Submitted' }));
      await ingest(product.id);
      const loaded = (await call('GET', `/api/dashboard/product/${product.id}`)).body.response;
      const answer = await call('POST', `/api/dashboard/product/${product.id}/iaps/add`, { updatedAt: loaded.updatedAt });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(answer.body.response.state, 'Submitted');
      assert.equal(answer.body.response.driver, 'embedded');
      assert.equal(answer.body.response.productIdentifier, `com.inkwell.product.${product.id}`);
      assert.equal(await count("SELECT count(*) AS n FROM iap_submissions WHERE item_kind = 'product' AND item_id = $1", [product.id]), 1);
      assert.equal((await audits(product.id)).at(-1)!.action, 'iap-submitted');
      const bundle = Number((await db().query<{ id: string }>("INSERT INTO bundles (name, description) VALUES ('Box', 'Three books.') RETURNING id")).rows[0]!.id);
      const noCover = await call('POST', `/api/dashboard/bundles/${bundle}/iaps/add`, {});
      assert.deepEqual(noCover.body.status.problems, [on('defaultThumbnail', 'Must have a Cover photo (please ingest).')]);
      assert.equal(await count("SELECT count(*) AS n FROM iap_submissions WHERE item_kind = 'bundle'"), 0);
      await db().query('UPDATE bundles SET default_thumbnail = $2 WHERE id = $1', [bundle, JSON.stringify({ url: '/b.jpg', width: 1, height: 1 })]);
      const ok = await call('POST', `/api/dashboard/bundles/${bundle}/iaps/add`, {});
      assert.equal(ok.status, 200);
      assert.equal(ok.body.response.itemKind, 'bundle');
      assert.equal((await call('POST', '/api/dashboard/bundles/987654/iaps/add', {})).status, 404);
      assert.equal((await call('POST', '/api/dashboard/product/abc/iaps/add', {})).status, 400);
    });
  });
});
