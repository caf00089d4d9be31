import type { FastifyServerOptions } from 'fastify';

/** Where log lines go instead of stdout (tests capture them). */
export interface LogStream {
  write(line: string): void;
}

/**
 * Fields that never reach a log line: the browser's `authorization` and cookies wherever a
 * request or its headers are logged, and any `token` or `authorization` field up to two levels
 * deep (socket login frames, upstream sessions).
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'authorization',
  'cookie',
  'token',
  '*.token',
  '*.authorization',
  '*.*.token',
] as const;

/** Pino options of the gateway's logger: JSON lines at `level`, secrets censored. */
export function loggerOptions(
  level: string,
  stream?: LogStream,
): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    redact: { paths: [...REDACTED_PATHS], censor: '[redacted]' },
    ...(stream ? { stream } : {}),
  };
}
