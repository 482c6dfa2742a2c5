import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { ERASED_TEXT, erasedUserToken, mentionsPerson, redactPersonal } from '../src/events/erasure';

describe('erasure: taking a person out of stored JSON', () => {
  const person = { userId: '0b6f5a8e-4a1d-4c3e-9f00-5d2c7b1e9a10', emails: ['Ada.Reader@example.com'] };

  it('gives every service the same anonymous token, never the id', () => {
    const token = erasedUserToken(person.userId);
    assert.match(token, /^erased:[0-9a-f]{32}$/);
    assert.equal(erasedUserToken(person.userId), token);
    assert.notEqual(erasedUserToken('another'), token);
    assert.ok(!token.includes(person.userId));
  });

  it("nulls an address's personal fields, keeps country and state, and keeps a product's name", () => {
    const order = {
      userId: person.userId,
      email: 'ada.reader@EXAMPLE.com',
      billingAddress: { firstName: 'Ada', surName: 'Reader', companyName: 'Ink Ltd', country: 'US', address: '1 Main St', locality: 'Portland', postalCode: '97201', administrativeArea: 'OR', phoneNumber: '+1 503 555 0100', email: 'ada.reader@example.com' },
      items: [{ name: 'Saga, Volume 1', price: { cents: 999 } }],
      note: `Mail ada.reader@example.com about https://shop.example/orders?user=${person.userId}`,
      total: 999,
    };
    assert.deepEqual(redactPersonal(order, person), {
      userId: erasedUserToken(person.userId),
      email: null,
      billingAddress: { firstName: null, surName: null, companyName: null, country: 'US', address: null, locality: null, postalCode: null, administrativeArea: 'OR', phoneNumber: null, email: null },
      items: [{ name: 'Saga, Volume 1', price: { cents: 999 } }],
      note: `Mail ${ERASED_TEXT} about https://shop.example/orders?user=${erasedUserToken(person.userId)}`,
      total: 999,
    });
  });

  it('tells whether a text mentions the person, in any case', () => {
    assert.equal(mentionsPerson('to ADA.READER@example.com', person), true);
    assert.equal(mentionsPerson(`key ${person.userId.toUpperCase()}`, person), true);
    assert.equal(mentionsPerson('someone else', person), false);
  });
});
