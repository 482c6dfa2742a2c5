/** The largest ordinal a row may have: Postgres integer (int4), as the contracts' `order` fields allow. */
const INT4_MAX = 2_147_483_647;

/**
 * SQL for the ordinal after the last of `table`'s rows (0 for the first): what a new home-page item
 * gets when no order is asked for. Staff may order an item last with the largest ordinal there is,
 * so the next one shares it rather than overflowing (an integer overflow would fail the insert).
 */
export function nextOrdinalSql(table: 'carousels' | 'html_components' | 'wheel_groups'): string {
  // Not LEAST(max(ordinal), …): LEAST ignores NULL, so an empty table would start at the largest.
  return `(SELECT CASE WHEN max(ordinal) IS NULL THEN 0 ELSE LEAST(max(ordinal), ${INT4_MAX - 1}) + 1 END FROM ${table})`;
}
