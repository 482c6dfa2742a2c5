import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { DEMO_REFERENCE_DATE, generateDemoCatalogue, type DemoCatalogue, type DemoProduct } from '../src';
import type { AgeRating, PriceType } from '@inkwell/contracts/catalog-rules';

const ALL_PRICE_TYPES: PriceType[] = [
  'Print', 'Free', 'FreeForRegistered', 'Paid', 'NotForSale', 'SubscriptionOnly', 'PaidOrSubscription',
  'FreeToReadAndPurchaseble', 'FreeToReadForRegisteredAndPurchaseble',
];
const ALL_AGE_RATINGS: AgeRating[] = ['e', 'e7', 'pg', 't', 'm'];
/** Storefront spec §3 showcase genre labels. */
const SPEC_GENRES = ['DRAMA', 'HISTORICAL', 'ACTION & ADVENTURE', 'MADE INTO ANIME', 'THRILLER', 'HORROR', 'FOOD'];
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const FREE_TYPES: PriceType[] = ['Free', 'FreeForRegistered', 'NotForSale', 'SubscriptionOnly'];

const products = (catalogue: DemoCatalogue): DemoProduct[] => catalogue.series.flatMap((s) => s.products);
const reference = new Date(DEMO_REFERENCE_DATE);

// The coverage cases are dealt on purpose, so they must hold for any seed, not just the default.
for (const seed of [1, 2, 3]) {
  describe(`demo catalogue, seed ${seed}`, () => {
    const catalogue = generateDemoCatalogue(seed);
    const all = products(catalogue);

    it('has the size of a real store', () => {
      assert.ok(catalogue.series.length >= 40, `${catalogue.series.length} series`);
      assert.ok(all.length >= 400, `${all.length} products`);
      assert.ok(catalogue.creators.length >= 60, `${catalogue.creators.length} creators`);
      assert.ok(catalogue.publishers.length >= 3 && catalogue.publishers.length <= 5);
      for (const publisher of catalogue.publishers) assert.ok(publisher.imprints.length > 0, `${publisher.name} has imprints`);
      assert.ok(catalogue.news.length >= 12, `${catalogue.news.length} articles`);
    });

    it('spreads series over at least 12 genres, including the spec labels', () => {
      const used = new Set(catalogue.series.flatMap((s) => s.genres));
      assert.ok(used.size >= 12, `${used.size} genres in use`);
      const names = new Map(catalogue.genres.map((g) => [g.name, g.key]));
      for (const label of SPEC_GENRES) {
        const key = names.get(label);
        assert.ok(key, `genre ${label} exists`);
        assert.ok(used.has(key), `some series is ${label}`);
      }
    });

    it('ties every record to existing keys', () => {
      const genres = new Set(catalogue.genres.map((g) => g.key));
      const creators = new Set(catalogue.creators.map((c) => c.key));
      const publishers = new Map(catalogue.publishers.map((p) => [p.key, p]));
      const ipTags = new Set(catalogue.ipTags.map((t) => t.key));
      const seriesKeys = new Set(catalogue.series.map((s) => s.key));
      for (const series of catalogue.series) {
        for (const genre of series.genres) assert.ok(genres.has(genre), `${series.title}: genre ${genre}`);
        assert.ok(series.creators.length > 0, `${series.title} has creators`);
        for (const credit of series.creators) assert.ok(creators.has(credit.creator), `${series.title}: creator ${credit.creator}`);
        const publisher = publishers.get(series.publisher);
        assert.ok(publisher, `${series.title}: publisher ${series.publisher}`);
        if (series.imprint) assert.ok(publisher.imprints.includes(series.imprint), `${series.title}: imprint ${series.imprint}`);
        if (series.ipTag) assert.ok(ipTags.has(series.ipTag), `${series.title}: IP tag ${series.ipTag}`);
      }
      for (const article of catalogue.news) {
        if (article.series) assert.ok(seriesKeys.has(article.series), `${article.title}: series ${article.series}`);
      }
      for (const keys of [catalogue.series.map((s) => s.key), all.map((p) => p.key), [...genres], [...creators]]) {
        assert.equal(new Set(keys).size, keys.length, 'keys are unique');
      }
    });

    it('gives series and products unique, slug-like readable urls that are never only digits', () => {
      const urls = [...catalogue.series.map((s) => s.readableUrl), ...all.map((p) => p.readableUrl)];
      assert.equal(new Set(urls).size, urls.length, 'series and product urls are unique');
      const articleUrls = catalogue.news.map((a) => a.readableUrl);
      assert.equal(new Set(articleUrls).size, articleUrls.length, 'article urls are unique');
      for (const url of [...urls, ...articleUrls]) {
        assert.match(url, SLUG);
        assert.doesNotMatch(url, /^\d+$/);
      }
    });

    it('uses every price type and every age rating', () => {
      const priceTypes = new Set(all.flatMap((p) => p.variants.map((v) => v.priceType)));
      for (const type of ALL_PRICE_TYPES) assert.ok(priceTypes.has(type), `price type ${type}`);
      const seriesRatings = new Set(catalogue.series.map((s) => s.ageRating));
      const productRatings = new Set(all.map((p) => p.ageRating));
      for (const rating of ALL_AGE_RATINGS) {
        assert.ok(seriesRatings.has(rating), `a series rated ${rating}`);
        assert.ok(productRatings.has(rating), `a product rated ${rating}`);
      }
    });

    it('prices variants the way the store sells them', () => {
      for (const product of all) {
        assert.ok(product.variants.length > 0, `${product.name} has variants`);
        for (const variant of product.variants) {
          if (FREE_TYPES.includes(variant.priceType)) assert.equal(variant.priceCents, 0, `${product.name}: free types cost nothing`);
          else assert.ok(variant.priceCents > 0, `${product.name}: ${variant.priceType} has a price`);
          if (variant.type === 'Print') {
            assert.ok(variant.stock, `${product.name}: print has stock info`);
            assert.ok(variant.stock.inventoryId, `${product.name}: print has an inventory id`);
          } else {
            assert.equal(variant.cartLimit, undefined, `${product.name}: only print has a cart limit`);
          }
          if (variant.cartLimit !== undefined) assert.ok(variant.cartLimit >= 3 && variant.cartLimit <= 10, `${product.name}: cart limit 3–10`);
        }
      }
      const inventory = all.flatMap((p) => p.variants.flatMap((v) => (v.stock ? [v.stock.inventoryId] : [])));
      assert.equal(new Set(inventory).size, inventory.length, 'inventory ids are unique');
      assert.ok(all.some((p) => p.variants.some((v) => v.cartLimit !== undefined)), 'some print variants have a cart limit');
    });

    it('sells chapters digitally with the first ones free, and volumes in both formats', () => {
      const chapters = all.filter((p) => p.subCategory === 'Chapter');
      const volumes = all.filter((p) => p.subCategory === 'Volume');
      for (const chapter of chapters) {
        assert.ok(chapter.chapterNumber !== undefined && chapter.chapterNumber > 0, `${chapter.name} has a number`);
        assert.deepEqual(chapter.variants.map((v) => v.type), ['Digital'], `${chapter.name} is digital only`);
        assert.ok(chapter.pageCount >= 24 && chapter.pageCount <= 40, `${chapter.name}: ${chapter.pageCount} pages`);
      }
      for (const volume of volumes) {
        assert.ok(volume.volumeNumber !== undefined && volume.volumeNumber > 0, `${volume.name} has a number`);
        assert.ok(volume.pageCount >= 120 && volume.pageCount <= 220, `${volume.name}: ${volume.pageCount} pages`);
      }
      const bothFormats = volumes.filter((v) => v.variants.some((x) => x.type === 'Digital') && v.variants.some((x) => x.type === 'Print'));
      assert.ok(bothFormats.length > volumes.length / 2, 'volumes usually come in print and digital');
      const freeStarts = catalogue.series.filter((s) =>
        s.products.some((p) => p.chapterNumber === 1 && p.variants.some((v) => v.priceType === 'Free' || v.priceType === 'FreeForRegistered')),
      );
      assert.ok(freeStarts.length >= 8, `${freeStarts.length} series start with free chapters`);
      assert.ok(chapters.some((c) => c.relativeName), 'some chapters have a relative name');
      const firstVolumes = volumes.filter((v) => v.volumeNumber === 1);
      assert.ok(firstVolumes.some((v) => v.variants.some((x) => x.priceType === 'FreeToReadAndPurchaseble')));
      assert.ok(firstVolumes.some((v) => v.variants.some((x) => x.priceType === 'FreeToReadForRegisteredAndPurchaseble')));
    });

    it('puts some digital volumes on sale below their full price', () => {
      const onSale = all.filter((p) => p.saleDigitalPriceCents !== undefined);
      assert.ok(onSale.length >= 5, `${onSale.length} products on sale`);
      for (const product of onSale) {
        const digital = product.variants.find((v) => v.type === 'Digital');
        assert.ok(digital && product.saleDigitalPriceCents! < digital.priceCents && product.saleDigitalPriceCents! > 0, `${product.name} sale price`);
      }
    });

    it('offers pre-orders dated after the reference date', () => {
      const preOrders = all.filter((p) => p.status === 'ScheduledPreOrder');
      assert.ok(preOrders.length >= 2, `${preOrders.length} pre-orders`);
      for (const product of preOrders) {
        assert.ok(new Date(product.publishDate) > reference, `${product.name} comes out after the reference date`);
        for (const variant of product.variants) {
          assert.equal(variant.isPreOrder, true, `${product.name}: ${variant.type} is a pre-order`);
          assert.equal(variant.scheduleDate, product.publishDate);
        }
      }
      for (const product of all.filter((p) => p.status === 'Published')) {
        assert.ok(new Date(product.publishDate) < reference, `${product.name} was published before the reference date`);
        assert.ok(product.variants.every((v) => !v.isPreOrder));
      }
    });

    it('has hidden, restricted and unlisted items to test visibility with', () => {
      const statuses = new Set([...catalogue.series.map((s) => s.status), ...all.map((p) => p.status)]);
      for (const status of ['Draft', 'Scheduled', 'ScheduledComingSoon', 'ScheduledPreOrder', 'Removed', 'Published'] as const) {
        assert.ok(statuses.has(status), `something is ${status}`);
      }
      assert.ok(catalogue.series.some((s) => s.status === 'Draft'), 'a draft series');
      assert.ok(catalogue.series.some((s) => s.unlisted), 'an unlisted series');
      assert.ok(all.some((p) => p.unlisted && p.status === 'Published'), 'an unlisted product');
      const restrictions = catalogue.series.map((s) => s.restrictedTerritories.join('+'));
      for (const territories of ['JP', 'DE+AT', 'CN']) assert.ok(restrictions.includes(territories), `a series restricted in ${territories}`);
      const openSeries = catalogue.series.filter((s) => s.restrictedTerritories.length === 0);
      assert.ok(openSeries.some((s) => s.products.some((p) => p.restrictedTerritories.length > 0)), 'a single product restricted on its own');
      for (const series of catalogue.series) {
        for (const product of series.products) {
          for (const territory of series.restrictedTerritories) assert.ok(product.restrictedTerritories.includes(territory), `${product.name} inherits ${territory}`);
        }
      }
    });

    it('reads manga right to left and keeps franchises together', () => {
      const manga = catalogue.series.filter((s) => s.rightToLeft);
      assert.ok(manga.length > 0);
      for (const series of manga) {
        assert.ok(series.products.every((p) => p.reverseReadOrder), `${series.title} products read in reverse`);
        assert.ok(series.originalLanguageTitle && series.romanizedTitle, `${series.title} has its original title`);
      }
      assert.ok(catalogue.ipTags.length >= 2);
      for (const tag of catalogue.ipTags) {
        assert.ok(catalogue.series.filter((s) => s.ipTag === tag.key).length >= 2, `${tag.name} spans several series`);
      }
    });

    it('spreads popularity from a few hits to a long tail', () => {
      const values = all.map((p) => p.popularity);
      assert.ok(values.every((v) => Number.isInteger(v) && v >= 0 && v <= 1000));
      assert.ok(Math.max(...values) > 700 && Math.min(...values) < 100, 'popularity spans the range');
    });

    it('writes distinct, finished copy', () => {
      const descriptions = catalogue.series.map((s) => s.description);
      assert.equal(new Set(descriptions).size, descriptions.length, 'no two series share a blurb');
      const titles = catalogue.series.map((s) => s.title.toLowerCase());
      assert.equal(new Set(titles).size, titles.length, 'no two series share a title');
      for (const series of catalogue.series) {
        const sentences = series.description.split(/(?<=[.!?])\s+(?=[A-Z])/).length;
        assert.ok(sentences >= 2 && sentences <= 3, `${series.title}: ${sentences} sentences`);
        assert.match(series.title, /^[A-Z]/);
      }
      const text = JSON.stringify(catalogue);
      assert.doesNotMatch(text, /lorem|ipsum|undefined|\{\w+\}/i);
    });

    it('writes news in simple HTML linking to series that exist', () => {
      const urls = new Set(catalogue.series.map((s) => s.readableUrl));
      const productUrls = new Set(all.map((p) => p.readableUrl));
      for (const article of catalogue.news) {
        assert.ok(['News', 'Announcement', 'Feature'].includes(article.pageType));
        assert.ok(new Date(article.publishedAt) < reference, `${article.title} is already out`);
        const tags = [...article.bodyHtml.matchAll(/<\/?([a-z0-9]+)/g)].map((m) => m[1]);
        for (const tag of tags) assert.ok(['p', 'h2', 'ul', 'li', 'a'].includes(tag!), `${article.title}: <${tag}>`);
        for (const [, url] of article.bodyHtml.matchAll(/href="\/series\/([^"]+)"/g)) assert.ok(urls.has(url!), `${article.title} links /series/${url}`);
        for (const [, url] of article.bodyHtml.matchAll(/href="\/product\/([^"]+)"/g)) assert.ok(productUrls.has(url!), `${article.title} links /product/${url}`);
      }
      const kinds = new Set(catalogue.news.map((a) => a.title.split(' ')[0]));
      assert.ok(kinds.size >= 8, 'articles are varied');
    });
  });
}

describe('demo catalogue determinism', () => {
  it('is the same for the same seed', () => {
    assert.deepEqual(generateDemoCatalogue(7), generateDemoCatalogue(7));
    assert.deepEqual(generateDemoCatalogue(), generateDemoCatalogue(1), 'the default seed is 1');
  });

  it('differs between seeds', () => {
    const a = generateDemoCatalogue(1).series.map((s) => s.title);
    const b = generateDemoCatalogue(2).series.map((s) => s.title);
    assert.notDeepEqual(a, b);
  });

  it('lays out dates around the reference date, not the clock', () => {
    const later = '2030-03-01T00:00:00.000Z';
    const catalogue = generateDemoCatalogue(1, { referenceDate: later });
    const preOrders = products(catalogue).filter((p) => p.status === 'ScheduledPreOrder');
    assert.ok(preOrders.length > 0);
    for (const product of preOrders) assert.ok(product.publishDate > later, `${product.name} is after ${later}`);
    assert.ok(products(catalogue).some((p) => p.publishDate.startsWith('2029') || p.publishDate.startsWith('2030')));
    assert.throws(() => generateDemoCatalogue(1, { referenceDate: 'not a date' }), /invalid reference date/);
  });
});
