import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import type { SalesCampaign } from '@inkwell/contracts/dashboard-merchandising';
import { campaignToForm, endsBeforeStart, formToCampaignSave, isUnchanged, mergeRows, missingForPublish, toRow } from './campaign-form';

const campaign: SalesCampaign = {
  id: 4,
  name: 'Winter sale',
  description: 'Cold prices.',
  startDate: '2026-12-01T15:00:00.000Z',
  endDate: '2027-01-01T04:30:00.000Z',
  status: 'Draft',
  phase: 'Upcoming',
  salesProducts: [
    { id: 1, productId: 7, name: 'Vol. 1', fullPrice: 799, discountPrice: 499, currency: 'USD', seriesId: 3, variantId: -1, inCampaign: true },
    { id: 2, productId: 7, name: 'Vol. 1', fullPrice: 1499, discountPrice: 999, currency: 'USD', seriesId: 3, variantId: 41, inCampaign: true },
  ],
  includedSeries: [{ id: 3, title: 'Harbor Lights' }],
  updatedAt: '2026-11-27T00:00:00.000Z',
};

describe('campaign form', () => {
  test('a stored campaign round-trips to the save body in cents, with its version for alter', () => {
    const saved = formToCampaignSave(campaignToForm(campaign), campaign);
    assert.deepEqual(saved, {
      id: 4,
      expectedUpdatedAt: '2026-11-27T00:00:00.000Z',
      name: 'Winter sale',
      description: 'Cold prices.',
      startDate: '2026-12-01T15:00:00.000Z',
      endDate: '2027-01-01T04:30:00.000Z',
      salesProducts: [
        { productId: 7, variantId: -1, discountPrice: 499 },
        { productId: 7, variantId: 41, discountPrice: 999 },
      ],
      includedSeries: [3],
    });
  });

  test('a discount typed in dollars is saved in cents without float drift', () => {
    const form = campaignToForm(campaign);
    form.products[0]!.discount = 4.35;
    assert.equal(formToCampaignSave(form).salesProducts[0]!.discountPrice, 435);
  });

  test('a row at its full price is marked as not saved (§5)', () => {
    const row = toRow({ ...campaign.salesProducts[0]!, discountPrice: 799 });
    assert.equal(isUnchanged(row), true);
    assert.equal(isUnchanged({ ...row, discount: 7.98 }), false);
    assert.equal(isUnchanged({ ...row, discount: null }), false);
  });

  test('adding rows already present adds nothing (one row per product variant)', () => {
    const rows = campaignToForm(campaign).products;
    const merged = mergeRows(rows, [rows[1]!, { ...rows[0]!, productId: 8 }]);
    assert.deepEqual(
      merged.map((row) => [row.productId, row.variantId]),
      [
        [7, -1],
        [7, 41],
        [8, -1],
      ],
    );
  });

  test('publishing needs a name and both dates; the end may not come first', () => {
    assert.deepEqual(missingForPublish({ name: '  ', startDate: null, endDate: '2027-01-01T00:00:00Z' }), ['name', 'startDate']);
    assert.deepEqual(missingForPublish(campaignToForm(campaign)), []);
    assert.equal(endsBeforeStart({ startDate: '2026-12-02T00:00:00Z', endDate: '2026-12-01T23:59:59Z' }), true);
    assert.equal(endsBeforeStart({ startDate: '2026-12-02T00:00:00Z', endDate: '2026-12-02T00:00:00Z' }), false);
    assert.equal(endsBeforeStart({ startDate: null, endDate: '2026-12-01T00:00:00Z' }), false);
  });
});
