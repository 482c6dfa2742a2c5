import { PRODUCT_TYPE_CODES, PUBLISH_STATUS_CODES } from '../domain';

/**
 * SQL forms of the storefront visibility rule (`storefrontVisibility` in the domain), for queries
 * that filter many rows at once. `visibility.test.ts` checks both forms agree on every status.
 * `alias` is the table alias of products or series.
 */
const VISIBLE_ALWAYS = [PUBLISH_STATUS_CODES.Published, PUBLISH_STATUS_CODES.ScheduledPreOrder, PUBLISH_STATUS_CODES.ScheduledComingSoon];

/** Reachable by a direct link (listed or unlisted). */
export function reachableSql(alias: string): string {
  return `(${alias}.status IN (${VISIBLE_ALWAYS.join(', ')}) OR (${alias}.status = ${PUBLISH_STATUS_CODES.Scheduled} AND ${alias}.publish_date <= now()))`;
}

/** Shown in lists: reachable and not unlisted. */
export function listedSql(alias: string): string {
  return `(${reachableSql(alias)} AND NOT ${alias}.unlisted)`;
}

/** Series have no publish date of their own: scheduled series count once published. */
export function seriesReachableSql(alias: string): string {
  return `(${alias}.status IN (${VISIBLE_ALWAYS.join(', ')}))`;
}

export function seriesListedSql(alias: string): string {
  return `(${seriesReachableSql(alias)} AND NOT ${alias}.unlisted)`;
}

export const CHAPTER_TYPE_CODE = PRODUCT_TYPE_CODES.Chapter;
