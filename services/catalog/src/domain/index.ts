/** The catalog's business rules: pure functions, called by routes and flows. */
export * from './age-rating';
export * from './price-types';
export * from './reading-access';
export * from './geo-restriction';
export * from './publish-status';
export * from './product-types';
export * from './readable-url';
export * from './money';
