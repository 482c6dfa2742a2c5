/**
 * Shapes of the catalog's storefront answers (inside the envelope's `response`): the catalog
 * service's own contract, re-exported so the storefront cannot drift from what the service sends.
 * Type-only, so it is erased at build and no service code reaches the bundle. Money is in cents
 * with an ISO currency.
 */
export type * from '@inkwell/catalog/views/types';
