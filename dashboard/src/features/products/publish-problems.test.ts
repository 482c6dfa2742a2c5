import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { ApiError } from '@inkwell/ui-kit/api-client';
import { READABLE_URL_DIGITS_ONLY_MESSAGE } from '@inkwell/contracts/catalog-rules';
import { readRefusal } from '@/lib/refusal';
import { groupProblems, problemsByTarget } from './publish-problems';
import { productListQuery } from './product-list-query';

const VARIANTS = ['Digital', 'Print'];

describe('publish refusals (spec §5)', () => {
  test('the problems and warnings of the envelope status are read word for word', () => {
    const error = new ApiError(400, 'BadRequest', 'This product cannot be published.', {
      type: 'BadRequest',
      message: 'This product cannot be published.',
      problems: ['Product Title', 'This product cannot be published without an attached Series'],
      warnings: ["Book is too heavy for it's size"],
    } as never);
    assert.deepEqual(readRefusal(error), {
      message: 'This product cannot be published.',
      problems: ['Product Title', 'This product cannot be published without an attached Series'],
      warnings: ["Book is too heavy for it's size"],
    });
  });

  test('a refusal without a list is one problem: its message', () => {
    assert.deepEqual(readRefusal(new ApiError(409, 'Conflict', 'The product was changed by someone else.')).problems, ['The product was changed by someone else.']);
    assert.deepEqual(readRefusal(new Error('offline')).problems, ['offline']);
  });

  test('each message lands beside its field', () => {
    const grouped = problemsByTarget(
      [
        'Product Title',
        'Description',
        'Sorting',
        READABLE_URL_DIGITS_ONLY_MESSAGE,
        'This product cannot be published without an attached Series',
        'Comic has not been ingested',
        'Variation Print has missing data. Either disable this or fill in the missing fields. weight; height',
        'If delay expected, message must be set',
        'Something the form has no field for',
      ],
      VARIANTS,
    );
    assert.deepEqual(Object.fromEntries(grouped), {
      name: ['Needed to publish: Product Title.'],
      description: ['Needed to publish: Description.'],
      issueNumber: ['Needed to publish: Sorting.'],
      readableUrl: [READABLE_URL_DIGITS_ONLY_MESSAGE],
      seriesId: ['This product cannot be published without an attached Series'],
      comicFile: ['Comic has not been ingested'],
      'variants.1': [
        'Variation Print has missing data. Either disable this or fill in the missing fields. weight; height Missing: If delay expected, message must be set.',
      ],
    });
  });

  test("a variation's missing fields are listed under it, not as the product's", () => {
    const problems = [
      'Description',
      'Comic has not been ingested',
      'Variation Digital has missing data. Either disable this or fill in the missing fields.',
      'Price (Either set or use the default)',
      'Variation Print has missing data. Either disable this or fill in the missing fields.',
      'Weight',
      'Height',
      'Length',
      'Width',
    ];
    assert.deepEqual(groupProblems(problems), [
      { message: 'Description', details: [] },
      { message: 'Comic has not been ingested', details: [] },
      { message: 'Variation Digital has missing data. Either disable this or fill in the missing fields.', details: ['Price (Either set or use the default)'] },
      { message: 'Variation Print has missing data. Either disable this or fill in the missing fields.', details: ['Weight', 'Height', 'Length', 'Width'] },
    ]);
    const beside = problemsByTarget(problems, VARIANTS);
    assert.deepEqual(beside.get('variants.0'), ['Variation Digital has missing data. Either disable this or fill in the missing fields. Missing: Price (Either set or use the default).']);
    assert.deepEqual(beside.get('variants.1'), ['Variation Print has missing data. Either disable this or fill in the missing fields. Missing: Weight; Height; Length; Width.']);
    assert.deepEqual(beside.get('comicFile'), ['Comic has not been ingested']);
  });

  test('a missing-field list sent as one message is split across its fields', () => {
    assert.deepEqual(Object.fromEntries(problemsByTarget(['Product Title, Description, Product Type'], VARIANTS)), {
      name: ['Needed to publish: Product Title.'],
      description: ['Needed to publish: Description.'],
      subCategory: ['Needed to publish: Product Type.'],
    });
  });
});

describe('product list filters (spec §7, §5)', () => {
  const base = { page: 3, pageSize: 25, sort: null, search: '', filters: {} };

  test('page 3 of 25 starts at row 50; chapters are included unless left out', () => {
    assert.deepEqual(productListQuery(base), {
      query: undefined,
      start: 50,
      count: 25,
      publishStatus: undefined,
      distributionType: undefined,
      includeRemoved: undefined,
      showOnlyOnSale: undefined,
      includeChapters: true,
      includeBundles: undefined,
      sortBy: undefined,
      sortDirection: undefined,
    });
    assert.equal(productListQuery({ ...base, filters: { chapters: 'no' } }).includeChapters, false);
  });

  test('Digital is 0 and Print 1; unknown filter values are dropped', () => {
    assert.equal(productListQuery({ ...base, filters: { distribution: 'Digital' } }).distributionType, 0);
    assert.equal(productListQuery({ ...base, filters: { distribution: 'Print' } }).distributionType, 1);
    assert.equal(productListQuery({ ...base, filters: { distribution: 'Vinyl', status: 'Lost' } }).distributionType, undefined);
    assert.equal(productListQuery({ ...base, filters: { status: 'Lost' } }).publishStatus, undefined);
  });

  test('asking for Removed includes removed rows; sorting passes known fields only', () => {
    const removed = productListQuery({ ...base, filters: { status: 'Removed' } });
    assert.equal(removed.publishStatus, 'Removed');
    assert.equal(removed.includeRemoved, true);
    assert.deepEqual(
      [productListQuery({ ...base, sort: { id: 'name', desc: true } }).sortBy, productListQuery({ ...base, sort: { id: 'name', desc: true } }).sortDirection],
      ['name', 'desc'],
    );
    assert.equal(productListQuery({ ...base, sort: { id: 'secret', desc: false } }).sortBy, undefined);
  });
});
