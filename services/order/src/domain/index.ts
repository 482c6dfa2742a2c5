/** The order service's rules: pure functions and ports, called by routes and flows. */
export * from './address';
export * from './address-verification';
export * from './countries';
export * from './money';
export * from './order-status';
export * from './shipping';
export * from './split';
export * from './tax';
export * from './purchase-state';
export * from './messages';
export * from './order-edit';
export * from './refund-rules';
export * from './delivery-estimate';
