import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { partLabel, viewLabel } from './reader-labels';

describe('partLabel', () => {
  const comic = { name: 'Moon Harbour, Chapter 3', volumeNumber: null, chapterNumber: 3 };
  test('a chapter', () => assert.equal(partLabel(comic), 'Chapter 3'));
  test('a chapter of a volume', () => assert.equal(partLabel({ ...comic, volumeNumber: 1 }), 'Chapter 3'));
  test('a volume', () => assert.equal(partLabel({ ...comic, volumeNumber: 2, chapterNumber: null }), 'Volume 2'));
  test('chapter 0 is a chapter', () => assert.equal(partLabel({ ...comic, chapterNumber: 0 }), 'Chapter 0'));
  test('a relative name wins', () => assert.equal(partLabel({ ...comic, relativeName: 'Part 3: The Ferry' }), 'Part 3: The Ferry'));
  test('no numbers: the name', () => assert.equal(partLabel({ ...comic, chapterNumber: null }), 'Moon Harbour, Chapter 3'));
});

describe('viewLabel', () => {
  test('one page', () => assert.equal(viewLabel([3]), 'Page 4'));
  test('two pages', () => assert.equal(viewLabel([3, 4]), 'Pages 4–5'));
});
