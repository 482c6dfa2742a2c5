import { Type, type Static } from '@sinclair/typebox';
import { DomainError, EnvelopeOf, success, UnixTime, type App, type ServiceContext } from '@inkwell/platform';
import { MESSAGES } from '../domain/messages';
import { insertIngestedEvent } from '../store/ingested-events';

/**
 * What the storefront posts for each analytics event (storefront spec §3 "Analytics event"):
 * session id and user proxy are MD5 hex digests made in the browser.
 */
const Md5 = Type.String({ pattern: '^[a-fA-F0-9]{32}$', errorMessage: MESSAGES.notMd5 });

export const AnalyticsEventBody = Type.Object({
  version: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Number()])),
  sessionId: Md5,
  userProxy: Md5,
  timestamp: Type.Optional(Type.Union([UnixTime(), Type.String({ format: 'date-time' })])),
  eventName: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' }),
  path: Type.Optional(Type.String({ maxLength: 2048 })),
  extraData: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});

export type AnalyticsEvent = Static<typeof AnalyticsEventBody>;

const Accepted = EnvelopeOf(Type.Null());
const MAX_PAYLOAD_BYTES = 8 * 1024;

function clientTime(timestamp: AnalyticsEvent['timestamp']): string | null {
  if (timestamp === undefined) return null;
  // Unix seconds or milliseconds, or an ISO string.
  const date = typeof timestamp === 'number' ? new Date(timestamp < 1e12 ? timestamp * 1000 : timestamp) : new Date(timestamp);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export async function ingestionRoutes(app: App, context: ServiceContext): Promise<void> {
  const channels = [
    ['/api/analytics/sendEvent', 'store'],
    ['/api/analytics/sendReaderEvent', 'reader'],
    ['/api/analytics/updateCart', 'cart'],
  ] as const;
  for (const [url, channel] of channels) {
    app.post(url, {
      schema: { tags: ['analytics'], summary: `Record a ${channel} event from the storefront`, body: AnalyticsEventBody, response: { 200: Accepted } },
      handler: async (request) => {
        const event = request.body;
        const payload = JSON.stringify(event.extraData ?? {});
        if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
          throw new DomainError(413, 'PayloadTooLarge', MESSAGES.extraDataTooLarge, { field: 'extraData' });
        }
        await insertIngestedEvent(context.db, {
          channel,
          eventName: event.eventName,
          sessionId: event.sessionId.toLowerCase(),
          userProxy: event.userProxy.toLowerCase(),
          path: event.path ?? null,
          payload,
          clientTime: clientTime(event.timestamp),
        });
        return success(null);
      },
    });
  }
}
