import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { SALES_MESSAGES } from '@inkwell/contracts/dashboard-merchandising';
import { campaignPhase, campaignPublishProblems, campaignSaveProblems, distinctSeries, parseInstant, resolveSalesProducts, type SaleableProduct } from '../../src/domain/sales-rules';
import type { Problem } from '@inkwell/contracts/problems';

const at = (iso: string) => new Date(iso);

describe('sales campaign rules (dashboard spec §5)', () => {
  it('refuses an end before the start on any save, to the second; an end at the start is allowed', () => {
    assert.deepEqual(campaignSaveProblems({ name: '', startDate: at('2026-12-01T10:00:00Z'), endDate: at('2026-12-01T09:59:59Z') }), [{ field: 'endDate', message: SALES_MESSAGES.endBeforeStart }]);
    assert.deepEqual(campaignSaveProblems({ name: '', startDate: at('2026-12-01T10:00:00Z'), endDate: at('2026-12-01T10:00:00Z') }), []);
    assert.deepEqual(campaignSaveProblems({ name: '', startDate: null, endDate: at('2026-12-01T10:00:00Z') }), []);
  });

  it('publishing names every missing field with the spec words', () => {
    const message = `${SALES_MESSAGES.missing}: ${SALES_MESSAGES.missingDetail}: Name, Start Date`;
    assert.deepEqual(campaignPublishProblems({ name: ' ', startDate: null, endDate: at('2026-12-01T10:00:00Z') }), [
      { field: 'name', message },
      { field: 'startDate', message },
    ]);
    assert.deepEqual(campaignPublishProblems({ name: 'Sale', startDate: at('2026-12-02T00:00:00Z'), endDate: at('2026-12-01T00:00:00Z') }), [{ field: 'endDate', message: SALES_MESSAGES.endBeforeStart }]);
    assert.deepEqual(campaignPublishProblems({ name: 'Sale', startDate: at('2026-12-01T00:00:00Z'), endDate: at('2026-12-02T00:00:00Z') }), []);
  });

  it('reads ISO instants, naming the field of one that does not parse', () => {
    const problems: Problem[] = [];
    assert.equal(parseInstant('2026-12-01T10:00:00.000Z', 'startDate', problems)?.toISOString(), '2026-12-01T10:00:00.000Z');
    assert.equal(parseInstant(null, 'startDate', problems), null);
    assert.equal(parseInstant('soon', 'endDate', problems), null);
    assert.deepEqual(problems.map((item) => item.field), ['endDate']);
  });

  it('runs from its start up to and including its end instant', () => {
    const start = at('2026-12-01T10:00:00Z');
    const end = at('2026-12-01T12:00:00Z');
    assert.equal(campaignPhase(start, end, at('2026-12-01T09:59:59.999Z')), 'Upcoming');
    assert.equal(campaignPhase(start, end, start), 'Running');
    assert.equal(campaignPhase(start, end, end), 'Running');
    assert.equal(campaignPhase(start, end, at('2026-12-01T12:00:00.001Z')), 'Ended');
    assert.equal(campaignPhase(null, end, end), null);
  });

  it('keeps products whose discount differs from the full price; -1 is the Digital variant', () => {
    const products = new Map<number, SaleableProduct>([
      [1, { id: 1, name: 'A', seriesId: null, variants: [{ id: 10, type: 'Digital', priceCents: 499, currency: 'USD' }, { id: 11, type: 'Print', priceCents: 1299, currency: 'USD' }] }],
      [2, { id: 2, name: 'B', seriesId: null, variants: [{ id: 20, type: 'Print', priceCents: 900, currency: 'USD' }] }],
    ]);
    const judged = resolveSalesProducts(
      [
        { productId: 1, variantId: -1, discountPrice: 299 },
        { productId: 1, variantId: 11, discountPrice: 1299 },
        { productId: 2, variantId: 20, discountPrice: 0 },
      ],
      products,
    );
    assert.deepEqual(judged.problems, []);
    assert.equal(judged.unchanged, 1);
    assert.deepEqual(judged.kept, [
      { productId: 1, variantType: 'Digital', discountPriceCents: 299 },
      { productId: 2, variantType: 'Print', discountPriceCents: 0 },
    ]);
    const refused = resolveSalesProducts(
      [
        { productId: 3, variantId: -1, discountPrice: 1 },
        { productId: 2, variantId: -1, discountPrice: 1 },
        { productId: 1, variantId: 20, discountPrice: 1 },
        { productId: 1, variantId: 10, discountPrice: 1 },
        { productId: 1, variantId: -1, discountPrice: 500 },
        { productId: 2, variantId: 20, discountPrice: 1 },
        { productId: 2, variantId: 20, discountPrice: 2 },
      ],
      products,
    );
    assert.deepEqual(refused.problems.map((item) => item.field), [
      'salesProducts.0.productId',
      'salesProducts.1.variantId',
      'salesProducts.2.variantId',
      'salesProducts.3.variantId',
      'salesProducts.4.discountPrice',
      'salesProducts.6',
    ]);
  });

  it('includes a series once however often it is added', () => {
    assert.deepEqual(distinctSeries([5, 2, 5, 2]), [2, 5]);
  });
});
