/** The reader's rules: pure functions, called by routes and stores. */
export * from './entitlements';
export * from './messages';
export * from './neighbours';
export * from './page-links';
export * from './progress';
export * from './reading-access';
export * from './shelf-order';
export * from './viewer';
