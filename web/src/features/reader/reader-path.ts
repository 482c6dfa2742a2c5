/**
 * The reader's addresses (storefront spec §2): /reader/{pid}/, /reader/{series}/volume-{n}/ and
 * /reader/{series}/volume-{n}/chapter-{m}/. Series that name their parts differently ('Part 3',
 * 'Episode 3', 'Book 2') may use those words in place of 'volume' and 'chapter'; only the position
 * and the number of a part count, except that a lone chapter-like word after the series means a
 * chapter outside any volume.
 */
import type { ComicLink } from './types';

export type ReaderTarget =
  | { kind: 'comic'; idOrUrl: string }
  | { kind: 'series'; series: string; volume: number | null; chapter: number | null };

const NUMBERED_PART = /^([a-z]+(?:-[a-z]+)*)-(\d+)$/;
const CHAPTER_WORDS = new Set(['chapter', 'ch', 'episode', 'ep', 'part', 'issue']);

function numberedPart(part: string): { word: string; number: number } | null {
  const match = NUMBERED_PART.exec(part.toLowerCase());
  return match ? { word: match[1]!, number: Number(match[2]) } : null;
}

/** Reads the part of the path after /reader/; null when it is not a reader address. */
export function parseReaderPath(splat: string): ReaderTarget | null {
  const parts = splat.split('/').filter(Boolean).map((part) => decodeURIComponent(part));
  const [series, first, second] = parts;
  if (!series || parts.length > 3) return null;
  if (first === undefined) return { kind: 'comic', idOrUrl: series };
  const outer = numberedPart(first);
  if (!outer) return null;
  if (second === undefined) {
    return CHAPTER_WORDS.has(outer.word)
      ? { kind: 'series', series, volume: null, chapter: outer.number }
      : { kind: 'series', series, volume: outer.number, chapter: null };
  }
  const inner = numberedPart(second);
  return inner ? { kind: 'series', series, volume: outer.number, chapter: inner.number } : null;
}

/** What a series lists for the reader to find a volume or chapter in. */
export interface SeriesItem {
  id: number;
  subCategory: string;
  volumeNumber: number | null;
  chapterNumber: number | null;
}

const isChapter = (item: SeriesItem) => item.subCategory === 'Chapter';

/**
 * The series item a series address points at: the chapter of that number (in that volume, when
 * both are numbered), or the volume of that number (a volume, not one of its chapters).
 */
export function findSeriesItem<T extends SeriesItem>(items: readonly T[], target: { volume: number | null; chapter: number | null }): T | undefined {
  if (target.chapter !== null) {
    return items.find(
      (item) => isChapter(item) && item.chapterNumber === target.chapter && (target.volume === null || item.volumeNumber === null || item.volumeNumber === target.volume),
    );
  }
  return items.find((item) => !isChapter(item) && item.volumeNumber === target.volume);
}

/** The items that share the reader's chapter list with `current`: chapters with chapters, the rest with the rest. */
export function siblingsOf<T extends SeriesItem>(items: readonly T[], current: Pick<SeriesItem, 'id'>): T[] {
  const found = items.find((item) => item.id === current.id);
  if (!found) return [];
  return items.filter((item) => isChapter(item) === isChapter(found));
}

/**
 * The address of a comic in the reader: by its series and numbers when the series has a readable
 * url and the comic a volume number, else by id (storefront spec §2's fallback, /reader/{id}/).
 */
export function readerPath(comic: Pick<ComicLink, 'id' | 'volumeNumber' | 'chapterNumber'>, seriesReadableUrl: string | null): string {
  const series = seriesReadableUrl?.trim();
  if (!series || comic.volumeNumber === null) return `/reader/${encodeURIComponent(comic.id)}/`;
  const volume = `/reader/${encodeURIComponent(series)}/volume-${comic.volumeNumber}/`;
  return comic.chapterNumber === null ? volume : `${volume}chapter-${comic.chapterNumber}/`;
}
