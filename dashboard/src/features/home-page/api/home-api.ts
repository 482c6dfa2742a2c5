/**
 * The Home page area's calls (dashboard spec §7 "Home page"): the wheel's groups and the home
 * settings, the ordered save of §4, reorder moves, the top type and the messaging bar, and the
 * image picker's catalogue covers and banners (beyond the spec).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated } from '@inkwell/contracts/dashboard';
import type { SeriesListRow } from '@inkwell/contracts/dashboard-catalogue';
import type { HomeEntries, HomeImageChoice, HomepageMessaging, WheelReorder, WheelSave } from '@inkwell/contracts/dashboard-merchandising';
import type { ProductListPage } from '@inkwell/contracts/dashboard-products';
import type { FieldOption } from '@/components/form/options';
import { staffApi } from '@/lib/staff-api';

export const homeEntriesKey = ['dashboard', 'home', 'entries'] as const;

/** `GET /dashboard/home/entry`: the groups in order (removed ones last), the top type and the messaging bar. */
export function getHomeEntries({ signal }: { signal?: AbortSignal } = {}): Promise<HomeEntries> {
  return staffApi.get<HomeEntries>('/dashboard/home/entry', { signal });
}

export function useHomeEntries() {
  return useQuery(queryOptions({ queryKey: homeEntriesKey, queryFn: ({ signal }) => getHomeEntries({ signal }), staleTime: 0 }));
}

/** `POST /dashboard/home/entry/alter`: adds, removals, edits, publishes/unpublishes/restores, schedules, in one transaction (§4). */
export function saveWheel(body: WheelSave): Promise<unknown> {
  return staffApi.post<unknown>('/dashboard/home/entry/alter', body);
}

/** `POST /dashboard/home/entry/reOrder`: per item, id, oldOrder and newOrder (§4). */
export function reorderWheel(body: WheelReorder): Promise<unknown> {
  return staffApi.post<unknown>('/dashboard/home/entry/reOrder', body);
}

/** `POST /dashboard/homepage/top?typeId` (0 Thumbnail, 1 Banner). */
export function setTopType(typeId: 0 | 1): Promise<unknown> {
  return staffApi.post<unknown>('/dashboard/homepage/top', undefined, { query: { typeId } });
}

/** `POST /dashboard/homepage/messaging/set`. */
export function setMessaging(body: HomepageMessaging): Promise<unknown> {
  return staffApi.post<unknown>('/dashboard/homepage/messaging/set', body);
}

/** `GET /dashboard/home/images?query&count`: catalogue covers and uploaded banners. */
export function getHomeImages(query: string, signal?: AbortSignal): Promise<HomeImageChoice[]> {
  return staffApi.get<HomeImageChoice[]>('/dashboard/home/images', { query: { query: query || undefined, count: 48 }, signal });
}

export const homeImagesKey = ['dashboard', 'home', 'images'] as const;

export function useHomeImages(query: string) {
  return useQuery({ queryKey: [...homeImagesKey, query], queryFn: ({ signal }) => getHomeImages(query, signal), staleTime: 30_000 });
}

const OPTION_COUNT = 20;

/** Products (not bundles) matching what staff typed, for an item's product. */
export async function loadProductOptions(search: string, signal: AbortSignal): Promise<FieldOption<number>[]> {
  const page = await staffApi.get<ProductListPage>('/dashboard/product', { query: { query: search || undefined, count: OPTION_COUNT, includeBundles: false }, signal });
  return page.items.map((product) => ({ id: product.id, label: product.name, detail: `#${product.id} · ${product.status}` }));
}

/** Series matching what staff typed, for an item's series. */
export async function loadSeriesOptions(search: string, signal: AbortSignal): Promise<FieldOption<number>[]> {
  const page = await staffApi.get<Paginated<SeriesListRow>>('/dashboard/series', { query: { query: search || undefined, count: OPTION_COUNT }, signal });
  return page.items.map((series) => ({ id: series.id, label: series.title, detail: `#${series.id} · ${series.status}` }));
}
