import { CURATED_LIST_TITLE_MESSAGE, type CuratedListInput, type FilterCriteria } from '@inkwell/contracts/dashboard-merchandising';
import { problem, type Problem } from '@inkwell/contracts/problems';
import { PRODUCT_TYPE_CODES, type AgeRating } from './index';

/*
 * The curated list's rules (dashboard spec §3 "Curated list", §5 'Curated list can publish only
 * with a non-empty title') and how its filter criteria become the catalog's own discover query.
 */

export const CURATED_ITEM_UNKNOWN_MESSAGE = (kind: 'product' | 'series', id: number) => `There is no ${kind} with id ${id}.`;
export const CURATED_ITEM_TWICE_MESSAGE = (kind: 'product' | 'series', id: number) => `The ${kind} ${id} is in the list more than once.`;
export const CTA_URL_MESSAGE = 'The call to action leads to a storefront path (starting with /) or an https:// address.';
export const CTA_TEXT_WITHOUT_URL_MESSAGE = 'A call to action text needs a link.';
export const PRICE_RANGE_MESSAGE = 'The maximum price is below the minimum price.';
export const UNKNOWN_TYPE_MESSAGE = (code: number) => `${code} is not a product type code.`;
export const UNKNOWN_REFERENCE_MESSAGE = (what: string, id: number) => `There is no ${what} with id ${id}.`;
export const LIST_ID_NEEDED_MESSAGE = 'Each list to alter needs its id.';
export const LIST_CHANGED_SINCE_MESSAGE = (id: number) => `Curated list ${id} was saved by someone else since it was opened: reload it and make the change again.`;
export const LIST_TWICE_MESSAGE = (id: number) => `Curated list ${id} is in the request more than once.`;

const PRODUCT_TYPES = new Set<number>(Object.values(PRODUCT_TYPE_CODES));

/** A call to action's link: a storefront path or an https URL (never javascript:, data: or a protocol-relative //host). */
export function isCallToActionUrl(url: string): boolean {
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\') && ![...url].some((char) => char.trim() === '' || char.charCodeAt(0) < 0x20);
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The rules one list breaks on its own (existence of the items it names is the store's check); fields under `prefix`. */
export function curatedListProblems(input: CuratedListInput, status: string, prefix = ''): Problem[] {
  const problems: Problem[] = [];
  const field = (name: string) => `${prefix}${name}`;
  if (status === 'Published' && !input.title.trim()) problems.push(problem(field('title'), CURATED_LIST_TITLE_MESSAGE));
  const url = input.customCallToActionUrl?.trim();
  if (url && !isCallToActionUrl(url)) problems.push(problem(field('customCallToActionUrl'), CTA_URL_MESSAGE));
  if (input.customCallToActionText?.trim() && !url) problems.push(problem(field('customCallToActionUrl'), CTA_TEXT_WITHOUT_URL_MESSAGE));
  const seen = new Set<string>();
  input.curatedItems.forEach((item, position) => {
    const key = `${item.kind}:${item.id}`;
    if (seen.has(key)) problems.push(problem(field(`curatedItems[${position}]`), CURATED_ITEM_TWICE_MESSAGE(item.kind, item.id)));
    seen.add(key);
  });
  const criteria = input.filterCriteria;
  if (criteria.MinPrice != null && criteria.MaxPrice != null && criteria.MaxPrice < criteria.MinPrice) problems.push(problem(field('filterCriteria.MaxPrice'), PRICE_RANGE_MESSAGE));
  criteria.typeIds?.forEach((code, position) => {
    if (!PRODUCT_TYPES.has(code)) problems.push(problem(field(`filterCriteria.typeIds[${position}]`), UNKNOWN_TYPE_MESSAGE(code)));
  });
  if (criteria.subCategory != null && !PRODUCT_TYPES.has(criteria.subCategory)) problems.push(problem(field('filterCriteria.subCategory'), UNKNOWN_TYPE_MESSAGE(criteria.subCategory)));
  return problems;
}

/** Filter criteria in the spec's names → the discover query's filters (paging is the caller's). */
export function discoverFiltersOf(criteria: FilterCriteria) {
  const defined = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);
  const nonEmpty = <T>(values: T[] | undefined): T[] | undefined => (values && values.length > 0 ? values : undefined);
  const filters = {
    typeIds: nonEmpty(criteria.typeIds),
    genreIds: nonEmpty(criteria.genres),
    sort: criteria.sort,
    ipTagId: defined(criteria.ipTagId),
    imprintId: defined(criteria.imprintId),
    category: defined(criteria.category),
    subCategory: defined(criteria.subCategory),
    includeSeries: criteria.includeSeries,
    publishStatus: nonEmpty(criteria.publishStatus),
    scheduleStatus: nonEmpty(criteria.scheduleStatus),
    ageRatings: nonEmpty(criteria.ageRatings) as AgeRating[] | undefined,
    hasDownloadable: criteria.hasDownloadablePriceTypeFlag,
    hasShippable: criteria.hasShippablePriceTypeFlag,
    isOnSale: criteria.isOnSale,
    seriesStatus: defined(criteria.SeriesStatus) || undefined,
    minPriceCents: defined(criteria.MinPrice),
    maxPriceCents: defined(criteria.MaxPrice),
    newOnly: criteria.newOnly,
    isFree: criteria.isFree,
  };
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as Partial<typeof filters>;
}
