import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import type { DashboardProduct, ProductVariant } from '@inkwell/contracts/dashboard-products';
import { PRODUCT_LIMITS, emptyProductForm, formToSave, productToForm } from './product-form';

function variant(overrides: Partial<ProductVariant>): ProductVariant {
  return {
    id: 11,
    type: 'Digital',
    enabled: true,
    priceType: 'Paid',
    price: 499,
    currency: 'USD',
    scheduleDate: null,
    isPreOrder: false,
    cartLimit: null,
    priceTierId: null,
    pricingInfo: { type: 'Paid', price: 499, usingDefaultPrice: false },
    stockInfo: null,
    expectedDelay: null,
    ...overrides,
  };
}

function product(overrides: Partial<DashboardProduct> = {}): DashboardProduct {
  return {
    id: 7,
    name: 'Night Owls Vol. 1',
    displayName: null,
    description: 'Owls at night.',
    metaDescription: null,
    category: 'Publication',
    subCategory: 'Volume',
    subCategoryId: 0,
    readableUrl: 'night-owls-vol-1',
    status: 'Draft',
    statusCode: 0,
    publishDate: null,
    unlisted: false,
    creators: [
      { ordinal: 1, hidden: false, title: 'Art', creator: { id: 3, name: 'Ana' } },
      { ordinal: 0, hidden: true, title: 'Story', creator: { id: 2, name: 'Bo' } },
    ],
    thumbnails: [{ url: '/covers/7-a.webp', width: 600, height: 900 }, { url: '/covers/7-b.webp', width: 600, height: 900 }],
    defaultThumbnail: { url: '/covers/7-b.webp', width: 600, height: 900 },
    externalLinks: [],
    ipTags: [{ id: 4, name: 'Owlverse' }],
    assetLinkGroups: [],
    publishToApple: true,
    publishToAndroid: false,
    publishToWeb: true,
    trim: null,
    variants: [variant({})],
    pageCount: 120,
    series: { id: 9, title: 'Night Owls' },
    illustrationColorTypeId: null,
    coverTypeId: null,
    signed: false,
    remarqued: false,
    publisherId: null,
    imprintId: null,
    readingLevelId: null,
    issueNumber: 1,
    volumeNumber: 1,
    chapterNumber: null,
    eisbn: null,
    isbn: null,
    relativeName: 'Vol. 1',
    subtitle: null,
    releaseDate: '2025-03-01',
    chapters: [{ name: 'Dusk', relativeName: null }],
    readable: null,
    priceable: null,
    ageRestrictable: { ageRating: 't' },
    geoRestrictable: { restrictedTerritories: ['JP'] },
    downloadable: { ingestCompleted: true, reverseReadOrder: false },
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-02T00:00:00.000Z',
    ...overrides,
  };
}

describe('product form ↔ staff API', () => {
  test('prices are edited in dollars and saved in cents (spec §9: price × 100, rounded)', () => {
    const form = productToForm(product());
    const digital = form.variants.find((entry) => entry.type === 'Digital')!;
    assert.equal(digital.price, 4.99);
    digital.price = 1.005;
    const saved = formToSave(form, product());
    assert.equal(saved.variants?.[0]?.price, 101);
  });

  test('a variant the product lacks is shown but not sent; once added it is sent with its stock info', () => {
    const form = productToForm(product());
    const print = form.variants.find((entry) => entry.type === 'Print')!;
    assert.equal(print.present, false);
    assert.deepEqual(formToSave(form, product()).variants?.map((entry) => entry.type), ['Digital']);

    Object.assign(print, { present: true, enabled: true, price: 19.99 });
    Object.assign(print.stock, { weight: 1.2, height: 10, width: 7, length: 1, delayExpected: false, delayMessage: 'ignored' });
    const sent = formToSave(form, product()).variants?.find((entry) => entry.type === 'Print');
    assert.equal(sent?.price, 1999);
    assert.equal(sent?.stockInfo?.weight, 1.2);
    // No delay expected: the delay date and message are not sent.
    assert.equal(sent?.stockInfo?.delayMessage, null);
  });

  test('using the default price sends no price of its own', () => {
    const form = productToForm(product({ variants: [variant({ pricingInfo: { type: 'Paid', price: 299, usingDefaultPrice: true }, priceTierId: 2 })] }));
    const digital = form.variants[0]!;
    assert.equal(digital.usingDefaultPrice, true);
    const sent = formToSave(form, product()).variants?.[0];
    assert.equal(sent?.price, null);
    assert.equal(sent?.usingDefaultPrice, true);
    assert.equal(sent?.priceTierId, 2);
  });

  test('creators are ordered by ordinal and saved with their list position as ordinal', () => {
    const form = productToForm(product());
    assert.deepEqual(form.creators.map((credit) => credit.name), ['Bo', 'Ana']);
    form.creators.reverse();
    assert.deepEqual(
      formToSave(form, product()).creators?.map((credit) => [credit.creator.id, credit.ordinal, credit.hidden]),
      [
        [3, 0, false],
        [2, 1, true],
      ],
    );
  });

  test('the default thumbnail is chosen among the stored ones by url', () => {
    const form = productToForm(product());
    assert.equal(form.defaultThumbnailUrl, '/covers/7-b.webp');
    form.defaultThumbnailUrl = '/covers/7-a.webp';
    assert.equal(formToSave(form, product()).defaultThumbnail?.url, '/covers/7-a.webp');
    form.defaultThumbnailUrl = '/not-a-cover.webp';
    assert.equal(formToSave(form, product()).defaultThumbnail, null);
  });

  test('Game and Merchandise send no age, territory or download parts (spec §3)', () => {
    const form = productToForm(product());
    assert.deepEqual(formToSave(form, product()).geoRestrictable, { restrictedTerritories: ['JP'] });
    form.category = 'Merchandise';
    form.subCategory = 'Pin';
    const saved = formToSave(form, product());
    assert.equal(saved.ageRestrictable, undefined);
    assert.equal(saved.geoRestrictable, undefined);
    assert.equal(saved.downloadable, undefined);
  });

  test('a new product has no id nor expected version; blank text is sent as null', () => {
    const form = emptyProductForm();
    form.name = '  Fresh  ';
    const saved = formToSave(form, undefined);
    assert.equal(saved.id, undefined);
    assert.equal(saved.expectedUpdatedAt, undefined);
    assert.equal(saved.name, 'Fresh');
    assert.equal(saved.readableUrl, null);
    assert.deepEqual(saved.variants, []);
  });

  test('asset link groups keep their links; blank links and empty groups are dropped', () => {
    const form = productToForm(product({ assetLinkGroups: [{ name: 'Print files', links: [{ name: 'Cover', url: 'https://files.test/cover.pdf' }] }] }));
    form.assetLinkGroups[0]!.links.push({ name: 'Blank', url: ' ' });
    form.assetLinkGroups.push({ name: ' ', links: [{ name: '', url: '' }] });
    assert.deepEqual(formToSave(form, product()).assetLinkGroups, [{ name: 'Print files', links: [{ name: 'Cover', url: 'https://files.test/cover.pdf' }] }]);
  });

  test('an edit sends the version it was read at, so a concurrent edit is refused', () => {
    assert.equal(formToSave(productToForm(product()), product()).expectedUpdatedAt, '2025-01-02T00:00:00.000Z');
  });
});

describe("the form's limits", () => {
  test("are the save body's, as the form has always checked them (prices in dollars)", () => {
    assert.deepEqual(PRODUCT_LIMITS, {
      name: 300,
      displayName: 300,
      subtitle: 300,
      relativeName: 300,
      readableUrl: 200,
      description: 20_000,
      metaDescription: 1000,
      trim: 100,
      code: { min: 0, max: 1000 },
      price: 1_000_000,
      cartLimit: { min: 1, max: 10_000 },
      expectedDelay: 200,
      inventoryId: 200,
      stockDescription: 500,
      delayMessage: 1000,
      dimension: 10_000,
    });
  });
});
