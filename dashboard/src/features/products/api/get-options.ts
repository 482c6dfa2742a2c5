/** What a product's pickers search as staff type: IP tags and series by name. */
import type { DashboardIpTag, SeriesListRow } from '@inkwell/contracts/dashboard-catalogue';
import type { Paginated } from '@inkwell/contracts/dashboard';
import type { FieldOption } from '@/components/form/options';
import { staffApi } from '@/lib/staff-api';

const OPTION_COUNT = 20;

/** IP tags matching what staff typed (`GET /dashboard/ipTags?query`). */
export async function loadIpTagOptions(search: string, signal: AbortSignal): Promise<FieldOption<number>[]> {
  const tags = await staffApi.get<DashboardIpTag[]>('/dashboard/ipTags', { query: { query: search || undefined, count: OPTION_COUNT }, signal });
  return tags.map((tag) => ({ id: tag.id, label: tag.name }));
}

/** Series matching what staff typed, for a product's series. */
export async function loadSeriesOptions(search: string, signal: AbortSignal): Promise<FieldOption<number>[]> {
  const page = await staffApi.get<Paginated<SeriesListRow>>('/dashboard/series', { query: { query: search || undefined, count: OPTION_COUNT }, signal });
  return page.items.map((series) => ({ id: series.id, label: series.title, detail: `#${series.id} · ${series.status}` }));
}
