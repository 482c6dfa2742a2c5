/** What a curated list's pickers search as staff type: products, series and IP tags by name. */
import type { Paginated } from '@inkwell/contracts/dashboard';
import type { DashboardIpTag, SeriesListRow } from '@inkwell/contracts/dashboard-catalogue';
import type { ProductListPage } from '@inkwell/contracts/dashboard-products';
import type { FieldOption } from '@/components/form/options';
import { staffApi } from '@/lib/staff-api';

const OPTION_COUNT = 20;

/** Products (bundles left out) matching what staff typed. */
export async function loadProductOptions(search: string, signal: AbortSignal): Promise<FieldOption<number>[]> {
  const page = await staffApi.get<ProductListPage>('/dashboard/product', { query: { query: search || undefined, count: OPTION_COUNT, includeBundles: false }, signal });
  return page.items.map((product) => ({ id: product.id, label: product.name, detail: `Product #${product.id} · ${product.status}` }));
}

/** Series matching what staff typed. */
export async function loadSeriesOptions(search: string, signal: AbortSignal): Promise<FieldOption<number>[]> {
  const page = await staffApi.get<Paginated<SeriesListRow>>('/dashboard/series', { query: { query: search || undefined, count: OPTION_COUNT }, signal });
  return page.items.map((series) => ({ id: series.id, label: series.title, detail: `Series #${series.id} · ${series.status}` }));
}

/** IP tags matching what staff typed (`GET /dashboard/ipTags?query`). */
export async function loadIpTagOptions(search: string, signal: AbortSignal): Promise<FieldOption<number>[]> {
  const tags = await staffApi.get<DashboardIpTag[]>('/dashboard/ipTags', { query: { query: search || undefined, count: OPTION_COUNT }, signal });
  return tags.map((tag) => ({ id: tag.id, label: tag.name }));
}
