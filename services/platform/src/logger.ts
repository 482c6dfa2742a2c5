import pino, { type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs; `LOG_LEVEL` sets the level (default info, as the spec's constants say). */
export function createLogger(name: string, level: string): Logger {
  return pino({
    name,
    level,
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.Password', '*.refresh_token'],
      censor: '[redacted]',
    },
  });
}
