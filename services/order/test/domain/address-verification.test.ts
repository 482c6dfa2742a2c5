import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import {
  EmbeddedAddressVerifier,
  UnknownVerificationError,
  VERIFICATION_WARNINGS,
  meetsLenient,
  meetsStrict,
  verificationWarnings,
  type Address,
  type VerificationResult,
} from '../../src/domain';

const result = (overrides: Partial<VerificationResult> = {}): VerificationResult => ({
  country: 'US',
  addressComplete: true,
  granularity: 'Premise',
  inferredComponents: [],
  spellCorrectedComponents: [],
  replacedComponents: [],
  unconfirmedComponents: [],
  confirmedComponents: ['address', 'locality', 'postalCode', 'administrativeArea', 'country'],
  missingComponents: [],
  dpvConfirmation: 'Y',
  suggestedAddress: { country: 'US', address: '350 Fifth Avenue', locality: 'New York', postalCode: '10118', administrativeArea: 'NY' },
  ...overrides,
});

describe('meetsStrict and meetsLenient (spec §5)', () => {
  const cases: Array<[string, Partial<VerificationResult>, boolean, boolean]> = [
    ['a confirmed premise in the USA', {}, true, true],
    ['a confirmed sub-premise', { granularity: 'SubPremise' }, true, true],
    ['premise proximity', { granularity: 'PremiseProximity' }, false, true],
    ['block', { granularity: 'Block' }, false, true],
    ['route', { granularity: 'Route' }, false, true],
    ['postal code only', { granularity: 'PostalCode' }, false, false],
    ['other', { granularity: 'Other' }, false, false],
    ['address not complete', { addressComplete: false }, false, true],
    ['only the postal code suffix inferred', { inferredComponents: ['postalCodeSuffix'] }, true, false],
    ['the city inferred', { inferredComponents: ['locality'] }, false, false],
    ['a spell-corrected city', { spellCorrectedComponents: ['locality'] }, false, true],
    ['a replaced state', { replacedComponents: ['administrativeArea'] }, false, false],
    ['USA dpv S', { dpvConfirmation: 'S' }, false, true],
    ['USA dpv D', { dpvConfirmation: 'D' }, false, false],
    ['USA dpv N', { dpvConfirmation: 'N' }, false, false],
    ['USA dpv blank', { dpvConfirmation: '' }, false, false],
    ['outside the USA no dpv is needed', { country: 'DE', dpvConfirmation: null }, true, true],
    ['outside the USA, a route', { country: 'DE', dpvConfirmation: null, granularity: 'Route' }, false, true],
    ['unconfirmed parts alone do not decide', { unconfirmedComponents: ['address'] }, true, true],
  ];
  for (const [name, overrides, strict, lenient] of cases) {
    it(name, () => {
      assert.equal(meetsStrict(result(overrides)), strict, 'strict');
      assert.equal(meetsLenient(result(overrides)), lenient, 'lenient');
    });
  }
});

describe('verificationWarnings (spec §5)', () => {
  const cases: Array<[string, Partial<VerificationResult>, string[]]> = [
    ['Y: none', { dpvConfirmation: 'Y' }, []],
    ['S: extra details not confirmed', { dpvConfirmation: 'S' }, [VERIFICATION_WARNINGS.S]],
    ['D: secondary information missing', { dpvConfirmation: 'D' }, [VERIFICATION_WARNINGS.D]],
    ['N: not confirmed', { dpvConfirmation: 'N' }, [VERIFICATION_WARNINGS.N]],
    ['blank: not confirmed', { dpvConfirmation: '' }, [VERIFICATION_WARNINGS.N]],
    ['outside the USA: none', { country: 'GB', dpvConfirmation: null }, []],
  ];
  for (const [name, overrides, warnings] of cases) it(name, () => assert.deepEqual(verificationWarnings(result(overrides)), warnings));
  it('say what the spec says', () => {
    assert.equal(VERIFICATION_WARNINGS.S, 'Extra details such as apartment, suite or floor not confirmed by the postal authority.');
    assert.equal(VERIFICATION_WARNINGS.D, 'Missing secondary information such as apartment or suite number.');
    assert.equal(VERIFICATION_WARNINGS.N, 'Address not confirmed by the postal authority.');
  });
});

const us = (overrides: Partial<Address> = {}): Address => ({
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
const ca = (overrides: Partial<Address> = {}) => us({ country: 'CA', address: '111 Wellington St', locality: 'Ottawa', postalCode: 'K1A 0B1', administrativeArea: 'ON', ...overrides });

interface Expect {
  granularity?: VerificationResult['granularity'];
  complete?: boolean;
  inferred?: string[];
  spellCorrected?: string[];
  replaced?: string[];
  unconfirmed?: string[];
  confirmed?: string[];
  missing?: string[];
  suggested?: Partial<VerificationResult['suggestedAddress']>;
  dpv?: VerificationResult['dpvConfirmation'];
}

describe('the embedded verifier (postal data: ZIP to state and city, postal code formats)', () => {
  const verifier = new EmbeddedAddressVerifier();
  const cases: Array<[string, Address, Expect]> = [
    ['a good US address: placed in its ZIP, the street not confirmed', us(), {
      granularity: 'PostalCode', complete: true, unconfirmed: ['address'], confirmed: ['locality', 'postalCode', 'administrativeArea', 'country'], inferred: [], replaced: [], spellCorrected: [], dpv: '',
    }],
    ['a ZIP that does not exist', us({ postalCode: '99999' }), { granularity: 'Country', unconfirmed: ['address', 'locality', 'postalCode', 'administrativeArea'], confirmed: ['country'] }],
    ['a ZIP of the wrong shape', us({ postalCode: '1234' }), { granularity: 'Country', unconfirmed: ['address', 'locality', 'postalCode', 'administrativeArea'] }],
    ['a ZIP of another state, the city agreeing with the ZIP: the state is replaced', us({ locality: 'Beverly Hills', postalCode: '90210', administrativeArea: 'NY' }), {
      granularity: 'PostalCode', replaced: ['administrativeArea'], confirmed: ['locality', 'postalCode', 'country'], suggested: { administrativeArea: 'CA' },
    }],
    ['a state given by a name that is no state, the city agreeing: replaced', us({ administrativeArea: 'Manhattan' }), { replaced: ['administrativeArea'], suggested: { administrativeArea: 'NY' } }],
    ['a ZIP of another state and another city: nothing says which is right', us({ locality: 'Chicago', administrativeArea: 'IL' }), {
      granularity: 'Country', unconfirmed: ['address', 'locality', 'postalCode', 'administrativeArea'], replaced: [], confirmed: ['country'],
    }],
    ['a misspelt city close to the ZIP\'s: spell-corrected', us({ locality: 'Beverley Hils', postalCode: '90210', administrativeArea: 'CA' }), {
      spellCorrected: ['locality'], suggested: { locality: 'Beverly Hills' }, confirmed: ['postalCode', 'administrativeArea', 'country'],
    }],
    ['two letters swapped count as one edit', us({ locality: 'Nwe York' }), { spellCorrected: ['locality'], suggested: { locality: 'New York' } }],
    ['St. and Saint are one', us({ locality: 'St. Louis', postalCode: '63101', administrativeArea: 'MO' }), { confirmed: ['locality', 'postalCode', 'administrativeArea', 'country'], spellCorrected: [] }],
    ['case, accents and spacing do not count', us({ locality: '  new   YORK ' }), { confirmed: ['locality', 'postalCode', 'administrativeArea', 'country'], suggested: { locality: 'new YORK' } }],
    ['another city name of the same state: unconfirmed, not replaced', us({ locality: 'Boston', postalCode: '02134', administrativeArea: 'MA' }), {
      unconfirmed: ['address', 'locality'], replaced: [], confirmed: ['postalCode', 'administrativeArea', 'country'], suggested: { locality: 'Boston' },
    }],
    ['blank city and state: inferred from the ZIP', us({ locality: '', administrativeArea: '' }), {
      complete: true, inferred: ['locality', 'administrativeArea'], missing: [], suggested: { locality: 'New York', administrativeArea: 'NY' },
    }],
    ['a ZIP+4: the suffix cannot be checked', us({ postalCode: '10118-0110' }), { unconfirmed: ['address', 'postalCodeSuffix'], suggested: { postalCode: '10118-0110' } }],
    ['a state by name is written as its code', us({ administrativeArea: 'new york' }), { confirmed: ['locality', 'postalCode', 'administrativeArea', 'country'], suggested: { administrativeArea: 'NY' } }],
    ['no street: incomplete', us({ address: ' ' }), { complete: false, missing: ['address'], unconfirmed: [] }],
    ['a Canadian address: the FSA and its province', ca({ postalCode: 'k1a0b1' }), {
      granularity: 'PostalCode', unconfirmed: ['address', 'locality'], confirmed: ['postalCode', 'administrativeArea', 'country'], suggested: { postalCode: 'K1A 0B1' }, dpv: null,
    }],
    ['a Canadian postal code of another province', ca({ postalCode: 'M5V 3L9', administrativeArea: 'BC' }), { granularity: 'Country', unconfirmed: ['address', 'locality', 'postalCode', 'administrativeArea'] }],
    ['Canada\'s X: Nunavut or the Northwest Territories', ca({ postalCode: 'X0A 0H0', administrativeArea: 'Nunavut', locality: 'Iqaluit' }), { confirmed: ['postalCode', 'administrativeArea', 'country'], suggested: { administrativeArea: 'NU' } }],
    ['Canada\'s X with no territory given: not guessed', ca({ postalCode: 'X0A 0H0', administrativeArea: '' }), { complete: false, missing: ['administrativeArea'], inferred: [] }],
    ['a Canadian province inferred', ca({ administrativeArea: '' }), { inferred: ['administrativeArea'], suggested: { administrativeArea: 'ON' }, complete: true }],
    ['a well-formed UK postcode: a format confirms nothing', us({ country: 'gb', postalCode: 'sw1a 1aa', locality: 'London', administrativeArea: '' }), {
      granularity: 'Country', unconfirmed: ['address', 'locality', 'postalCode'], confirmed: ['country'], dpv: null, suggested: { country: 'GB', postalCode: 'SW1A 1AA' },
    }],
    ['a German postal code of the wrong shape', us({ country: 'DE', postalCode: '1011', locality: 'Berlin', administrativeArea: '' }), { unconfirmed: ['address', 'locality', 'postalCode'] }],
    ['an unknown country', us({ country: 'Atlantis', administrativeArea: '' }), { granularity: 'Other', unconfirmed: ['address', 'locality', 'postalCode', 'country'], confirmed: [], dpv: null }],
    ['no country', us({ country: '', administrativeArea: '' }), { granularity: 'Other', missing: ['country'], complete: false }],
  ];
  for (const [name, address, expected] of cases) {
    it(name, async () => {
      const answer = await verifier.verify(address);
      const got = answer.result;
      if (expected.granularity) assert.equal(got.granularity, expected.granularity, 'granularity');
      if (expected.complete !== undefined) assert.equal(got.addressComplete, expected.complete, 'addressComplete');
      if (expected.inferred) assert.deepEqual(got.inferredComponents, expected.inferred, 'inferred');
      if (expected.spellCorrected) assert.deepEqual(got.spellCorrectedComponents, expected.spellCorrected, 'spellCorrected');
      if (expected.replaced) assert.deepEqual(got.replacedComponents, expected.replaced, 'replaced');
      if (expected.unconfirmed) assert.deepEqual(got.unconfirmedComponents, expected.unconfirmed, 'unconfirmed');
      if (expected.confirmed) assert.deepEqual(got.confirmedComponents, expected.confirmed, 'confirmed');
      if (expected.missing) assert.deepEqual(got.missingComponents, expected.missing, 'missing');
      if (expected.dpv !== undefined) assert.equal(got.dpvConfirmation, expected.dpv, 'dpv');
      for (const [field, value] of Object.entries(expected.suggested ?? {})) assert.equal(got.suggestedAddress[field as keyof typeof got.suggestedAddress], value, field);
      // Without street data no answer meets either rule; the flags and warnings follow the result.
      assert.equal(answer.strict, false);
      assert.equal(answer.lenient, false);
      assert.deepEqual(answer.warnings, verificationWarnings(got));
    });
  }
});

describe('responses and previousResponseId', () => {
  it('gives each answer its own id and lets a later call refer to it', async () => {
    const verifier = new EmbeddedAddressVerifier();
    const first = await verifier.verify(us({ locality: 'Beverley Hils', postalCode: '90210', administrativeArea: 'CA' }));
    assert.equal(first.previousResponseId, null);
    const accepted = await verifier.verify(us({ ...first.result.suggestedAddress }), first.responseId);
    assert.notEqual(accepted.responseId, first.responseId);
    assert.equal(accepted.previousResponseId, first.responseId);
    assert.deepEqual(accepted.result.spellCorrectedComponents, []);
    assert.deepEqual(verifier.recall(first.responseId), first.result);
  });
  it('refuses an id it never gave', async () => {
    const verifier = new EmbeddedAddressVerifier();
    await assert.rejects(verifier.verify(us(), 'not-an-id'), UnknownVerificationError);
  });
  it('forgets the oldest answers past its bound', async () => {
    const verifier = new EmbeddedAddressVerifier(2);
    const first = await verifier.verify(us());
    const second = await verifier.verify(us());
    await verifier.verify(us(), second.responseId);
    assert.equal(verifier.recall(first.responseId), null);
    await assert.rejects(verifier.verify(us(), first.responseId), UnknownVerificationError);
    assert.ok(verifier.recall(second.responseId));
  });
});
