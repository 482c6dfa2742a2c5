import type { SearchResultView } from '@inkwell/contracts/search';
import type { ImageRendition } from '@/components/ui/cover-image';
import { POSTER_RATIO } from '@/components/ui/poster-ratio';
import { paths } from '@/config/paths';

/** Where a search result leads: its series or product page. */
export function searchResultPath(result: SearchResultView): string {
  return paths.item(result.type, result.content);
}

export function searchResultRatio(result: SearchResultView): number {
  return POSTER_RATIO[result.type];
}

/** Search results carry image urls without sizes; the poster ratio stands in for the missing ones. */
export function searchResultImages(result: SearchResultView, width = 250): ImageRendition[] {
  const ratio = searchResultRatio(result);
  return result.content.thumbnails.map((thumbnail) => ({ url: thumbnail.url, color: thumbnail.color, width, height: Math.round((width * ratio) / 100) }));
}
