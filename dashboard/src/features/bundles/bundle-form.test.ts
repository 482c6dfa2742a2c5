import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import type { DashboardBundle } from '@inkwell/contracts/dashboard-catalogue';
import { bundleToForm, emptyBundleForm, formToBundleSave, itemsTotalCents } from './bundle-form';

const bundle: DashboardBundle = {
  id: 5,
  name: 'Owl pack',
  description: 'Both volumes.',
  readableUrl: null,
  defaultThumbnail: { url: '/covers/owls.webp', width: 600, height: 900 },
  items: [
    { productId: 8, name: 'Vol. 2', price: 450, ordinal: 1 },
    { productId: 7, name: 'Vol. 1', price: 399, ordinal: 0 },
  ],
  priceable: { type: 'Paid', price: 799, currency: 'USD' },
  geoRestrictable: { restrictedTerritories: ['JP'] },
  status: 'Draft',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

describe('bundle form ↔ staff API', () => {
  test('items keep their order; prices go dollars → cents', () => {
    const form = bundleToForm(bundle);
    assert.deepEqual(form.items.map((item) => [item.productId, item.price]), [
      [7, 3.99],
      [8, 4.5],
    ]);
    assert.equal(itemsTotalCents(form.items), 849);
    const saved = formToBundleSave(form);
    assert.deepEqual(saved.items, [
      { productId: 7, price: 399 },
      { productId: 8, price: 450 },
    ]);
    assert.deepEqual(saved.priceable, { type: 'Paid', price: 799, currency: 'USD' });
    assert.deepEqual(saved.defaultThumbnail, { url: '/covers/owls.webp', width: 600, height: 900 });
  });

  test('an item without a product is not sent; a blank thumbnail is none', () => {
    const form = emptyBundleForm();
    form.items = [{ productId: null, name: '', price: 1 }];
    const saved = formToBundleSave(form);
    assert.deepEqual(saved.items, []);
    assert.equal(saved.defaultThumbnail, null);
  });
});
