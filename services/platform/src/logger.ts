import pino, { type Logger } from 'pino';
import { activeSpanIds } from './observability/propagation';

export type { Logger };

const NO_SPAN = Object.freeze({});

/**
 * Structured JSON logs; `LOG_LEVEL` sets the level (default info, as the spec's constants say).
 * A line written while a span is active carries its `trace_id` and `span_id`, so a trace's logs
 * can be found from the trace and the other way round.
 */
export function createLogger(name: string, level: string): Logger {
  return pino({
    name,
    level,
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => activeSpanIds() ?? NO_SPAN,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.Password', '*.refresh_token'],
      censor: '[redacted]',
    },
  });
}
