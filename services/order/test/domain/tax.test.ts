import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { COULD_NOT_CALCULATE_TAX, CouldNotCalculateTaxError, salesTax, type TaxLine } from '../../src/domain';

const digital = (amount: number): TaxLine => ({ amount, distributionType: 'Digital' });
const print = (amount: number): TaxLine => ({ amount, distributionType: 'Print' });
const NOW = new Date('2026-11-25T12:00:00Z');

describe('salesTax', () => {
  const cases: Array<[string, { country: string; administrativeArea?: string | null; postalCode?: string | null }, TaxLine[], number | undefined, { rate: number; lines: number[]; shipping: number | null; total: number; state?: string | null }, Date?]> = [
    ['New York outside the listed places: the state rate on Print and shipping; New York does not tax digital products', { country: 'US', administrativeArea: 'NY', postalCode: '12207' }, [digital(1000), print(2599)], 985, { rate: 0.04, lines: [0, 103.96], shipping: 39.4, total: 143.36, state: 'NY' }],
    ['New York City (ZIP 10118): 8.875 % on Print and shipping, Digital untaxed', { country: 'US', administrativeArea: 'NY', postalCode: '10118' }, [digital(1000), print(2599)], 985, { rate: 0.08875, lines: [0, 230.66], shipping: 87.42, total: 318.08, state: 'NY' }],
    ['New York City by ZIP+4 (Brooklyn)', { country: 'US', administrativeArea: 'NY', postalCode: '11201-1234' }, [print(1000)], undefined, { rate: 0.08875, lines: [88.75], shipping: null, total: 88.75 }],
    ['Nassau County (Long Island): 8.625 %', { country: 'US', administrativeArea: 'NY', postalCode: '11501' }, [print(1000)], undefined, { rate: 0.08625, lines: [86.25], shipping: null, total: 86.25 }],
    ['a Queens-or-Nassau prefix (110) is not guessed: the state rate', { country: 'US', administrativeArea: 'NY', postalCode: '11004' }, [print(1000)], undefined, { rate: 0.04, lines: [40], shipping: null, total: 40 }],
    ['a New York City ZIP given with another state is that state\'s rate', { country: 'US', administrativeArea: 'NJ', postalCode: '10118' }, [print(1000)], undefined, { rate: 0.06625, lines: [66.25], shipping: null, total: 66.25 }],
    ['Pennsylvania taxes digital products: Digital and Print at 6 %', { country: 'US', administrativeArea: 'PA', postalCode: '19103' }, [digital(1000), print(1000)], undefined, { rate: 0.06, lines: [60, 60], shipping: null, total: 120 }],
    ['Florida does not tax digital products', { country: 'US', administrativeArea: 'FL' }, [digital(1000), print(1000)], undefined, { rate: 0.06, lines: [0, 60], shipping: null, total: 60 }],
    ['a state by name, in any case (New York: Digital untaxed)', { country: 'us', administrativeArea: 'new york' }, [digital(1000)], undefined, { rate: 0.04, lines: [0], shipping: null, total: 0, state: 'NY' }],
    ['California at 4-decimal precision (Print; California does not tax digital products)', { country: 'US', administrativeArea: 'CA' }, [print(999), digital(999)], 0, { rate: 0.0725, lines: [72.43, 0], shipping: 0, total: 72.43 }],
    ['Minnesota\'s 6.875 %', { country: 'US', administrativeArea: 'MN' }, [print(1), print(1999)], undefined, { rate: 0.06875, lines: [0.07, 137.43], shipping: null, total: 137.5 }],
    ['Oregon has no sales tax', { country: 'US', administrativeArea: 'OR' }, [digital(1000), print(500)], 985, { rate: 0, lines: [0, 0], shipping: 0, total: 0 }],
    ['a coupon-discounted line with cents of 2 decimals', { country: 'US', administrativeArea: 'TX' }, [digital(699.3)], undefined, { rate: 0.0625, lines: [43.71], shipping: null, total: 43.71 }],
    ['Ontario: HST (GST 5 % + 8 %) on everything', { country: 'CA', administrativeArea: 'ON' }, [digital(1999), print(1999)], 1750, { rate: 0.13, lines: [259.87, 259.87], shipping: 227.5, total: 747.24, state: 'ON' }],
    ['British Columbia: GST and PST', { country: 'CA', administrativeArea: 'BC' }, [print(1000)], undefined, { rate: 0.12, lines: [120], shipping: null, total: 120 }],
    ['Québec: GST and QST', { country: 'CA', administrativeArea: 'Quebec' }, [digital(1000)], undefined, { rate: 0.14975, lines: [149.75], shipping: null, total: 149.75 }],
    ['Alberta: GST only', { country: 'CA', administrativeArea: 'AB' }, [digital(1000)], 100, { rate: 0.05, lines: [50], shipping: 5, total: 55 }],
    ['Nova Scotia after its 2025 cut', { country: 'CA', administrativeArea: 'NS' }, [digital(1000)], undefined, { rate: 0.14, lines: [140], shipping: null, total: 140 }],
    ['Nova Scotia before it', { country: 'CA', administrativeArea: 'NS' }, [digital(1000)], undefined, { rate: 0.15, lines: [150], shipping: null, total: 150 }, new Date('2025-01-15T00:00:00Z')],
    ['Germany: VAT on Digital only; Print and shipping pay import taxes on delivery', { country: 'DE', administrativeArea: '' }, [digital(1000), print(2599)], 2260, { rate: 0.19, lines: [190, 0], shipping: 0, total: 190, state: null }],
    ['Germany during its 2020 VAT cut', { country: 'DE' }, [digital(1000)], undefined, { rate: 0.16, lines: [160], shipping: null, total: 160 }, new Date('2020-09-01T00:00:00Z')],
    ['France: 20 % VAT on Digital', { country: 'FR', administrativeArea: 'Île-de-France' }, [digital(299.85)], undefined, { rate: 0.2, lines: [59.97], shipping: null, total: 59.97, state: null }],
    ['the United Kingdom', { country: 'GB' }, [digital(799)], undefined, { rate: 0.2, lines: [159.8], shipping: null, total: 159.8 }],
    ['Hong Kong has no VAT', { country: 'HK' }, [digital(1000), print(1000)], 2510, { rate: 0, lines: [0, 0], shipping: 0, total: 0 }],
    ['nothing bought', { country: 'US', administrativeArea: 'NY' }, [], undefined, { rate: 0.04, lines: [], shipping: null, total: 0 }],
  ];
  for (const [name, destination, lines, shipping, expected, at] of cases) {
    it(name, () => {
      const got = salesTax(destination, lines, shipping, at ?? NOW);
      assert.equal(got.rate, expected.rate, 'rate');
      assert.deepEqual(got.lines.map((line) => line.tax), expected.lines, 'lines');
      assert.equal(got.shipping?.tax ?? null, expected.shipping, 'shipping');
      assert.equal(got.total, expected.total, 'total');
      if (expected.state !== undefined) assert.equal(got.administrativeArea, expected.state, 'state');
    });
  }

  it('names the taxes that make up the rate, the place of a local rate, and the rate on Digital items', () => {
    assert.deepEqual(salesTax({ country: 'CA', administrativeArea: 'BC' }, [], undefined, NOW).parts, [{ type: 'gst', rate: 0.05 }, { type: 'pst', rate: 0.07 }]);
    const nyc = salesTax({ country: 'US', administrativeArea: 'NY', postalCode: '10118' }, [], undefined, NOW);
    assert.deepEqual([nyc.locality, nyc.digitalRate, nyc.parts.map((part) => part.type)], ['New York City', 0, ['state', 'city', 'district']]);
    const germany = salesTax({ country: 'DE' }, [], undefined, NOW);
    assert.deepEqual([germany.locality, germany.digitalRate], [null, 0.19]);
    const texas = salesTax({ country: 'US', administrativeArea: 'TX', postalCode: '75001' }, [], undefined, NOW);
    assert.deepEqual([texas.locality, texas.digitalRate], [null, 0.0625]);
    assert.deepEqual(salesTax({ country: 'US', administrativeArea: 'OR' }, [], undefined, NOW).parts, []);
  });

  const cannot: Array<[string, { country: unknown; administrativeArea?: unknown }]> = [
    ['an unknown country', { country: 'XX' }],
    ['a blank country', { country: ' ' }],
    ['a country that is not a string', { country: 840 }],
    ['a US address without a state', { country: 'US', administrativeArea: '' }],
    ['a US address with a province', { country: 'US', administrativeArea: 'ON' }],
    ['a US territory given as a state', { country: 'US', administrativeArea: 'PR' }],
    ['a Canadian address without a province', { country: 'CA', administrativeArea: null }],
    ['a Canadian address with a US state', { country: 'CA', administrativeArea: 'NY' }],
  ];
  for (const [name, destination] of cannot) {
    it(`'Could not calculate tax' for ${name}`, () => {
      assert.throws(
        () => salesTax(destination as { country: string }, [digital(1000)], undefined, NOW),
        (error: Error) => error instanceof CouldNotCalculateTaxError && error.message === 'Could not calculate tax' && error.message === COULD_NOT_CALCULATE_TAX,
      );
    });
  }

  const bad: Array<[string, TaxLine[], number | undefined]> = [
    ['a negative amount', [digital(-1)], undefined],
    ['an amount that is not a number', [{ amount: Number.NaN, distributionType: 'Digital' }], undefined],
    ['an unknown distribution type', [{ amount: 100, distributionType: 'Audio' as 'Digital' }], undefined],
    ['negative shipping', [digital(100)], -5],
  ];
  for (const [name, lines, shipping] of bad) it(`refuses ${name}`, () => assert.throws(() => salesTax({ country: 'US', administrativeArea: 'NY' }, lines, shipping, NOW), RangeError));
});
