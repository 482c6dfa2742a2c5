/*
 * The catalog's storefront answer shapes are the public API's contract, defined once in
 * `@inkwell/contracts/catalog` (the route schemas and the storefront both use them).
 */
export type * from '@inkwell/contracts/catalog';
export type { SearchResultView } from '@inkwell/contracts/search';
