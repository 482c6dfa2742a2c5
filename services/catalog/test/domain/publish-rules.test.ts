import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import {
  DELAY_DATE_MISSING_MESSAGE,
  DELAY_DATE_PAST_MESSAGE,
  DELAY_MESSAGE_MISSING_MESSAGE,
  MISSING_FIELD,
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
const print: VariantToPublish = { type: 'Print', enabled: true, priceType: 'Paid', priceCents: 1299, stock: { weight: 0.6, height: 7.5, width: 5, length: 0.6, delayExpected: false } };
const volume: ProductToPublish = {
  name: 'Harbor Lights, Vol. 1',
  description: 'The storm season begins.',
  type: 'Volume',
  readableUrl: 'harbor-lights-volume-1',
  hasSeries: true,
  ingestCompleted: true,
  variants: [{ type: 'Digital', enabled: true, priceType: 'Paid', priceCents: 799 }, print],
};

describe('series publish rules (dashboard spec §5)', () => {
  it('passes a series with a title, a description and a genre', () => {
    assert.deepEqual(seriesPublishProblems({ title: 'Harbor Lights', description: 'A keeper’s daughter.', genreCount: 1, readableUrl: 'harbor-lights' }), []);
  });
  for (const [name, series, problems] of [
    ['no description', { title: 'Harbor Lights', description: ' ', genreCount: 1 }, [SERIES_MISSING_INFORMATION_MESSAGE]],
    ['no title', { title: '', description: 'A story.', genreCount: 1 }, [SERIES_MISSING_INFORMATION_MESSAGE]],
    ['no genre', { title: 'Harbor Lights', description: 'A story.', genreCount: 0 }, [SERIES_NO_GENRES_MESSAGE]],
    ['a readable URL of digits', { title: 'Harbor Lights', description: 'A story.', genreCount: 2, readableUrl: '2024' }, [READABLE_URL_DIGITS_ONLY_MESSAGE]],
  ] as const) {
    it(`refuses ${name}`, () => assert.deepEqual(seriesPublishProblems(series), problems));
  }
});

describe('product publish rules (dashboard spec §5)', () => {
  it('passes a complete volume', () => assert.deepEqual(productPublishProblems(volume, today), []));

  const cases: Array<[string, Partial<ProductToPublish>, string[]]> = [
    ['a product without a name', { name: ' ' }, [MISSING_FIELD.title]],
    ['a volume without a description', { description: '' }, [MISSING_FIELD.description]],
    ['a readable URL of digits', { readableUrl: '123' }, [READABLE_URL_DIGITS_ONLY_MESSAGE]],
    ['a volume without a series', { hasSeries: false }, [PRODUCT_NEEDS_SERIES_MESSAGE]],
    ['a product without variants', { variants: [] }, [PRODUCT_NEEDS_VARIANT_MESSAGE]],
  ];
  for (const [name, change, problems] of cases) {
    it(`refuses ${name}`, () => assert.deepEqual(productPublishProblems({ ...volume, ...change }, today), problems));
  }

  it('lets a Book stand without a series, and a Chapter without a description or ingestion', () => {
    assert.deepEqual(productPublishProblems({ ...volume, type: 'Book', hasSeries: false }, today), []);
    assert.deepEqual(productPublishProblems({ ...volume, type: 'Chapter', description: '', ingestCompleted: false, variants: [{ type: 'Digital', enabled: true, priceType: 'Free', priceCents: 0 }] }, today), [
      `${variantMissingDataMessage('Digital')} ${PRODUCT_NOT_INGESTED_MESSAGE}`,
    ]);
  });

  it('refuses a volume whose pages are not ingested', () => {
    assert.deepEqual(productPublishProblems({ ...volume, ingestCompleted: false, variants: [print] }, today), [PRODUCT_NOT_INGESTED_MESSAGE]);
  });

  it('checks enabled variants only: a paid price, print dimensions, a delay with its date and message', () => {
    const problems = (variant: VariantToPublish) => productPublishProblems({ ...volume, variants: [variant] }, today);
    assert.deepEqual(problems({ type: 'Digital', enabled: true, priceType: 'Paid', priceCents: null }), [`${variantMissingDataMessage('Digital')} ${MISSING_FIELD.price}`]);
    assert.deepEqual(problems({ type: 'Digital', enabled: false, priceType: 'Paid', priceCents: null }), []);
    assert.deepEqual(problems({ ...print, stock: { weight: 0.6, height: 7.5, width: 5 } }), [`${variantMissingDataMessage('Print')} length`]);
    assert.deepEqual(problems({ ...print, stock: { ...print.stock, delayExpected: true } }), [`${variantMissingDataMessage('Print')} ${DELAY_DATE_MISSING_MESSAGE}; ${DELAY_MESSAGE_MISSING_MESSAGE}`]);
    assert.deepEqual(problems({ ...print, stock: { ...print.stock, delayExpected: true, delayedUntilDate: '2026-03-09', delayMessage: 'Reprinting.' } }), [`${variantMissingDataMessage('Print')} ${DELAY_DATE_PAST_MESSAGE}`]);
    assert.deepEqual(problems({ ...print, stock: { ...print.stock, delayExpected: true, delayedUntilDate: '2026-03-10', delayMessage: 'Reprinting.' } }), [], 'today is not in the past');
  });
});

describe('publishable statuses', () => {
  it('are every status the storefront shows now or on a date', () => {
    assert.deepEqual((['Draft', 'Scheduled', 'ScheduledPreOrder', 'ScheduledComingSoon', 'Published', 'Removed'] as const).filter(isPublishableStatus), ['Scheduled', 'ScheduledPreOrder', 'ScheduledComingSoon', 'Published']);
  });
});
