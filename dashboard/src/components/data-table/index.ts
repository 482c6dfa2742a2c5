export { DataTable, type DataTableProps } from './data-table';
export { PAGE_SIZES, usePagedQuery, type PagedQuery, type PageParams, type Paginated, type SortState } from './use-paged-query';
