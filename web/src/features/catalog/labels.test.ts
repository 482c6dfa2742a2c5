import { describe, expect, test } from 'vitest';
import {
  ageRatingLabel,
  formatLabel,
  humanizeCode,
  listSortLabel,
  orderStatusLabel,
  priceTypeLabel,
  productTypeLabel,
  productTypePluralLabel,
  publishStatusLabel,
  PRODUCT_TYPE_LABELS,
  PUBLISH_STATUS_LABELS,
  PRICE_TYPE_LABELS,
} from '@inkwell/contracts/labels';

describe('human labels for codes', () => {
  test('product types by name and by code', () => {
    expect(productTypeLabel('BoxSet')).toBe('Box set');
    expect(productTypeLabel(3)).toBe('Box set');
    expect(productTypeLabel(0)).toBe('Volume');
    expect(productTypeLabel('SingleIssue')).toBe('Single issue');
    expect(productTypeLabel('Series')).toBe('Series');
    expect(productTypePluralLabel('BoxSet')).toBe('Box sets');
    expect(productTypePluralLabel(8)).toBe('Chapters');
  });

  test('publish statuses by name and by code', () => {
    expect(publishStatusLabel('ScheduledPreOrder')).toBe('Pre-order');
    expect(publishStatusLabel(2)).toBe('Pre-order');
    expect(publishStatusLabel('ScheduledComingSoon')).toBe('Coming soon');
    expect(publishStatusLabel('OnGoing')).toBe('Published');
  });

  test('price types, formats, ratings, orders and sorts', () => {
    expect(priceTypeLabel('FreeToReadAndPurchaseble')).toBe('Free to read, also for sale');
    expect(priceTypeLabel('NotForSale')).toBe('Not for sale');
    expect(formatLabel('Print')).toBe('Print');
    expect(formatLabel(0)).toBe('Digital');
    expect(ageRatingLabel('PG')).toBe('Ages 12+');
    expect(ageRatingLabel('x')).toBe('X');
    expect(orderStatusLabel('OnHold')).toBe('Blocked');
    expect(listSortLabel(9)).toBe('Title, A to Z');
    expect(listSortLabel('Recentlyadded')).toBe('Recently added');
  });

  test('no label is a raw CamelCase code', () => {
    for (const label of [...Object.values(PRODUCT_TYPE_LABELS), ...Object.values(PUBLISH_STATUS_LABELS), ...Object.values(PRICE_TYPE_LABELS)]) {
      expect(label).not.toMatch(/[a-z][A-Z]/);
    }
  });

  test('an unknown code is spelled out in words, never shown raw', () => {
    expect(humanizeCode('ScheduledPreOrder')).toBe('Scheduled pre order');
    expect(humanizeCode('DLCPack')).toBe('DLC pack');
    expect(humanizeCode('some_code')).toBe('Some code');
    expect(productTypeLabel('NewKindOfThing')).toBe('New kind of thing');
    expect(productTypeLabel(4)).toBe('Type 4');
    expect(humanizeCode(null)).toBe('');
  });
});
