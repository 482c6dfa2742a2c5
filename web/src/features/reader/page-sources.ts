import type { ComicPage } from './types';

export interface PageImageSet {
  /** `srcset` of the WebP renditions, when there are any. */
  webp: string | undefined;
  /** `srcset` of the JPEG renditions, when there is more than the one in `src`. */
  jpeg: string | undefined;
  /** The largest JPEG: what a browser that reads no `srcset` shows. */
  src: string;
}

/**
 * A page's image candidates by width, so the browser fetches the smallest rendition that is sharp
 * at the drawn size and the screen's pixel density instead of always the largest.
 */
export function pageImageSet(page: Pick<ComicPage, 'url' | 'sources'>): PageImageSet {
  const sources = [...page.sources].sort((a, b) => a.width - b.width);
  const list = (pick: (source: ComicPage['sources'][number]) => string) =>
    sources.length > 0 ? sources.map((source) => `${pick(source)} ${source.width}w`).join(', ') : undefined;
  return { webp: list((source) => source.webp), jpeg: list((source) => source.jpeg), src: page.url };
}
