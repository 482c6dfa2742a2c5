import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import {
  DELAY_DATE_MISSING_MESSAGE,
  DELAY_DATE_PAST_MESSAGE,
  DELAY_MESSAGE_MISSING_MESSAGE,
  MISSING_FIELD,
  MISSING_FIELD_SORTING,
  MISSING_FIELD_TYPE,
  PRINT_DIMENSION_NAMES,
  PRODUCT_NEEDS_SERIES_MESSAGE,
  PRODUCT_NEEDS_VARIANT_MESSAGE,
  PRODUCT_NOT_INGESTED_MESSAGE,
  READABLE_URL_DIGITS_ONLY_MESSAGE,
  SERIES_MISSING_INFORMATION_MESSAGE,
  SERIES_NO_GENRES_MESSAGE,
  isPublishableStatus,
  productPublishProblems,
  seriesPublishProblems,
  variantMissingDataMessage,
  type ProductToPublish,
  type VariantToPublish,
} from '../../src/domain';

const today = new Date('2026-03-10T12:00:00Z');
const print: VariantToPublish = { type: 'Print', enabled: true, priceType: 'Paid', priceCents: 1299, usingDefaultPrice: false, stock: { weight: 0.6, height: 7.5, width: 5, length: 0.6, delayExpected: false } };
const volume: ProductToPublish = {
  name: 'Harbor Lights, Vol. 1',
  description: 'The storm season begins.',
  category: 'Publication',
  type: 'Volume',
  readableUrl: 'harbor-lights-volume-1',
  hasSeries: true,
  ingestCompleted: true,
  issueNumber: 1,
  variants: [{ type: 'Digital', enabled: true, priceType: 'Paid', priceCents: 799, usingDefaultPrice: false }, print],
};
/** A problem: the field it is about, and the spec's words. */
const on = (field: string, message: string) => ({ field, message });

describe('series publish rules (dashboard spec §5)', () => {
  it('passes a series with a title, a description and a genre', () => {
    assert.deepEqual(seriesPublishProblems({ title: 'Harbor Lights', description: 'A keeper’s daughter.', genreCount: 1, readableUrl: 'harbor-lights' }), []);
  });
  for (const [name, series, problems] of [
    ['no description', { title: 'Harbor Lights', description: ' ', genreCount: 1 }, [on('description', SERIES_MISSING_INFORMATION_MESSAGE)]],
    ['no title', { title: '', description: 'A story.', genreCount: 1 }, [on('title', SERIES_MISSING_INFORMATION_MESSAGE)]],
    ['no genre', { title: 'Harbor Lights', description: 'A story.', genreCount: 0 }, [on('genreIds', SERIES_NO_GENRES_MESSAGE)]],
    ['a readable URL of digits', { title: 'Harbor Lights', description: 'A story.', genreCount: 2, readableUrl: '2024' }, [on('readableUrl', READABLE_URL_DIGITS_ONLY_MESSAGE)]],
  ] as const) {
    it(`refuses ${name}`, () => assert.deepEqual(seriesPublishProblems(series), problems));
  }
});

describe('product publish rules (dashboard spec §5): one rule for staff and the demo seed', () => {
  it('passes a complete volume', () => assert.deepEqual(productPublishProblems(volume, today), []));

  const cases: Array<[string, Partial<ProductToPublish>, Array<{ field: string; message: string }>]> = [
    ['a product without a name', { name: ' ' }, [on('name', MISSING_FIELD.title)]],
    ['a volume without a description', { description: '' }, [on('description', MISSING_FIELD.description)]],
    ['a readable URL of digits', { readableUrl: '123' }, [on('readableUrl', READABLE_URL_DIGITS_ONLY_MESSAGE)]],
    ['a volume without a series', { hasSeries: false }, [on('seriesId', PRODUCT_NEEDS_SERIES_MESSAGE)]],
    ['a product without variants', { variants: [] }, [on('variants', PRODUCT_NEEDS_VARIANT_MESSAGE)]],
    ['a publication without a sorting number', { issueNumber: 0 }, [on('issueNumber', MISSING_FIELD_SORTING)]],
    ['a product without a type or a category', { type: null, category: null }, [on('subCategory', MISSING_FIELD.productType), on('category', MISSING_FIELD_TYPE)]],
  ];
  for (const [name, change, problems] of cases) {
    it(`refuses ${name}`, () => assert.deepEqual(productPublishProblems({ ...volume, ...change }, today), problems));
  }

  it('lets a Book stand without a series, and a Chapter without a description or ingestion', () => {
    assert.deepEqual(productPublishProblems({ ...volume, type: 'Book', hasSeries: false }, today), []);
    assert.deepEqual(productPublishProblems({ ...volume, type: 'Chapter', description: '', ingestCompleted: false, variants: [{ type: 'Digital', enabled: true, priceType: 'Free', priceCents: 0, usingDefaultPrice: false }] }, today), [
      on('variants.0', variantMissingDataMessage('Digital')),
      on('variants.0', PRODUCT_NOT_INGESTED_MESSAGE),
    ]);
  });

  it('refuses a volume whose pages are not ingested', () => {
    assert.deepEqual(productPublishProblems({ ...volume, ingestCompleted: false, variants: [print] }, today), [on('downloadable.ingestCompleted', PRODUCT_NOT_INGESTED_MESSAGE)]);
  });

  it('checks enabled variants only: a paid price, print dimensions, a delay with its date and message', () => {
    const problems = (variant: VariantToPublish) => productPublishProblems({ ...volume, variants: [variant] }, today);
    const digital = on('variants.0', variantMissingDataMessage('Digital'));
    const printed = on('variants.0', variantMissingDataMessage('Print'));
    assert.deepEqual(problems({ type: 'Digital', enabled: true, priceType: 'Paid', priceCents: null, usingDefaultPrice: false }), [digital, on('variants.0.price', MISSING_FIELD.price)]);
    assert.deepEqual(problems({ type: 'Digital', enabled: true, priceType: 'Paid', priceCents: null, usingDefaultPrice: true }), [], 'the default price stands in');
    assert.deepEqual(problems({ type: 'Digital', enabled: false, priceType: 'Paid', priceCents: null, usingDefaultPrice: false }), []);
    assert.deepEqual(problems({ ...print, stock: { weight: 0.6, height: 7.5, width: 5 } }), [printed, on('variants.0.stockInfo.length', PRINT_DIMENSION_NAMES.length)]);
    assert.deepEqual(problems({ ...print, stock: { ...print.stock, delayExpected: true } }), [
      printed,
      on('variants.0.stockInfo.delayedUntilDate', DELAY_DATE_MISSING_MESSAGE),
      on('variants.0.stockInfo.delayMessage', DELAY_MESSAGE_MISSING_MESSAGE),
    ]);
    assert.deepEqual(problems({ ...print, stock: { ...print.stock, delayExpected: true, delayedUntilDate: '2026-03-09', delayMessage: 'Reprinting.' } }), [printed, on('variants.0.stockInfo.delayedUntilDate', DELAY_DATE_PAST_MESSAGE)]);
    assert.deepEqual(problems({ ...print, stock: { ...print.stock, delayExpected: true, delayedUntilDate: '2026-03-10', delayMessage: 'Reprinting.' } }), [], 'today is not in the past');
  });

  it('names a variation by its description when it has one, and each variant by its index', () => {
    const hardcover = { ...print, priceCents: null, description: 'Hardcover' };
    assert.deepEqual(productPublishProblems({ ...volume, variants: [volume.variants[0]!, hardcover] }, today), [
      on('variants.1', variantMissingDataMessage('Hardcover')),
      on('variants.1.price', MISSING_FIELD.price),
    ]);
  });
});

describe('publishable statuses', () => {
  it('are every status the storefront shows now or on a date', () => {
    assert.deepEqual((['Draft', 'Scheduled', 'ScheduledPreOrder', 'ScheduledComingSoon', 'Published', 'Removed'] as const).filter(isPublishableStatus), ['Scheduled', 'ScheduledPreOrder', 'ScheduledComingSoon', 'Published']);
  });
});
