import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { countryHasStates, countryName, isShippingCountry, shippingCountries, shippingStates, stateCode } from '../../src/domain';

describe('shippingCountries (spec §9: US first, then CA, then the rest)', () => {
  const list = shippingCountries();
  it('starts with the US and Canada', () => {
    assert.equal(list[0]?.countryCode, 'US');
    assert.equal(list[0]?.name, 'United States of America');
    assert.equal(list[1]?.countryCode, 'CA');
    assert.equal(list[1]?.name, 'Canada');
  });
  it('lists the rest by English name, each once', () => {
    const rest = list.slice(2).map((country) => country.name);
    assert.deepEqual(rest, [...rest].sort((a, b) => a.localeCompare(b, 'en')));
    assert.equal(new Set(list.map((country) => country.countryCode)).size, list.length);
    assert.ok(list.length > 240, `${list.length} countries`);
    for (const code of ['GB', 'DE', 'FR', 'JP', 'AU', 'PR', 'HK']) assert.ok(list.some((country) => country.countryCode === code), code);
  });
  it('leaves out places nobody lives', () => {
    for (const code of ['AQ', 'BV', 'HM', 'UM']) assert.equal(isShippingCountry(code), false, code);
  });
  it('gives the US its 50 states and DC, and Canada its 13 provinces and territories; no other country has states', () => {
    const us = list[0]?.states ?? [];
    assert.equal(us.length, 51);
    assert.ok(us.some((state) => state.code === 'DC'));
    assert.ok(!us.some((state) => state.code === 'PR'), 'Puerto Rico is a country of its own');
    assert.equal(list[1]?.states?.length, 13);
    assert.ok(list.slice(2).every((country) => country.states === undefined));
  });
  it('hands out copies, so a caller cannot change the list', () => {
    const first = shippingCountries();
    first[0]?.states?.splice(0);
    assert.equal(shippingCountries()[0]?.states?.length, 51);
  });
});

describe('shippingStates and stateCode', () => {
  const cases: Array<[string, string, string | null]> = [
    ['US', 'NY', 'NY'],
    ['us', 'ny', 'NY'],
    ['US', 'New York', 'NY'],
    ['US', ' california ', 'CA'],
    ['US', 'ON', null],
    ['US', 'PR', null],
    ['CA', 'Quebec', 'QC'],
    ['CA', 'bc', 'BC'],
    ['CA', 'NY', null],
    ['GB', 'London', null],
    ['XX', 'NY', null],
    ['US', '', null],
  ];
  for (const [country, area, expected] of cases) it(`${country} / "${area}" → ${expected}`, () => assert.equal(stateCode(country, area), expected));
  it('lists states by name, empty for a country without them', () => {
    const states = shippingStates('us');
    assert.equal(states[0]?.name, 'Alabama');
    assert.deepEqual(shippingStates('DE'), []);
    assert.deepEqual(shippingStates('nowhere'), []);
  });
  it('knows which countries have states', () => {
    assert.equal(countryHasStates('US'), true);
    assert.equal(countryHasStates('ca'), true);
    assert.equal(countryHasStates('GB'), false);
  });
  it('names countries', () => {
    assert.equal(countryName('de'), 'Germany');
    assert.equal(countryName('ZZ'), null);
  });
});
