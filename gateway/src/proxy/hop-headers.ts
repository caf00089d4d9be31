import type { IncomingHttpHeaders } from 'node:http';

/**
 * Headers that describe one connection, never the message (RFC 9110 §7.6.1), plus `expect`:
 * Node has answered `100-continue` already. undici refuses `keep-alive`, `upgrade`,
 * `transfer-encoding` and `expect` on a request outright, so one a browser sends must not
 * reach it.
 */
const HOP_BY_HOP: readonly string[] = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
  'te',
  'expect',
];
const HOP_BY_HOP_NAMES: ReadonlySet<string> = new Set(HOP_BY_HOP);

/** The header names a `Connection` header lists, which end at this hop too. */
function connectionListed(connection: unknown): string[] {
  if (typeof connection !== 'string') return [];
  return connection
    .toLowerCase()
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/**
 * `headers` without the hop-by-hop ones and those its `Connection` header names. Changes
 * `headers` in place (reply-from hands over a copy of the browser's) and returns it. Looks the
 * few names up rather than walking every header: this runs on every forwarded request.
 */
function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  if (headers.connection !== undefined) {
    for (const name of connectionListed(headers.connection)) delete headers[name];
  }
  for (const name of HOP_BY_HOP) if (headers[name] !== undefined) delete headers[name];
  return headers;
}

/**
 * A browser's request headers as the upstream gets them: no hop-by-hop headers (only
 * `te: trailers` may travel on, RFC 9110 §10.1.4) and the browser's address appended to
 * `X-Forwarded-For`, as reverse proxies do. `host` is the upstream's, set by reply-from.
 */
export function upstreamRequestHeaders(
  headers: IncomingHttpHeaders,
  clientIp: string,
): IncomingHttpHeaders {
  const trailers = headers.te === 'trailers';
  withoutHopByHop(headers);
  if (trailers) headers.te = 'trailers';
  const previous = headers['x-forwarded-for'];
  headers['x-forwarded-for'] =
    previous === undefined || previous === '' ? clientIp : `${previous}, ${clientIp}`;
  return headers;
}

/**
 * The upstream's answer headers as the browser gets them: its connection (`keep-alive`,
 * `connection: close`) is the gateway's business, not the browser's. A new object rather than
 * deletions: deleting turns the answer's headers into a slow dictionary for everything that
 * reads them after.
 */
export function browserAnswerHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const { connection } = headers;
  // Most answers say `keep-alive` or `close`: no header names to look for.
  const listed =
    connection === undefined || connection === 'keep-alive' || connection === 'close'
      ? undefined
      : connectionListed(connection);
  const kept: IncomingHttpHeaders = {};
  for (const name in headers) {
    if (HOP_BY_HOP_NAMES.has(name) || listed?.includes(name)) continue;
    kept[name] = headers[name];
  }
  return kept;
}
