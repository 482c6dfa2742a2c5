/** The cart's rules: pure functions, called by routes and stores. */
export * from './cart-id';
export * from './cart-rules';
export * from './cart-status';
export * from './coupon-rules';
export * from './messages';
