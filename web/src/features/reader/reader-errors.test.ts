import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { ApiError } from '@inkwell/ui-kit/api-client';
import { readerProblemOf } from './reader-errors';

describe('readerProblemOf', () => {
  test('403 for reading access: the modal', () =>
    assert.equal(readerProblemOf(new ApiError(403, 'Forbidden', 'Unfortunately you can not read this comic. Please log in to read non-free comics.')), 'denied'));
  test('403 for the region', () => assert.equal(readerProblemOf(new ApiError(403, 'Forbidden', 'x', { type: 'Forbidden', geoRestriction: 'Restricted' })), 'geoRestricted'));
  test('404 and NotFound', () => {
    assert.equal(readerProblemOf(new ApiError(404, 'NotFound', 'x')), 'notFound');
    assert.equal(readerProblemOf(new ApiError(200, 'NotFound', 'x')), 'notFound');
  });
  test('anything else can be retried', () => {
    assert.equal(readerProblemOf(new ApiError(0, 'NetworkError', 'x')), 'failed');
    assert.equal(readerProblemOf(new ApiError(500, 'Error', 'x')), 'failed');
    assert.equal(readerProblemOf(new Error('x')), 'failed');
  });
});
