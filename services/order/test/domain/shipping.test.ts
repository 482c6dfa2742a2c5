import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, it } from 'vitest';
import { RateTableError, TableShippingRates, UnknownDestinationError, billableWeightLb, rateTableProblems, type ParcelItem, type ShippingRate } from '../../src/domain';

const volume = (quantity = 1): ParcelItem => ({ weightLb: 0.5, heightIn: 7.5, widthIn: 5, lengthIn: 0.8, quantity });
const boxSet = (quantity = 1): ParcelItem => ({ weightLb: 2, heightIn: 20, widthIn: 16, lengthIn: 12, quantity });
const to = (country: string, postalCode = '10118', administrativeArea = '') => ({ country, postalCode, administrativeArea });
const brief = (rates: ShippingRate[]) => rates.map((rate) => [rate.mailClass, rate.totalPrice, rate.deliveryTimeInDays]);

describe('billableWeightLb', () => {
  const priority = { dimensionalDivisor: 166, dimensionalMinCubicIn: 1728 };
  const media = { dimensionalDivisor: null, dimensionalMinCubicIn: null };
  const cases: Array<[string, ParcelItem[], typeof priority | typeof media, number]> = [
    ['a light small parcel bills at least a pound', [volume()], priority, 1],
    ['actual weight rounded up', [volume(3)], priority, 2],
    ['a big light box bills its dimensional weight (3840 in³ / 166)', [boxSet()], priority, 24],
    ['Media Mail bills actual weight only', [boxSet()], media, 2],
    ['small parcels stay under the size threshold', [volume(10)], priority, 5],
    ['sums of fractions do not add a pound', [{ weightLb: 0.7, heightIn: 1, widthIn: 1, lengthIn: 1, quantity: 1 }, { weightLb: 0.2, heightIn: 1, widthIn: 1, lengthIn: 1, quantity: 1 }, { weightLb: 0.1, heightIn: 1, widthIn: 1, lengthIn: 1, quantity: 1 }], priority, 1],
  ];
  for (const [name, parcels, row, pounds] of cases) it(name, () => assert.equal(billableWeightLb(parcels, row), pounds));
});

describe('the rate table of config/shipping-rates.json', () => {
  let table: TableShippingRates;
  beforeAll(async () => {
    table = await TableShippingRates.fromFile();
  });

  const cases: Array<[string, ParcelItem[], ReturnType<typeof to>, Array<[string, number, number]>]> = [
    ['one volume in the US: Media Mail, Priority, Express (with its fuel surcharge), cheapest first', [volume()], to('US'), [
      ['MediaMail', 463, 8], ['PriorityMail', 985, 3], ['PriorityMailExpress', 3151.58, 2],
    ]],
    ['a box set priced by dimensional weight, except Media Mail', [boxSet()], to('us'), [
      ['MediaMail', 549, 8], ['PriorityMail', 5930, 3], ['PriorityMailExpress', 13149.68, 2],
    ]],
    ['to Canada', [volume()], to('CA', 'K1A 0B1', 'ON'), [
      ['FirstClassPackageInternational', 1750, 15], ['PriorityMailInternational', 4995, 10], ['PriorityMailExpressInternational', 6572.25, 5],
    ]],
    ['to Canada above First-Class International\'s 4 lb', [volume(10)], to('CA', 'K1A 0B1', 'ON'), [
      ['PriorityMailInternational', 4995 + 360 * 4, 10], ['PriorityMailExpressInternational', 6350 * 1.035 + 420 * 4 * 1.035, 5],
    ]],
    ['to Germany (Europe)', [volume()], to('DE', '10115'), [
      ['FirstClassPackageInternational', 2260, 20], ['PriorityMailInternational', 6150, 10], ['PriorityMailExpressInternational', 8124.75, 5],
    ]],
    ['to Japan (the rest of the world)', [volume()], to('JP', '100-0001'), [
      ['FirstClassPackageInternational', 2510, 25], ['PriorityMailInternational', 6690, 15], ['PriorityMailExpressInternational', 8745.75, 7],
    ]],
    ['a Digital-only purchase has nothing to ship', [], to('US'), []],
    ['units of none', [volume(0)], to('US'), []],
    ['too heavy for every class', [{ weightLb: 80, heightIn: 10, widthIn: 10, lengthIn: 10, quantity: 1 }], to('US'), []],
  ];
  for (const [name, parcels, destination, expected] of cases) {
    it(name, async () => assert.deepEqual(brief(await table.rates(parcels, destination)), expected));
  }

  it('answers each rate with the spec\'s fields, totalPrice at 4-decimal precision', async () => {
    const [rate] = await table.rates([volume()], to('US'));
    assert.deepEqual(Object.keys(rate ?? {}).sort(), ['deliveryTimeInDays', 'mailClass', 'mailService', 'totalPrice']);
    assert.equal(rate?.mailService, 'Media Mail');
  });

  const bad: Array<[string, ParcelItem[], ReturnType<typeof to>, new (...args: never[]) => Error]> = [
    ['a negative weight', [{ ...volume(), weightLb: -1 }], to('US'), RangeError],
    ['a size that is not a number', [{ ...volume(), heightIn: Number.NaN }], to('US'), RangeError],
    ['half a unit', [volume(1.5)], to('US'), RangeError],
    ['a country not shipped to', [volume()], to('XX'), UnknownDestinationError],
    ['no country', [volume()], to(''), UnknownDestinationError],
  ];
  for (const [name, parcels, destination, error] of bad) it(`refuses ${name}`, async () => assert.rejects(table.rates(parcels, destination), error));
});

describe('a rate table that is not right', () => {
  it('lists every problem at once', () => {
    const problems = rateTableProblems({
      currency: 'dollars',
      zones: [{ zone: 'Domestic', countries: ['US', 'XX'] }, { zone: '', countries: [] }],
      mailClasses: [{ mailClass: '', mailService: 'Ground', dimensionalDivisor: 0, dimensionalMinCubicIn: null, maxWeightLb: 0, fuelSurchargeRate: 2, prices: { Moon: { firstPound: 1.5, additionalPound: -1, deliveryTimeInDays: 0 } } }],
    });
    assert.deepEqual(problems, [
      'currency is an ISO 4217 code such as USD.',
      'zones[0] names an unknown country "XX".',
      'zones[1] has no name.',
      'zones[1] lists no countries.',
      'mailClasses[0] has no mailClass.',
      'mailClasses[0].maxWeightLb is a positive number.',
      'mailClasses[0].dimensionalDivisor is a positive number or null.',
      'mailClasses[0].fuelSurchargeRate is a fraction from 0 to 1.',
      'mailClasses[0].prices names an unknown zone "Moon".',
      'mailClasses[0].prices.Moon.firstPound is a whole number of cents.',
      'mailClasses[0].prices.Moon.additionalPound is a whole number of cents.',
      'mailClasses[0].prices.Moon.deliveryTimeInDays is a whole number of days from 1.',
    ]);
  });
  it('is refused by the driver', () => {
    assert.throws(() => new TableShippingRates({ currency: 'USD', zones: [], mailClasses: [] }), RateTableError);
    assert.deepEqual(rateTableProblems(null), ['The rate table is not a JSON object.']);
  });
  it('a file that is not JSON, or is missing, is refused with its name', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rates-'));
    const file = path.join(dir, 'rates.json');
    await writeFile(file, '{ not json');
    await assert.rejects(TableShippingRates.fromFile(file), (error: Error) => error instanceof RateTableError && error.message.includes(file));
    await assert.rejects(TableShippingRates.fromFile(path.join(dir, 'absent.json')), RateTableError);
  });
  it('a country in no zone and no catch-all gets no rates', async () => {
    const table = new TableShippingRates({
      currency: 'USD',
      zones: [{ zone: 'Domestic', countries: ['US'] }],
      mailClasses: [{ mailClass: 'Ground', mailService: 'Ground', dimensionalDivisor: null, dimensionalMinCubicIn: null, maxWeightLb: 10, prices: { Domestic: { firstPound: 500, additionalPound: 100, deliveryTimeInDays: 5 } } }],
    });
    assert.deepEqual(await table.rates([volume()], to('FR', '75001')), []);
    assert.deepEqual(brief(await table.rates([volume(4)], to('US'))), [['Ground', 600, 5]]);
  });
});
