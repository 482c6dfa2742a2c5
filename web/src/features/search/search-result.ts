import { formatLabel, productTypeLabel } from '@inkwell/contracts/labels';
import type { SearchResultView } from '@inkwell/contracts/search';
import type { ImageRendition } from '@/components/ui/cover-image';
import { POSTER_RATIO } from '@/components/ui/poster-ratio';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';

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

/** The result's kind in words: 'Box set', 'Volume', 'Series' (never the code 'BoxSet'). */
export function searchResultType(result: SearchResultView): string {
  return result.type === 'series' ? 'Series' : productTypeLabel(result.displayType);
}

/**
 * Format and price of a product result, one part per format: 'Digital $9.99 · Print $13.99',
 * 'Digital Free', 'Digital $4.99 (was $9.99)'. Null for a series, or a product with nothing on sale.
 */
export function searchResultPriceLine(result: SearchResultView): string | null {
  const formats = result.content.formats ?? [];
  if (formats.length === 0) return null;
  return formats
    .map((format) => {
      const label = formatLabel(format.type);
      if (format.isFree) return `${label} Free`;
      const price = formatMoney(format.price, format.currency);
      return format.isOnSale && format.fullPrice > format.price ? `${label} ${price} (was ${formatMoney(format.fullPrice, format.currency)})` : `${label} ${price}`;
    })
    .join(' · ');
}

/** Sale and Pre-order badges of a product result. */
export function searchResultBadges(result: SearchResultView): Array<{ label: string; tone: 'sale' | 'preorder' | 'free' }> {
  const formats = result.content.formats ?? [];
  const badges: Array<{ label: string; tone: 'sale' | 'preorder' | 'free' }> = [];
  if (formats.some((format) => format.isFree)) badges.push({ label: 'Free', tone: 'free' });
  else if (formats.some((format) => format.isOnSale)) badges.push({ label: 'Sale', tone: 'sale' });
  if (formats.some((format) => format.isPreOrder)) badges.push({ label: 'Pre-order', tone: 'preorder' });
  return badges;
}

/** Browse filtered by the search term, where the rest of a top-20 list can be found. */
export function browsePathForTerm(term: string): string {
  return `${paths.browse}?${new URLSearchParams({ q: term, is: 'false' }).toString()}`;
}
