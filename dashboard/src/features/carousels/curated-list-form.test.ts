import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { CuratedListInputSchema, type CuratedList } from '@inkwell/contracts/dashboard-merchandising';
import { curatedListToForm, emptyCuratedListForm, formToCriteria, formToInput, listToInput, priceProblem } from './curated-list-form';

const list: CuratedList = {
  id: 4,
  title: 'Summer by the sea',
  type: 'Filtered',
  customCallToActionText: 'See all',
  customCallToActionUrl: '/browse?st=5',
  curatedItems: [
    { kind: 'series', id: 9, name: 'Harbour Lights' },
    { kind: 'product', id: 12, name: 'Tidewater Omnibus' },
  ],
  filterCriteria: {
    typeIds: [5, 0],
    genres: [3],
    sort: 9,
    ipTagId: 2,
    imprintId: 7,
    category: 0,
    subCategory: 5,
    includeSeries: true,
    publishStatus: [4],
    scheduleStatus: [1, 2],
    ageRatings: ['e', 't'],
    hasDownloadablePriceTypeFlag: true,
    hasShippablePriceTypeFlag: false,
    isOnSale: true,
    isFree: false,
    SeriesStatus: 'Completed',
    MinPrice: 499,
    MaxPrice: 2500,
    newOnly: true,
  },
  status: 'Published',
  order: 2,
  updatedAt: '2026-11-27T00:00:00.000Z',
};

describe('curated list form', () => {
  test('every filter criterion survives the form and back, money in cents', () => {
    const form = curatedListToForm(list);
    assert.equal(form.minPrice, 4.99);
    assert.equal(form.maxPrice, 25);
    assert.equal(form.onSale, 'yes');
    assert.equal(form.shippable, 'no');
    assert.deepEqual(formToCriteria(form), list.filterCriteria);
    const input = formToInput(form);
    assert.deepEqual(input.curatedItems, [
      { kind: 'series', id: 9 },
      { kind: 'product', id: 12 },
    ]);
    assert.equal(input.customCallToActionUrl, '/browse?st=5');
    assert.ok(Value.Check(CuratedListInputSchema, input), JSON.stringify([...Value.Errors(CuratedListInputSchema, input)]));
  });

  test('what staff leave unset does not filter, and an empty form is a valid draft', () => {
    const empty = emptyCuratedListForm();
    assert.deepEqual(formToCriteria(empty), {});
    const input = formToInput(empty);
    assert.deepEqual(input, { title: '', type: 'Curated', customCallToActionText: null, customCallToActionUrl: null, curatedItems: [], filterCriteria: {} });
    assert.ok(Value.Check(CuratedListInputSchema, input));
  });

  test('a Curated list sends no filter, though the form keeps it for a switch back', () => {
    const form = { ...curatedListToForm(list), type: 'Curated' as const };
    assert.deepEqual(formToInput(form).filterCriteria, {});
    assert.deepEqual(formToCriteria(form), list.filterCriteria);
  });

  test('money typed with cents rounds to whole cents', () => {
    const form = { ...emptyCuratedListForm(), type: 'Filtered' as const, minPrice: 0.1 + 0.2, maxPrice: 19.999 };
    assert.deepEqual(formToCriteria(form), { MinPrice: 30, MaxPrice: 2000 });
    assert.equal(priceProblem(-1), 'A price cannot be negative.');
    assert.equal(priceProblem(30_000_000), 'That price is too large.');
    assert.equal(priceProblem(null), true);
  });

  test('a stored list is re-saved as it was, with the status asked for', () => {
    const input = listToInput(list, 'Published');
    assert.equal(input.id, 4);
    assert.equal(input.status, 'Published');
    assert.equal(input.order, 2);
    assert.deepEqual(input.filterCriteria, list.filterCriteria);
    assert.equal(listToInput(list, 'Removed').status, undefined, 'Removed is not a status a save sets');
    assert.ok(Value.Check(CuratedListInputSchema, input));
  });
});
