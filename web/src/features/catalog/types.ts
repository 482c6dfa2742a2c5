/**
 * Shapes of the catalog's storefront answers (inside the envelope's `response`): the API's contract,
 * the same one the catalog's routes declare, so the storefront cannot drift from what the service
 * sends. Type-only, so it is erased at build. Money is in cents with an ISO currency.
 */
export type * from '@inkwell/contracts/catalog';
