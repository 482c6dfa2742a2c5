import { BadRequestError, paginate, type Paginated, type Queryable } from '@inkwell/platform';
import { PUBLISH_STATUS_CODES, publishStatusFromCode, type CodedPublishStatus } from '../domain';
import { publishStatusFilterMessage } from '../domain/messages';

/** Rows a dashboard list page holds when the call does not say. */
export const DEFAULT_PAGE_SIZE = 25;

export interface PageRequest {
  start?: number | undefined;
  count?: number | undefined;
}

/** A `start` row offset and a `count` as a page of the spec's paginated result (pages from 1). */
export function pageWindow(request: PageRequest): { offset: number; limit: number; pageNumber: number } {
  const limit = request.count ?? DEFAULT_PAGE_SIZE;
  const offset = request.start ?? 0;
  return { offset, limit, pageNumber: Math.floor(offset / limit) + 1 };
}

export function pageOf<T>(items: T[], window: { limit: number; pageNumber: number }, filtered: number, unfiltered: number): Paginated<T> {
  return paginate(items, { pageNumber: window.pageNumber, pageSize: window.limit }, filtered, unfiltered);
}

/** An ILIKE pattern finding `query` anywhere, its own % and _ taken literally; null for no query. */
export function containsPattern(query: string | undefined): string | null {
  const text = query?.trim();
  if (!text) return null;
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The publishStatus filter: a status name ('Published') or its code ('4'); anything else is refused naming the field. */
export function parsePublishStatusFilter(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const text = value.trim();
  if (/^[0-9]+$/.test(text) && publishStatusFromCode(Number(text)) !== undefined) return Number(text);
  const byName = Object.entries(PUBLISH_STATUS_CODES).find(([name]) => name.toLowerCase() === text.toLowerCase());
  if (byName) return byName[1];
  throw new BadRequestError(publishStatusFilterMessage(Object.keys(PUBLISH_STATUS_CODES)));
}

/** The stored status code as its name; codes the spec does not list read as Draft. */
export function statusName(code: number): CodedPublishStatus {
  return publishStatusFromCode(code) ?? 'Draft';
}

/** The ids of `ids` that `table` lacks, for refusing references to rows that do not exist. */
export async function missingIds(db: Queryable, table: 'genres' | 'publishers' | 'imprints' | 'ip_tags' | 'creators' | 'products' | 'series' | 'bundles', ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: number }>(`SELECT id FROM ${table} WHERE id = ANY($1::bigint[])`, [[...new Set(ids)]]);
  const found = new Set(rows.map((row) => Number(row.id)));
  return [...new Set(ids)].filter((id) => !found.has(id));
}

/** Country codes of `codes` that are not restricted-territory codes. */
export async function unknownTerritories(db: Queryable, codes: readonly string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const { rows } = await db.query<{ code: string }>('SELECT code FROM restricted_territories WHERE code = ANY($1::text[])', [[...new Set(codes)]]);
  const known = new Set(rows.map((row) => row.code));
  return [...new Set(codes)].filter((code) => !known.has(code));
}
