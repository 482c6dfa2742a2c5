import { linkExpiry, pageImagePath, signPageLink } from '../domain';
import type { PageSet, PageSize } from '../store/page-store';

/** One page as the reader gets it: its size and a signed link per stored width and format. */
export interface ComicPage {
  pageNumber: number;
  comicID: string;
  width: number;
  height: number;
  /** The JPEG at the largest width. */
  url: string;
  /** Ascending by width. */
  sources: Array<{ width: number; webp: string; jpeg: string }>;
}

/** Makes the pages of one answer; every link of it shares one expiry. */
export function comicPages(set: PageSet, secret: string, ttlSeconds: number, now: Date): (page: PageSize) => ComicPage {
  const exp = linkExpiry(now, ttlSeconds);
  return (page) => {
    const sources = set.widths.map((width) => ({
      width,
      webp: signPageLink(pageImagePath(set.productId, page.pageNumber, width, 'webp'), exp, secret),
      jpeg: signPageLink(pageImagePath(set.productId, page.pageNumber, width, 'jpeg'), exp, secret),
    }));
    return { pageNumber: page.pageNumber, comicID: set.productId, width: page.width, height: page.height, url: sources[sources.length - 1]!.jpeg, sources };
  };
}
