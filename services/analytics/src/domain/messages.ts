/** What the analytics service answers a storefront whose event it refuses. */
export const MESSAGES = {
  notMd5: 'sessionId and userProxy must be 32-character MD5 hex digests.',
  extraDataTooLarge: 'extraData is larger than 8 KB.',
  eventId: 'eventId must be a UUID.',
} as const;
