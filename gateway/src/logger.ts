import { type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

/** Where log lines go instead of stdout (tests capture them). */
export interface LogStream {
  write(line: string): void;
}

const CENSOR = '[redacted]';

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

/** Query parameter names that carry a secret: `token`, `access_token`, `apiKey`, `sig`, … */
const SECRET_NAME =
  /token|auth|secret|passw|pwd|session|signature|jwt|bearer|credential|api[-_]?key|access[-_]?key|(^|[-_])(sid|sig|key)$/i;
/** A value that looks like a credential whatever its name: long, opaque, letters and digits. */
const SECRET_VALUE = /^(?=[^\d]*\d)(?=[^a-z]*[a-z])[\w.~+/=-]{24,}$/i;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * `url` with the value of every token-like query parameter (split at `&` or `;`) replaced by
 * `[redacted]`: one named like a secret (`?token=`, `?access_token=`, `?apiKey=`…) or whose value looks like one. The
 * rest is kept as sent, so the log still says which call it was.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const hash = url.indexOf('#', at);
  const query = url.slice(at + 1, hash === -1 ? undefined : hash);
  // `;` separates parameters too for many servers (and for Fastify's `useSemicolonDelimiter`):
  // split on both, and keep each separator as it was.
  const redacted = query
    .split(/([&;])/)
    .map((pair, index) => {
      if (index % 2 === 1) return pair;
      const equals = pair.indexOf('=');
      if (equals === -1) return SECRET_VALUE.test(decoded(pair)) ? CENSOR : pair;
      const name = pair.slice(0, equals);
      const value = decoded(pair.slice(equals + 1));
      return SECRET_NAME.test(decoded(name)) || SECRET_VALUE.test(value)
        ? `${name}=${CENSOR}`
        : pair;
    })
    .join('');
  return `${url.slice(0, at + 1)}${redacted}${hash === -1 ? '' : url.slice(hash)}`;
}

/** Fastify's request serializer, with the URL's secrets redacted. */
function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    // Whatever else is logged as `req` passes too, its URL redacted when it has one.
    url: typeof request.url === 'string' ? redactUrl(request.url) : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Pino options of the gateway's logger: JSON lines at `level`, secrets censored. */
export function loggerOptions(
  level: string,
  stream?: LogStream,
): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    redact: { paths: [...REDACTED_PATHS], censor: CENSOR },
    serializers: { req: requestSerializer },
    ...(stream ? { stream } : {}),
  };
}

/** Fastify's own log lines, its "route not found" with the URL redacted like every other. */
export class RedactingLogController extends LogController {
  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    const { method, url = '' } = request.raw;
    request.log.info(`Route ${method}:${redactUrl(url)} not found`);
  }
}
