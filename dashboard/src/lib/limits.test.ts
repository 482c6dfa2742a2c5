import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { ProductSaveSchema, ProductVariantInputSchema } from '@inkwell/contracts/dashboard-products';
import { SeriesSaveBodySchema } from '@inkwell/contracts/dashboard-catalogue';
import { limitOf, maxAmountOf, maxLengthRule, tooLong } from './limits';

describe("a form's limits read from the contracts' schemas", () => {
  test('a bound is read from the schema, from an optional one, and from the non-null member of a nullable one', () => {
    assert.equal(limitOf(ProductSaveSchema.properties.name, 'maxLength'), 300);
    assert.equal(limitOf(ProductSaveSchema.properties.description, 'maxLength'), 20_000);
    assert.equal(limitOf(ProductSaveSchema.properties.metaDescription, 'maxLength'), 1000);
    assert.equal(limitOf(ProductVariantInputSchema.properties.cartLimit, 'minimum'), 1);
    assert.equal(maxAmountOf(ProductVariantInputSchema.properties.price), 1_000_000);
  });

  test('a schema without the bound is refused rather than checked against nothing', () => {
    assert.throws(() => limitOf(SeriesSaveBodySchema.properties.metaDescription, 'maxLength'), /declares no maxLength/);
    assert.throws(() => limitOf(ProductSaveSchema.properties.name, 'maximum'), /declares no maximum/);
  });

  test('the message writes the number as the forms always have', () => {
    assert.equal(tooLong('Description', 20_000), 'Description must be at most 20,000 characters.');
    assert.deepEqual(maxLengthRule('Product Title', 300), { value: 300, message: 'Product Title must be at most 300 characters.' });
  });
});
