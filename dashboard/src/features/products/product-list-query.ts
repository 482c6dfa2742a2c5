/**
 * The product list's filters as they live in the URL (text values) and as the list call takes them
 * (spec §7 filters; §5: Digital is 0 and Print 1, and includeChapters passes the staff's choice).
 */
import { PRODUCT_SORT_FIELDS, PRODUCT_STATUSES, type ProductListQuery } from '@inkwell/contracts/dashboard-products';
import type { PageParams } from '@/components/data-table';

export const PRODUCT_FILTER_KEYS = ['status', 'distribution', 'removed', 'onSale', 'chapters', 'bundles'] as const;
export type ProductFilterKey = (typeof PRODUCT_FILTER_KEYS)[number];

const DISTRIBUTION_CODES = { Digital: 0, Print: 1 } as const;

export function productListQuery(params: PageParams<ProductFilterKey>): ProductListQuery {
  const { filters, sort } = params;
  const status = PRODUCT_STATUSES.find((name) => name === filters.status);
  const distribution = filters.distribution === 'Digital' || filters.distribution === 'Print' ? DISTRIBUTION_CODES[filters.distribution] : undefined;
  const sortBy = PRODUCT_SORT_FIELDS.find((field) => field === sort?.id);
  return {
    query: params.search || undefined,
    start: (params.page - 1) * params.pageSize,
    count: params.pageSize,
    publishStatus: status,
    distributionType: distribution,
    includeRemoved: filters.removed === 'yes' || status === 'Removed' || undefined,
    showOnlyOnSale: filters.onSale === 'yes' || undefined,
    // Chapters are listed unless staff leave them out.
    includeChapters: filters.chapters === 'no' ? false : true,
    includeBundles: filters.bundles === 'yes' || undefined,
    sortBy,
    sortDirection: sortBy ? (sort?.desc ? 'desc' : 'asc') : undefined,
  };
}
