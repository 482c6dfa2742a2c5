import pino, { type Logger } from 'pino';
import { activeSpanIds } from './observability/propagation';

export type { Logger };

/**
 * pino's error fields without the connection node-pg hangs on the errors of its pool (`client`):
 * its whole state (statements, type parsers, socket) made one warning line several kilobytes long.
 */
function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  if (serialized && typeof serialized === 'object') delete serialized.client;
  return serialized;
}

/**
 * Structured JSON logs; `LOG_LEVEL` sets the level (default info, as the spec's constants say).
 * A line written while a span is active carries its `trace_id` and `span_id`, so a trace's logs
 * can be found from the trace and the other way round.
 */
export function createLogger(name: string, level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    // No `service` here: a service's logger is a child naming it (service.ts), and the key twice made
    // duplicate JSON keys. `name` is the process (the service, or 'inkwell' under npm start).
    base: {},
    timestamp: pino.stdTimeFunctions.isoTime,
    // A new object each time: pino merges the line's own fields into what the mixin returns.
    mixin: () => activeSpanIds() ?? {},
    serializers: { err: serializeError },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.Password', '*.refresh_token'],
      censor: '[redacted]',
    },
  };
  // Standard output unless told otherwise (a test reading the lines).
  return destination ? pino(options, destination) : pino(options);
}
