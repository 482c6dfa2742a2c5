/** How the reader names chapters, volumes and pages in its bars and on its end card. */

interface Numbered {
  name: string;
  volumeNumber: number | null;
  chapterNumber: number | null;
}

/** 'Chapter 3' or 'Volume 2', by the numbers a comic has; its name when it has none. */
export function partLabel(comic: Numbered & { relativeName?: string | null }): string {
  if (comic.relativeName?.trim()) return comic.relativeName.trim();
  if (comic.chapterNumber !== null) return `Chapter ${comic.chapterNumber}`;
  if (comic.volumeNumber !== null) return `Volume ${comic.volumeNumber}`;
  return comic.name;
}

/** A view's pages, counted from 1: 'Page 4', or 'Pages 4–5' for two side by side. */
export function viewLabel(pageIndexes: readonly number[]): string {
  const first = (pageIndexes[0] ?? 0) + 1;
  if (pageIndexes.length < 2) return `Page ${first}`;
  return `Pages ${first}–${(pageIndexes.at(-1) ?? 0) + 1}`;
}
