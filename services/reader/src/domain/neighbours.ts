/**
 * The previous and next chapter or volume of a publication in its series, for the reader's
 * navigation (storefront spec §4: "forward goes to the next chapter"; §9: chapters by number).
 * Chapters lead to chapters and volumes (and other books) to volumes.
 */
export interface SeriesEntry {
  id: string;
  subCategory: string;
  volumeNumber: number | null;
  chapterNumber: number | null;
  publishDate: string | null;
}

const isChapter = (entry: SeriesEntry) => entry.subCategory === 'Chapter';

function byNumber(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
}

/** Volume number, chapter number, publish date, id; missing numbers and dates last. */
export function compareSeriesEntries(a: SeriesEntry, b: SeriesEntry): number {
  return (
    byNumber(a.volumeNumber, b.volumeNumber) ||
    byNumber(a.chapterNumber, b.chapterNumber) ||
    byNumber(a.publishDate === null ? null : Date.parse(a.publishDate), b.publishDate === null ? null : Date.parse(b.publishDate)) ||
    byNumber(Number(a.id), Number(b.id))
  );
}

/** `candidates` are the series' entries the visitor may be sent to (the caller filters out unreleased ones). */
export function neighbours<T extends SeriesEntry>(current: SeriesEntry, candidates: readonly T[]): { previous: T | null; next: T | null } {
  const sameKind = candidates.filter((entry) => entry.id !== current.id && isChapter(entry) === isChapter(current));
  let previous: T | null = null;
  let next: T | null = null;
  for (const entry of sameKind) {
    const order = compareSeriesEntries(entry, current);
    if (order < 0 && (previous === null || compareSeriesEntries(entry, previous) > 0)) previous = entry;
    if (order > 0 && (next === null || compareSeriesEntries(entry, next) < 0)) next = entry;
  }
  return { previous, next };
}
