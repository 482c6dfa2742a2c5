import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { READABLE_URL_DIGITS_ONLY_MESSAGE } from '@inkwell/contracts/catalog-rules';
import { PUBLISH_PROBLEM_FIELDS as FIELDS } from '@inkwell/contracts/dashboard-products';
import { problem } from '@inkwell/contracts/problems';
import { distinctMessages, groupProblems, inFormVariants, problemTarget, problemsByTarget } from './publish-problems';
import { productListQuery } from './product-list-query';

const VARIATION_DIGITAL = 'Variation Digital has missing data. Either disable this or fill in the missing fields.';
const VARIATION_PRINT = 'Variation Print has missing data. Either disable this or fill in the missing fields.';

describe('publish refusals placed by field (spec §5)', () => {
  test('each problem lands beside its field', () => {
    const placed = problemsByTarget([
      problem(FIELDS.name, 'Product Title'),
      problem(FIELDS.description, 'Description'),
      problem(FIELDS.issueNumber, 'Sorting (must be non-zero)'),
      problem(FIELDS.readableUrl, READABLE_URL_DIGITS_ONLY_MESSAGE),
      problem(FIELDS.seriesId, 'This product cannot be published without an attached Series'),
      problem(FIELDS.ingestCompleted, 'Comic has not been ingested'),
      problem(FIELDS.variant(1), `${VARIATION_PRINT} weight; height`),
      problem(FIELDS.variantDelayMessage(1), 'If delay expected, message must be set'),
      problem('somethingElse', 'Something the form has no field for'),
    ]);
    assert.deepEqual(Object.fromEntries(placed), {
      name: ['Needed to publish: Product Title.'],
      description: ['Needed to publish: Description.'],
      issueNumber: ['Needed to publish: Sorting (must be non-zero).'],
      readableUrl: [READABLE_URL_DIGITS_ONLY_MESSAGE],
      seriesId: ['This product cannot be published without an attached Series'],
      comicFile: ['Comic has not been ingested'],
      'variants.1': [`${VARIATION_PRINT} weight; height Missing: If delay expected, message must be set.`],
    });
  });

  test("a variation's missing fields are listed under it, not as the product's", () => {
    const problems = [
      problem(FIELDS.description, 'Description'),
      problem(FIELDS.ingestCompleted, 'Comic has not been ingested'),
      problem(FIELDS.variant(0), VARIATION_DIGITAL),
      problem(FIELDS.variantPrice(0), 'Price (Either set or use the default)'),
      problem(FIELDS.variant(1), VARIATION_PRINT),
      problem(FIELDS.variantDimension(1, 'weight'), 'Weight'),
      problem(FIELDS.variantDimension(1, 'height'), 'Height'),
      problem(FIELDS.variantDimension(1, 'length'), 'Length'),
      problem(FIELDS.variantDimension(1, 'width'), 'Width'),
    ];
    assert.deepEqual(groupProblems(problems), [
      { message: 'Description', field: 'description', details: [] },
      { message: 'Comic has not been ingested', field: 'downloadable.ingestCompleted', details: [] },
      { message: VARIATION_DIGITAL, field: 'variants.0', details: ['Price (Either set or use the default)'] },
      { message: VARIATION_PRINT, field: 'variants.1', details: ['Weight', 'Height', 'Length', 'Width'] },
    ]);
    const beside = problemsByTarget(problems);
    assert.deepEqual(beside.get('variants.0'), [`${VARIATION_DIGITAL} Missing: Price (Either set or use the default).`]);
    assert.deepEqual(beside.get('variants.1'), [`${VARIATION_PRINT} Missing: Weight; Height; Length; Width.`]);
    assert.deepEqual(beside.get('comicFile'), ['Comic has not been ingested']);
  });

  test("a Digital variant's own ingestion, after its variation, is one of what it lacks", () => {
    const problems = [problem(FIELDS.variant(0), VARIATION_DIGITAL), problem(FIELDS.variant(0), 'Comic has not been ingested')];
    assert.deepEqual(groupProblems(problems), [{ message: VARIATION_DIGITAL, field: 'variants.0', details: ['Comic has not been ingested'] }]);
    assert.equal(problemsByTarget(problems).get('comicFile'), undefined);
  });

  test('the same reason once (issue 26): ingestion named for the product is not repeated under its Digital variation', () => {
    const onlyIngestion = [
      problem(FIELDS.ingestCompleted, 'Comic has not been ingested'),
      problem(FIELDS.variant(0), VARIATION_DIGITAL),
      problem(FIELDS.variant(0), 'Comic has not been ingested'),
    ];
    assert.deepEqual(groupProblems(onlyIngestion), [{ message: 'Comic has not been ingested', field: 'downloadable.ingestCompleted', details: [] }]);
    assert.deepEqual(distinctMessages(onlyIngestion), ['Comic has not been ingested']);
    const andPrice = [...onlyIngestion, problem(FIELDS.variantPrice(0), 'Price (Either set or use the default)'), problem(FIELDS.variantPrice(0), 'Price (Either set or use the default)')];
    assert.deepEqual(distinctMessages(andPrice), ['Comic has not been ingested', `${VARIATION_DIGITAL} Missing: Price (Either set or use the default).`]);
  });

  test("a variant's problem without its variation stands alone, beside the variant's card", () => {
    const problems = [problem(FIELDS.variantDelayDate(1), 'If delay expected, Delay Date must be set.')];
    assert.deepEqual(groupProblems(problems), [{ message: 'If delay expected, Delay Date must be set.', field: 'variants.1.stockInfo.delayedUntilDate', details: [] }]);
    assert.deepEqual(Object.fromEntries(problemsByTarget(problems)), { 'variants.1': ['If delay expected, Delay Date must be set.'] });
  });

  test('several missing fields each land beside their own field; the category is picked with the product type', () => {
    const problems = [problem(FIELDS.name, 'Product Title'), problem(FIELDS.description, 'Description'), problem(FIELDS.subCategory, 'Product Type'), problem(FIELDS.category, 'Type')];
    assert.deepEqual(Object.fromEntries(problemsByTarget(problems)), {
      name: ['Needed to publish: Product Title.'],
      description: ['Needed to publish: Description.'],
      subCategory: ['Needed to publish: Product Type.', 'Needed to publish: Type.'],
    });
  });

  test('a problem on a field the form has no place for, or on the whole request, is in the summary only', () => {
    const problems = [
      problem('', 'The product was changed by someone else.'),
      problem(FIELDS.variants, 'A product needs at least one variant to be published.'),
      problem('pricing.tierId', 'No such pricing tier.'),
    ];
    for (const { field } of problems) assert.equal(problemTarget(field), undefined, field);
    assert.deepEqual(Object.fromEntries(problemsByTarget(problems)), {});
    // The summary lists them all, in order, as sent.
    assert.deepEqual(
      groupProblems(problems).map((group) => group.message),
      problems.map((item) => item.message),
    );
  });

  test("the service's variants are counted among those the product has; the form keeps each type in its place", () => {
    // Only a Print variant: the service's variant 0 is the form's variant 1 (Digital is 0 there).
    const problems = [problem(FIELDS.variant(0), VARIATION_PRINT), problem(FIELDS.variantDimension(0, 'weight'), 'Weight'), problem(FIELDS.name, 'Product Title')];
    assert.deepEqual(inFormVariants(problems, [1]), [
      problem('variants.1', VARIATION_PRINT),
      problem('variants.1.stockInfo.weight', 'Weight'),
      problem('name', 'Product Title'),
    ]);
    // A variant the form does not have loses its field (listed in the summary only).
    assert.deepEqual(inFormVariants([problem(FIELDS.variant(1), VARIATION_PRINT)], [0]), [problem('', VARIATION_PRINT)]);
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
