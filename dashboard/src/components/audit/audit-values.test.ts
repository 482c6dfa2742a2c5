import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { auditFieldLabel, auditValue, fileNameOf } from './audit-values';

describe('a history entry as people read it (issue 26)', () => {
  test('fields by the names the editor gives them, not the API\'s', () => {
    assert.equal(auditFieldLabel('ageRestrictable'), 'Age rating');
    assert.equal(auditFieldLabel('downloadable.ingestCompleted'), 'Comic file ingested');
    assert.equal(auditFieldLabel('thumbnails'), 'Cover and images');
    assert.equal(auditFieldLabel('someNewField'), 'Some new field');
  });

  test('files by their names, not their storage paths or addresses', () => {
    assert.equal(fileNameOf('media/products/12/pages/cover-3a9f.jpg'), 'cover-3a9f.jpg');
    assert.equal(fileNameOf('https://cdn.example.com/Publications/12/Pages/page-0001.jpg?v=2'), 'page-0001.jpg');
    assert.equal(fileNameOf('uploads/ab12/Moon%20Garden%20Vol%201.cbz'), 'Moon Garden Vol 1.cbz');
    assert.equal(fileNameOf('A plain sentence about 1/2 of it.'), null);
    assert.equal(auditValue(['media/products/12/cover.jpg', 'media/products/12/back.png'], 'thumbnails'), 'cover.jpg, back.png');
    assert.equal(auditValue([{ url: '/media/products/12/cover.jpg', role: 'cover' }], 'thumbnails'), 'cover.jpg');
  });

  test('codes by their labels, yes and no, nested parts by their own names', () => {
    assert.equal(auditValue('ScheduledPreOrder', 'status'), 'Pre-order');
    assert.equal(auditValue(2, 'statusCode'), 'Pre-order');
    assert.equal(auditValue('BoxSet', 'subCategory'), 'Box set');
    assert.equal(auditValue(true, 'unlisted'), 'Yes');
    assert.equal(auditValue({ ageRating: 'm' }, 'ageRestrictable'), auditValue('m', 'ageRating'));
    assert.equal(auditValue('{"id":4,"type":"Digital","enabled":fal…', 'variants'), '(changed; too long to show)');
    assert.notEqual(auditValue('m', 'ageRating'), 'm');
    assert.equal(auditValue({ ingestCompleted: true, reverseReadOrder: false }, 'downloadable'), 'Comic file ingested: Yes; Read right to left: No');
    assert.equal(auditValue(null), '(empty)');
    assert.equal(auditValue([], 'creators'), '(none)');
  });
});
