export * from './backoff';
export * from './poller';
export * from './polled-queue';
