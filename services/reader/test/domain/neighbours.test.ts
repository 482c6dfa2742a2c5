import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { compareSeriesEntries, neighbours, type SeriesEntry } from '../../src/domain';

const volume = (id: string, volumeNumber: number | null, publishDate: string | null = null): SeriesEntry => ({ id, subCategory: 'Volume', volumeNumber, chapterNumber: null, publishDate });
const chapter = (id: string, chapterNumber: number | null, volumeNumber: number | null = null): SeriesEntry => ({ id, subCategory: 'Chapter', volumeNumber, chapterNumber, publishDate: null });

describe('neighbours in a series', () => {
  it('finds the previous and next volume by number, skipping gaps and chapters', () => {
    const entries = [volume('10', 3), chapter('20', 2), volume('11', 1), volume('12', 5), chapter('21', 4)];
    assert.deepEqual(neighbours(volume('13', 4), entries), { previous: entries[0], next: entries[3] });
    assert.deepEqual(neighbours(entries[2]!, entries), { previous: null, next: entries[0] });
  });

  it('leads chapters to chapters, chapter 0 first', () => {
    const entries = [chapter('1', 1), chapter('0', 0), chapter('2', 2), volume('9', 1)];
    assert.deepEqual(neighbours(entries[0]!, entries), { previous: entries[1], next: entries[2] });
  });

  it('orders missing numbers last, then by publish date and id', () => {
    const sorted = [volume('5', null, '2025-02-01'), volume('4', 2), volume('3', null, '2025-01-01'), volume('2', null), volume('1', null)].sort(compareSeriesEntries);
    assert.deepEqual(sorted.map((entry) => entry.id), ['4', '3', '5', '1', '2']);
  });
});
