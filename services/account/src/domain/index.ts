export * from './base64';
export * from './messages';
export * from './settings';
export * from './throttle';
export * from './links';
