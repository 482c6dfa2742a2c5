/**
 * The catalog's business rules: pure functions, called by routes and flows. Those the reader
 * applies to what it opens too live in @inkwell/contracts; the publish rules are the catalog's own.
 */
export * from '@inkwell/contracts/catalog-rules';
export * from './publish-rules';
