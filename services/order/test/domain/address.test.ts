import assert from 'node:assert/strict';
import { ACCOUNT_MESSAGES, isValidEmail } from '@inkwell/contracts/account-rules';
import type { Problem } from '@inkwell/contracts/problems';
import { describe, it } from 'vitest';
import { ADDRESS_VALUE_MESSAGES, addressProblems, addressValueProblems, isReadyForRates, shouldRecalculateRates, type Address, type AddressInput } from '../../src/domain';

const address = (overrides: Partial<Address> = {}): Address => ({
  firstName: 'Ada',
  surName: 'Lovelace',
  country: 'US',
  address: '350 Fifth Avenue',
  locality: 'New York',
  postalCode: '10118',
  administrativeArea: 'NY',
  phoneNumber: '+1 212 736 3100',
  email: 'ada@example.com',
  ...overrides,
});

const messagesOf = (problems: Problem[]) => problems.map((item) => item.message);

const ALL_MISSING = ['Missing first name', 'Missing surname', 'Missing country', 'Missing address field', 'Missing city', 'Missing ZIP code', 'Missing phone number', 'Missing email'];

describe('addressProblems (spec §5, word for word, in order)', () => {
  const cases: Array<[string, AddressInput, string[]]> = [
    ['a complete US address', address(), []],
    ['a complete German address without a state', address({ country: 'DE', postalCode: '10115', locality: 'Berlin', administrativeArea: '' }), []],
    ['no first name', address({ firstName: '' }), ['Missing first name']],
    ['blank surname (spaces only)', address({ surName: '   ' }), ['Missing surname']],
    ['no street', address({ address: '' }), ['Missing address field']],
    ['no city', address({ locality: '' }), ['Missing city']],
    ['no ZIP code', address({ postalCode: '' }), ['Missing ZIP code']],
    ['a US address without a state', address({ administrativeArea: '' }), ['Missing state']],
    ['a Canadian address without a province', address({ country: 'CA', administrativeArea: ' ' }), ['Missing state']],
    ['no phone and no email, in the spec order', address({ email: '', phoneNumber: '' }), ['Missing phone number', 'Missing email']],
    ['no country: no state asked, since the country decides', address({ country: '', administrativeArea: '' }), ['Missing country']],
    ['companyName is optional', address({ companyName: '' }), []],
    ['everything blank', { firstName: '', surName: '', country: '', address: '', locality: '', postalCode: '', administrativeArea: '', phoneNumber: '', email: '' }, ALL_MISSING],
    ['fields that are not strings count as blank', { ...address(), firstName: 42, email: null, locality: undefined }, ['Missing first name', 'Missing city', 'Missing email']],
    ['an empty object (a US state list is not asked without a country)', {}, ALL_MISSING],
    ['every field of a US address blank but the country', { country: 'US' }, ['Missing first name', 'Missing surname', 'Missing address field', 'Missing city', 'Missing ZIP code', 'Missing state', 'Missing phone number', 'Missing email']],
  ];
  for (const [name, input, expected] of cases) it(name, () => assert.deepEqual(messagesOf(addressProblems(input)), expected));
  it('puts each problem on its field, under the address\'s path in the request when given', () => {
    assert.deepEqual(addressProblems(address({ firstName: '', postalCode: ' ', administrativeArea: '' })), [
      { field: 'firstName', message: 'Missing first name' },
      { field: 'postalCode', message: 'Missing ZIP code' },
      { field: 'administrativeArea', message: 'Missing state' },
    ]);
    assert.deepEqual(addressProblems(address({ email: '' }), 'shippingAddress'), [{ field: 'shippingAddress.email', message: 'Missing email' }]);
  });
});

describe('addressValueProblems', () => {
  const cases: Array<[string, AddressInput, string[]]> = [
    ['a good address', address(), []],
    ['a state given by name', address({ administrativeArea: 'New York' }), []],
    ['a country code in lower case', address({ country: 'us' }), []],
    ['an unknown country', address({ country: 'Atlantis' }), [ADDRESS_VALUE_MESSAGES.unknownCountry('Atlantis')]],
    ['a state of another country', address({ administrativeArea: 'Ontario' }), [ADDRESS_VALUE_MESSAGES.unknownState('Ontario', 'United States of America')]],
    ['a ZIP code of the wrong shape', address({ postalCode: '1011' }), [ADDRESS_VALUE_MESSAGES.postalCodeFormat('1011', 'United States of America')]],
    ['a ZIP+4 code', address({ postalCode: '10118-0110' }), []],
    ['a Canadian postal code', address({ country: 'CA', administrativeArea: 'ON', postalCode: 'K1A 0B1', locality: 'Ottawa' }), []],
    ['a US ZIP in Canada', address({ country: 'CA', administrativeArea: 'ON', postalCode: '10118' }), [ADDRESS_VALUE_MESSAGES.postalCodeFormat('10118', 'Canada')]],
    ['a UK postcode', address({ country: 'GB', administrativeArea: '', postalCode: 'SW1A 1AA' }), []],
    ['a state where the country has none is left alone', address({ country: 'GB', administrativeArea: 'Greater London', postalCode: 'SW1A 1AA' }), []],
    ['an email without a domain', address({ email: 'ada@' }), [ADDRESS_VALUE_MESSAGES.email]],
    ['an email with a one-letter top-level domain', address({ email: 'ada@example.c' }), [ADDRESS_VALUE_MESSAGES.email]],
    ['blank values are addressProblems\' business', address({ country: '', postalCode: '', email: '' }), []],
    ['several at once', address({ administrativeArea: 'XX', postalCode: 'abc', email: 'nope' }), [ADDRESS_VALUE_MESSAGES.unknownState('XX', 'United States of America'), ADDRESS_VALUE_MESSAGES.postalCodeFormat('abc', 'United States of America'), ADDRESS_VALUE_MESSAGES.email]],
  ];
  for (const [name, input, expected] of cases) it(name, () => assert.deepEqual(messagesOf(addressValueProblems(input)), expected));
  it('names the country in words', () => {
    assert.deepEqual(messagesOf(addressValueProblems(address({ administrativeArea: 'Ontario' }))), ['"Ontario" is not a state of United States of America. Choose one from the list.']);
  });
  it('puts each problem on its field, under the address\'s path in the request when given', () => {
    assert.deepEqual(addressValueProblems(address({ administrativeArea: 'XX', postalCode: 'abc', email: 'nope' }), 'billingAddress').map((item) => item.field), [
      'billingAddress.administrativeArea',
      'billingAddress.postalCode',
      'billingAddress.email',
    ]);
    assert.deepEqual(addressValueProblems(address({ country: 'Atlantis' })), [{ field: 'country', message: ADDRESS_VALUE_MESSAGES.unknownCountry('Atlantis') }]);
  });
  it('checks the email with the account rule, in the account rule\'s words', () => {
    for (const email of ['ada@example.com', ' ada@example.co.uk ', 'a+b@mail.example.org']) assert.deepEqual(addressValueProblems(address({ email })), [], email);
    for (const email of ['ada@example..com', 'ada@-example.com', 'ada@example.c', 'ada example@example.com', `${'a'.repeat(250)}@example.com`]) {
      assert.equal(isValidEmail(email), false, email);
      assert.deepEqual(addressValueProblems(address({ email })), [{ field: 'email', message: ACCOUNT_MESSAGES.invalidEmail }], email);
    }
    assert.equal(ADDRESS_VALUE_MESSAGES.email, 'Please enter a valid email.');
  });
});

describe('isReadyForRates (spec §5: country and postal code)', () => {
  const cases: Array<[string, AddressInput | null, boolean]> = [
    ['country and postal code', { country: 'US', postalCode: '10118' }, true],
    ['a whole address', address(), true],
    ['no postal code', { country: 'US', postalCode: ' ' }, false],
    ['no country', { country: '', postalCode: '10118' }, false],
    ['nothing', null, false],
    ['not strings', { country: 1, postalCode: 2 }, false],
  ];
  for (const [name, input, expected] of cases) it(name, () => assert.equal(isReadyForRates(input), expected));
});

describe('shouldRecalculateRates (spec §5)', () => {
  const before = address();
  const cases: Array<[string, Partial<Address> | null, Partial<Address>, boolean]> = [
    ['first address ready for rates', null, before, true],
    ['first address not ready', null, { country: 'US' }, false],
    ['nothing changed', before, address(), false],
    ['the country changed', before, address({ country: 'CA', administrativeArea: 'ON', postalCode: 'K1A 0B1' }), true],
    ['the postal code changed', before, address({ postalCode: '10001' }), true],
    ['only case and spacing of the postal code changed', address({ country: 'GB', postalCode: 'SW1A 1AA', administrativeArea: '' }), address({ country: 'gb', postalCode: 'sw1a  1aa ', administrativeArea: '' }), false],
    ['the street changed but stayed filled', before, address({ address: '1 Main Street' }), false],
    ['the name changed but stayed filled', before, address({ firstName: 'Grace' }), false],
    ['a mandatory field became empty', before, address({ phoneNumber: '' }), true],
    ['a mandatory field became filled', address({ email: '' }), before, true],
    ['the state became empty in the US', before, address({ administrativeArea: '' }), true],
    ['the state became empty where no state is needed', address({ country: 'DE', postalCode: '10115', administrativeArea: 'Berlin' }), address({ country: 'DE', postalCode: '10115', administrativeArea: '' }), false],
    ['the optional company became filled', before, address({ companyName: 'Analytical Engines' }), false],
    ['the new address lost its postal code: cleared, not recalculated', before, address({ postalCode: '' }), false],
    ['the previous address was not ready', { country: 'US' }, before, true],
  ];
  for (const [name, previous, next, expected] of cases) it(name, () => assert.equal(shouldRecalculateRates(previous, next), expected));
});
