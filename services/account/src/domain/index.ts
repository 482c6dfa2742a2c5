export * from './base64';
export * from './email';
export * from './messages';
export * from './password';
export * from './settings';
export * from './throttle';
export * from './links';
