/**
 * A curated list as its editor's form holds it, and back: the filter criteria of dashboard spec §3
 * as form fields (a yes/no flag may also be "any", prices are money in the form and cents in the
 * call), the curated items with their names.
 */
import { COMPLETION_STATUSES, type DashboardPublishStatus } from '@inkwell/contracts/dashboard-catalogue';
import { LIST_SORT_LABELS } from '@inkwell/contracts/labels';
import { LIST_SORTS, type CuratedItem, type CuratedList, type CuratedListInput, type FilterCriteria } from '@inkwell/contracts/dashboard-merchandising';
import type { FieldOption } from '@/components/form/options';

export type Flag = 'any' | 'yes' | 'no';
export type AgeRating = 'e' | 'e7' | 'pg' | 't' | 'm';

export interface CuratedListFormValues {
  title: string;
  type: 'Curated' | 'Filtered';
  ctaText: string;
  ctaUrl: string;
  items: CuratedItem[];
  typeIds: number[];
  genres: number[];
  /** -1: the catalogue's default order. */
  sort: number;
  ipTagId: number | null;
  /** 0: any imprint. */
  imprintId: number;
  /** -1: any category. */
  category: number;
  /** -1: any sub category. */
  subCategory: number;
  includeSeries: boolean;
  publishStatus: number[];
  scheduleStatus: number[];
  ageRatings: AgeRating[];
  downloadable: Flag;
  shippable: Flag;
  onSale: Flag;
  free: Flag;
  /** '': any. */
  seriesStatus: string;
  /** In the currency's units (4.99), as staff type money. */
  minPrice: number | null;
  maxPrice: number | null;
  newOnly: boolean;
}

export const ANY = -1;

/** `LIST_SORTS` as choices: 'PublishDateDescending' reads "Publish date, newest first" (the contracts' labels). */
export const SORT_OPTIONS: FieldOption<number>[] = [
  { id: ANY, label: 'Default order' },
  ...Object.entries(LIST_SORTS).map(([name, code]) => ({ id: code, label: LIST_SORT_LABELS[name]! })),
];

/** Dashboard spec §3 "Content kinds" (a product's category). */
export const CATEGORY_OPTIONS: FieldOption<number>[] = [
  { id: ANY, label: 'Any category' },
  { id: 0, label: 'Publication' },
  { id: 1, label: 'Game' },
  { id: 2, label: 'Merchandise' },
  { id: 3, label: 'Bundle' },
];

/** Dashboard spec §3 "Publish status codes". */
export const STATUS_CODE_OPTIONS: FieldOption<number>[] = ['Draft', 'Scheduled', 'ScheduledPreOrder', 'ScheduledComingSoon', 'Published', 'Removed', 'Ended'].map((label, code) => ({
  id: code,
  label,
}));

export const AGE_RATING_OPTIONS: FieldOption<AgeRating>[] = [
  { id: 'e', label: 'E — everyone' },
  { id: 'e7', label: 'E7 — 7 and up' },
  { id: 'pg', label: 'PG — 12 and up' },
  { id: 't', label: 'T — teen, 15 and up' },
  { id: 'm', label: 'M — mature, 18 and up' },
];

export const FLAG_OPTIONS: FieldOption<Flag>[] = [
  { id: 'any', label: 'Either' },
  { id: 'yes', label: 'Yes' },
  { id: 'no', label: 'No' },
];

export const SERIES_STATUS_OPTIONS: FieldOption<string>[] = [{ id: '', label: 'Any series status' }, ...COMPLETION_STATUSES.map((status) => ({ id: status, label: status }))];

export function emptyCuratedListForm(): CuratedListFormValues {
  return {
    title: '',
    type: 'Curated',
    ctaText: '',
    ctaUrl: '',
    items: [],
    typeIds: [],
    genres: [],
    sort: ANY,
    ipTagId: null,
    imprintId: 0,
    category: ANY,
    subCategory: ANY,
    includeSeries: false,
    publishStatus: [],
    scheduleStatus: [],
    ageRatings: [],
    downloadable: 'any',
    shippable: 'any',
    onSale: 'any',
    free: 'any',
    seriesStatus: '',
    minPrice: null,
    maxPrice: null,
    newOnly: false,
  };
}

const toFlag = (value: boolean | undefined): Flag => (value === undefined ? 'any' : value ? 'yes' : 'no');
const fromFlag = (value: Flag): boolean | undefined => (value === 'any' ? undefined : value === 'yes');
const toUnits = (cents: number | null | undefined) => (cents === null || cents === undefined ? null : cents / 100);
const toCents = (units: number | null) => (units === null || Number.isNaN(units) ? null : Math.round(units * 100));

export function curatedListToForm(list: CuratedList): CuratedListFormValues {
  const criteria = list.filterCriteria;
  return {
    title: list.title,
    type: list.type,
    ctaText: list.customCallToActionText ?? '',
    ctaUrl: list.customCallToActionUrl ?? '',
    items: list.curatedItems.map((item) => ({ ...item })),
    typeIds: criteria.typeIds ?? [],
    genres: criteria.genres ?? [],
    sort: criteria.sort ?? ANY,
    ipTagId: criteria.ipTagId ?? null,
    imprintId: criteria.imprintId ?? 0,
    category: criteria.category ?? ANY,
    subCategory: criteria.subCategory ?? ANY,
    includeSeries: criteria.includeSeries ?? false,
    publishStatus: criteria.publishStatus ?? [],
    scheduleStatus: criteria.scheduleStatus ?? [],
    ageRatings: (criteria.ageRatings ?? []) as AgeRating[],
    downloadable: toFlag(criteria.hasDownloadablePriceTypeFlag),
    shippable: toFlag(criteria.hasShippablePriceTypeFlag),
    onSale: toFlag(criteria.isOnSale),
    free: toFlag(criteria.isFree),
    seriesStatus: criteria.SeriesStatus ?? '',
    minPrice: toUnits(criteria.MinPrice),
    maxPrice: toUnits(criteria.MaxPrice),
    newOnly: criteria.newOnly ?? false,
  };
}

/** The criteria as the call takes them: only what staff set (an unset field does not filter). */
export function formToCriteria(values: CuratedListFormValues): FilterCriteria {
  const criteria: FilterCriteria = {};
  if (values.typeIds.length > 0) criteria.typeIds = [...values.typeIds];
  if (values.genres.length > 0) criteria.genres = [...values.genres];
  if (values.sort !== ANY) criteria.sort = values.sort;
  if (values.ipTagId !== null) criteria.ipTagId = values.ipTagId;
  if (values.imprintId > 0) criteria.imprintId = values.imprintId;
  if (values.category !== ANY) criteria.category = values.category;
  if (values.subCategory !== ANY) criteria.subCategory = values.subCategory;
  if (values.includeSeries) criteria.includeSeries = true;
  if (values.publishStatus.length > 0) criteria.publishStatus = [...values.publishStatus];
  if (values.scheduleStatus.length > 0) criteria.scheduleStatus = [...values.scheduleStatus];
  if (values.ageRatings.length > 0) criteria.ageRatings = [...values.ageRatings];
  const downloadable = fromFlag(values.downloadable);
  if (downloadable !== undefined) criteria.hasDownloadablePriceTypeFlag = downloadable;
  const shippable = fromFlag(values.shippable);
  if (shippable !== undefined) criteria.hasShippablePriceTypeFlag = shippable;
  const onSale = fromFlag(values.onSale);
  if (onSale !== undefined) criteria.isOnSale = onSale;
  const free = fromFlag(values.free);
  if (free !== undefined) criteria.isFree = free;
  if (values.seriesStatus) criteria.SeriesStatus = values.seriesStatus;
  const min = toCents(values.minPrice);
  if (min !== null) criteria.MinPrice = min;
  const max = toCents(values.maxPrice);
  if (max !== null) criteria.MaxPrice = max;
  if (values.newOnly) criteria.newOnly = true;
  return criteria;
}

/** The list as `new`, `alter` and `preview` take it. */
export function formToInput(values: CuratedListFormValues): CuratedListInput {
  return {
    title: values.title.trim(),
    type: values.type,
    customCallToActionText: values.ctaText.trim() || null,
    customCallToActionUrl: values.ctaUrl.trim() || null,
    curatedItems: values.items.map(({ kind, id }) => ({ kind, id })),
    // A Curated list shows only its hand-picked items: the filter is a Filtered list's.
    filterCriteria: values.type === 'Filtered' ? formToCriteria(values) : {},
  };
}

/** A stored list as `alter` takes it again (a reorder, an undone removal). */
export function listToInput(list: CuratedList, status?: DashboardPublishStatus): CuratedListInput {
  return {
    id: list.id,
    title: list.title,
    type: list.type,
    customCallToActionText: list.customCallToActionText,
    customCallToActionUrl: list.customCallToActionUrl,
    curatedItems: list.curatedItems.map(({ kind, id }) => ({ kind, id })),
    filterCriteria: list.filterCriteria,
    ...(status === 'Published' || status === 'Draft' ? { status } : {}),
    order: list.order,
  };
}

/** Money the filter takes: empty, or 0 to the contract's most, at most two decimals. */
export function priceProblem(value: number | null): string | true {
  if (value === null) return true;
  if (value < 0) return 'A price cannot be negative.';
  if (Math.round(value * 100) > 2_147_483_647) return 'That price is too large.';
  return true;
}
