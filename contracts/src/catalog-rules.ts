/**
 * The catalogue's rules of the storefront spec (age ratings, price types, publish status, geo
 * restriction, reading access, readable URLs, money): pure functions with the spec's words written
 * once. The catalog applies them to what it serves and the reader to what it opens, so the store and
 * the reader never disagree; both import them from here, as neither service imports the other.
 */
export * from './catalog-rules/age-rating';
export * from './catalog-rules/price-types';
export * from './catalog-rules/reading-access';
export * from './catalog-rules/geo-restriction';
export * from './catalog-rules/publish-status';
export * from './catalog-rules/product-types';
export * from './catalog-rules/readable-url';
export * from './catalog-rules/money';
