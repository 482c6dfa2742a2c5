import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { documentPagesFor } from './document-first-page';

const comic = { comicID: '12', name: 'Eleven Lies, Chapter 1', pages: [{ pageNumber: 1 }] };

describe('documentPagesFor', () => {
  it('takes the page list of the comic the reader opens', () => {
    assert.deepEqual(documentPagesFor(JSON.stringify({ idOrUrl: 'eleven-lies-1', comic }), 'eleven-lies-1'), comic);
  });

  it('ignores the page list of another comic, a malformed one, and text that is not JSON', () => {
    assert.equal(documentPagesFor(JSON.stringify({ idOrUrl: 'other', comic }), 'eleven-lies-1'), null);
    assert.equal(documentPagesFor(JSON.stringify({ idOrUrl: '12', comic: { comicID: '12' } }), '12'), null);
    assert.equal(documentPagesFor(JSON.stringify({ idOrUrl: '12', comic: { pages: [] } }), '12'), null);
    assert.equal(documentPagesFor('{"idOrUrl": "12", "comic": ', '12'), null);
    assert.equal(documentPagesFor('', '12'), null);
  });
});
