/**
 * What the gateway itself says to clients (the services say the rest): kept here so each message
 * is written once and a test finds it by name.
 */
export const SERVICE_UNAVAILABLE_MESSAGE = 'This part of the store is temporarily unavailable. Please try again in a moment.';
export const SERVICES_NOT_READY_MESSAGE = 'One or more services are not ready.';
export const tooManyRequestsMessage = (seconds: number) => `Too many requests. Please wait ${seconds} seconds and try again.`;
export const noSuchApiCallMessage = (method: string, pathname: string) => `No such API call: ${method} ${pathname}`;
export const notFoundMessage = (method: string, pathname: string) => `Not found: ${method} ${pathname}`;
/** A frontend's files are missing: the build has not run. */
export const notBuiltMessage = (frontend: 'storefront' | 'dashboard') => `The ${frontend} has not been built yet: run npm run build.`;
export const uploadTooLargeMessage = (megabytes: number) => `The upload is larger than the ${megabytes} MB a comic archive may be.`;
export const spreadsheetsTooLargeMessage = (files: number, megabytes: number) => `The upload is larger than ${files} spreadsheets of ${megabytes} MB each.`;
export const bannerTooLargeMessage = (megabytes: number) => `A banner may be at most ${megabytes} MB.`;
