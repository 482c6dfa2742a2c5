import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import {
  CONTENT_KIND_CODES,
  PRODUCT_TYPE_CODES,
  contentKindCode,
  contentKindFromCode,
  contentKindOfProductType,
  isReadablePublicationType,
  productTypeCode,
  productTypeFromCode,
  type ContentKind,
  type ProductType,
} from '@inkwell/contracts/catalog-rules/product-types';

describe('content kinds', () => {
  const kinds: ReadonlyArray<readonly [ContentKind, number]> = [
    ['Publication', 0],
    ['Game', 1],
    ['Merchandise', 2],
    ['Bundle', 3],
  ];
  it('has exactly the codes of the spec', () => assert.deepEqual(Object.entries(CONTENT_KIND_CODES), kinds));
  for (const [kind, code] of kinds) {
    it(`${kind} is ${code} both ways`, () => {
      assert.equal(contentKindCode(kind), code);
      assert.equal(contentKindFromCode(code), kind);
    });
  }
  it('knows no code 4', () => assert.equal(contentKindFromCode(4), undefined));
});

describe('product types', () => {
  // [type, code, kind]
  const types: ReadonlyArray<readonly [ProductType, number, ContentKind]> = [
    ['Volume', 0, 'Publication'],
    ['SingleIssue', 1, 'Publication'],
    ['Annual', 2, 'Publication'],
    ['BoxSet', 3, 'Publication'],
    ['Omnibus', 5, 'Publication'],
    ['OneShot', 6, 'Publication'],
    ['Book', 7, 'Publication'],
    ['Chapter', 8, 'Publication'],
    ['Episode', 9, 'Publication'],
    ['BoardGame', 1000, 'Game'],
    ['Puzzle', 1001, 'Game'],
    ['TradingCard', 1002, 'Game'],
    ['TarotCard', 1003, 'Game'],
    ['Litho', 2000, 'Merchandise'],
    ['Print', 2001, 'Merchandise'],
    ['Pin', 2002, 'Merchandise'],
    ['Key', 2003, 'Merchandise'],
    ['Apparel', 2004, 'Merchandise'],
    ['FunPack', 2005, 'Merchandise'],
    ['Other', 2006, 'Merchandise'],
    ['DigitalBundle', 3000, 'Bundle'],
  ];
  it('has exactly the codes of the spec', () => assert.deepEqual(Object.entries(PRODUCT_TYPE_CODES), types.map(([type, code]) => [type, code])));

  for (const [type, code, kind] of types) {
    it(`${type} is ${code} both ways, a ${kind}, ${kind === 'Publication' ? 'readable' : 'not readable'}`, () => {
      assert.equal(productTypeCode(type), code);
      assert.equal(productTypeFromCode(code), type);
      assert.equal(contentKindOfProductType(type), kind);
      assert.equal(isReadablePublicationType(type), kind === 'Publication');
    });
  }

  for (const code of [4, 10, 999, 1004, 2007, 3001, -1]) {
    it(`code ${code} is no product type`, () => assert.equal(productTypeFromCode(code), undefined));
  }
});
