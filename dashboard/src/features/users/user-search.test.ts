import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { DEFAULT_USER_EXPORT_FIELDS } from '@inkwell/contracts/dashboard-customers';
import { confirmsErasure, exportFieldsInOrder, userSearchBody } from './user-search';

const base = { page: 1, pageSize: 25, sort: null, search: '', filters: {} };

describe('the users list as a search body', () => {
  test('a plain first page sends only the page', () => {
    assert.deepEqual(userSearchBody(base), { page: 1, pageSize: 25, search: undefined, role: undefined, verified: undefined, sortBy: undefined, sortDirection: undefined });
  });

  test('search, role, verified and sort go through as the API names them', () => {
    const body = userSearchBody({ page: 3, pageSize: 50, sort: { id: 'email', desc: true }, search: '  jane@example.com ', filters: { role: 'admin', verified: 'no' } });
    assert.deepEqual(body, { page: 3, pageSize: 50, search: 'jane@example.com', role: 'admin', verified: false, sortBy: 'email', sortDirection: 'desc' });
    assert.equal(userSearchBody({ ...base, filters: { verified: 'yes' } }).verified, true);
  });

  test('a role or sort from an edited link that the API does not know is left out', () => {
    const body = userSearchBody({ ...base, sort: { id: 'password', desc: false }, filters: { role: 'owner', verified: 'maybe' } });
    assert.equal(body.role, undefined);
    assert.equal(body.verified, undefined);
    assert.equal(body.sortBy, undefined);
    assert.equal(body.sortDirection, undefined);
  });
});

describe('user export fields', () => {
  test('the chosen fields keep the contract order, whatever order they were ticked in; unknown names go', () => {
    assert.deepEqual(exportFieldsInOrder(['roles', 'email', 'user_id', 'nonsense']), ['user_id', 'email', 'roles']);
    assert.deepEqual(exportFieldsInOrder([...DEFAULT_USER_EXPORT_FIELDS].reverse()), [...DEFAULT_USER_EXPORT_FIELDS]);
  });
});

describe('the typed erasure confirmation', () => {
  test('only the account’s own email confirms, case and surrounding spaces aside', () => {
    assert.equal(confirmsErasure('  Jane@Example.com ', 'jane@example.com'), true);
    assert.equal(confirmsErasure('jane@example.co', 'jane@example.com'), false);
    assert.equal(confirmsErasure('', 'jane@example.com'), false);
    assert.equal(confirmsErasure('', ''), false);
  });
});
