import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { findSeriesItem, parseReaderPath, readerPath, siblingsOf, type SeriesItem } from './reader-path';

describe('parseReaderPath (§2)', () => {
  const cases: Array<[splat: string, target: ReturnType<typeof parseReaderPath>]> = [
    ['31581/', { kind: 'comic', idOrUrl: '31581' }],
    ['moon-harbour-chapter-3/', { kind: 'comic', idOrUrl: 'moon-harbour-chapter-3' }],
    ['moon-harbour/volume-2/', { kind: 'series', series: 'moon-harbour', volume: 2, chapter: null }],
    ['moon-harbour/volume-2/chapter-7/', { kind: 'series', series: 'moon-harbour', volume: 2, chapter: 7 }],
    ['12/volume-1/chapter-1', { kind: 'series', series: '12', volume: 1, chapter: 1 }],
    ['moon-harbour/book-2/', { kind: 'series', series: 'moon-harbour', volume: 2, chapter: null }],
    ['moon-harbour/book-2/episode-7/', { kind: 'series', series: 'moon-harbour', volume: 2, chapter: 7 }],
    ['moon-harbour/part-3/', { kind: 'series', series: 'moon-harbour', volume: null, chapter: 3 }],
    ['moon-harbour/episode-3/', { kind: 'series', series: 'moon-harbour', volume: null, chapter: 3 }],
    ['moon-harbour/Chapter-3/', { kind: 'series', series: 'moon-harbour', volume: null, chapter: 3 }],
    ['', null],
    ['moon-harbour/volume/', null],
    ['moon-harbour/volume-2/extra/', null],
    ['a/volume-1/chapter-1/more/', null],
  ];
  for (const [splat, target] of cases) test(JSON.stringify(splat), () => assert.deepEqual(parseReaderPath(splat), target));
});

const items: SeriesItem[] = [
  { id: 1, subCategory: 'Volume', volumeNumber: 1, chapterNumber: null },
  { id: 2, subCategory: 'Volume', volumeNumber: 2, chapterNumber: null },
  { id: 3, subCategory: 'Chapter', volumeNumber: null, chapterNumber: 1 },
  { id: 4, subCategory: 'Chapter', volumeNumber: null, chapterNumber: 2 },
  { id: 5, subCategory: 'Chapter', volumeNumber: 2, chapterNumber: 9 },
];

describe('findSeriesItem', () => {
  test('a volume by number, not one of its chapters', () => assert.equal(findSeriesItem(items, { volume: 2, chapter: null })?.id, 2));
  test('a chapter outside any volume', () => assert.equal(findSeriesItem(items, { volume: null, chapter: 2 })?.id, 4));
  test('a chapter outside volumes also answers to a volume address', () => assert.equal(findSeriesItem(items, { volume: 1, chapter: 2 })?.id, 4));
  test('a chapter in its volume', () => assert.equal(findSeriesItem(items, { volume: 2, chapter: 9 })?.id, 5));
  test('not in another volume', () => assert.equal(findSeriesItem(items, { volume: 1, chapter: 9 }), undefined));
  test('unknown numbers', () => assert.equal(findSeriesItem(items, { volume: 7, chapter: null }), undefined));
});

describe('siblingsOf', () => {
  test('chapters list chapters', () => assert.deepEqual(siblingsOf(items, { id: 4 }).map((item) => item.id), [3, 4, 5]));
  test('volumes list volumes', () => assert.deepEqual(siblingsOf(items, { id: 1 }).map((item) => item.id), [1, 2]));
  test('nothing for an unlisted comic', () => assert.deepEqual(siblingsOf(items, { id: 99 }), []));
});

describe('readerPath', () => {
  test('a chapter of a volume', () => assert.equal(readerPath({ id: '5', volumeNumber: 2, chapterNumber: 9 }, 'moon-harbour'), '/reader/moon-harbour/volume-2/chapter-9/'));
  test('a volume', () => assert.equal(readerPath({ id: '2', volumeNumber: 2, chapterNumber: null }, 'moon-harbour'), '/reader/moon-harbour/volume-2/'));
  test('by id without a series url', () => assert.equal(readerPath({ id: '2', volumeNumber: 2, chapterNumber: null }, null), '/reader/2/'));
  test('by id without a volume number', () => assert.equal(readerPath({ id: '4', volumeNumber: null, chapterNumber: 2 }, 'moon-harbour'), '/reader/4/'));
  test('round trip', () => assert.deepEqual(parseReaderPath(readerPath({ id: '5', volumeNumber: 2, chapterNumber: 9 }, 'moon-harbour').slice('/reader/'.length)), { kind: 'series', series: 'moon-harbour', volume: 2, chapter: 9 }));
});
