import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Dispatcher, Pool } from 'undici';

export interface ForwarderOptions {
  /** The upstream's origin, e.g. `https://api.example.com`. */
  readonly upstreamUrl: string;
  /** Deadline of one upstream exchange (connect, then headers, then between body chunks). */
  readonly timeoutMs: number;
  /**
   * Answers up to this many bytes (by their `content-length`) are read whole and sent as one
   * buffer; longer or unsized ones are streamed through. Default 64 KiB.
   */
  readonly bufferLimit?: number;
}

/** Forwards browser requests to the upstream over a pool of keep-alive connections. */
export interface Forwarder {
  /**
   * Sends `request` (method, path and query as received, headers, body streamed as it comes) to
   * the upstream and answers with the upstream's status, headers and body.
   *
   * @throws `invalidDestination()` for a path that could leave the upstream's API (dot segments,
   *   an absolute URL); the upstream's error when it cannot answer (see `classifyFailure`).
   */
  forward(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Closes the pool once in-flight exchanges end. */
  close(): Promise<void>;
}

/**
 * Headers that describe one connection, never the message (RFC 9110 §7.6.1), plus `host`, which
 * names the upstream instead, and `expect`: Node has answered `100-continue` already.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
  'te',
  'host',
  'expect',
]);

/** The statuses whose answers never carry a body. */
const BODILESS_STATUSES = new Set([204, 304]);

/**
 * The REST proxy's transport: an undici `Pool` to the upstream's origin. Small answers — every
 * JSON call — are read whole and sent as one buffer, which costs a fraction of piping a stream
 * through Fastify and lets @fastify/compress decide on their real size; images and other large
 * answers stream. The answer's status and headers pass through, minus hop-by-hop headers.
 */
export function createForwarder(options: ForwarderOptions): Forwarder {
  const upstream = new URL(options.upstreamUrl);
  const bufferLimit = options.bufferLimit ?? 64 * 1024;
  const pool = new Pool(upstream.origin, {
    connections: 128,
    pipelining: 1,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    connect: { timeout: options.timeoutMs, rejectUnauthorized: true },
  });

  async function forward(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const path = request.url;
    checkDestination(path);
    const method = request.method;
    const body = request.body as Readable | undefined;
    const answer = await exchange(
      pool,
      {
        path,
        method: method as Dispatcher.HttpMethod,
        headers: upstreamHeaders(request.headers, upstream.host, request.ip),
        body: body ?? null,
      },
      (statusCode, length) =>
        method !== 'HEAD' && !BODILESS_STATUSES.has(statusCode) && length <= bufferLimit,
    );
    if (reply.raw.destroyed) {
      // The browser left while the upstream was answering: nobody reads the rest.
      if (!Buffer.isBuffer(answer.body)) answer.body.destroy();
      return;
    }
    const buffered = Buffer.isBuffer(answer.body);
    const { headers } = answer;
    for (const name in headers) {
      const value = headers[name];
      // A buffered answer's length is set by Fastify (or by compression) from what is sent.
      if (value === undefined || HOP_BY_HOP.has(name) || (buffered && name === 'content-length')) {
        continue;
      }
      reply.header(name, value);
    }
    // An upload the upstream answered before reading it all leaves the browser's connection
    // mid-body: it cannot carry another request.
    if (body !== undefined && !request.raw.complete) reply.header('connection', 'close');
    reply.code(answer.statusCode).send(answer.body);
  }

  return { forward, close: () => pool.close() };
}

/** An upstream answer: its body whole when small, else a stream of it. */
interface Exchanged {
  readonly statusCode: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer | Readable;
}

/**
 * One exchange through undici's dispatcher API, without the async resource, body stream and
 * events `pool.request()` adds to every request: a body `buffer(status, length)` accepts is
 * collected and resolved whole (once read, so that a body cut short rejects), any other is
 * resolved at once as a stream with backpressure towards the upstream.
 */
function exchange(
  pool: Dispatcher,
  options: Dispatcher.DispatchOptions,
  buffer: (statusCode: number, length: number) => boolean,
): Promise<Exchanged> {
  return new Promise((resolve, reject) => {
    let statusCode = 0;
    let headers: IncomingHttpHeaders = {};
    let chunks: Buffer[] | undefined;
    let stream: Readable | undefined;
    let finished = false;
    pool.dispatch(options, {
      // Its presence marks this as a handler of undici's controller API.
      onRequestStart() {},
      onResponseStart(controller, status, received) {
        statusCode = status;
        headers = received;
        if (buffer(status, Number(received['content-length']))) {
          chunks = [];
          return;
        }
        stream = new Readable({
          read: () => controller.resume(),
          destroy: (error, callback) => {
            // A browser that leaves mid-answer ends the upstream exchange too.
            if (!finished) controller.abort(error ?? new Error('answer abandoned'));
            callback(error);
          },
        });
        resolve({ statusCode, headers, body: stream });
      },
      onResponseData(controller, chunk) {
        if (chunks) chunks.push(chunk);
        else if (stream && !stream.push(chunk)) controller.pause();
      },
      onResponseEnd() {
        finished = true;
        if (chunks) {
          const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
          resolve({ statusCode, headers, body });
        } else stream?.push(null);
      },
      onResponseError(_controller, error) {
        finished = true;
        if (stream) stream.destroy(error);
        else reject(error);
      },
    });
  });
}

/** Request headers as the upstream gets them: the browser's, for the upstream's host. */
function upstreamHeaders(
  headers: IncomingHttpHeaders,
  host: string,
  ip: string,
): Record<string, string | string[]> {
  const dropped = connectionListed(headers.connection);
  const out: Record<string, string | string[]> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || HOP_BY_HOP.has(name) || dropped?.has(name)) continue;
    out[name] = value;
  }
  // Only `te: trailers` may travel on (RFC 9110 §10.1.4).
  if (headers.te === 'trailers') out.te = 'trailers';
  out.host = host;
  out['x-forwarded-for'] = forwardedFor(out['x-forwarded-for'], ip);
  return out;
}

/** The header names a `Connection` header lists, which end at this hop too. */
function connectionListed(connection: string | undefined): Set<string> | undefined {
  if (connection === undefined) return undefined;
  const names = connection
    .toLowerCase()
    .split(',')
    .map((name) => name.trim());
  return new Set(names.filter((name) => name !== ''));
}

/** `X-Forwarded-For` with the browser's address appended, as reverse proxies do. */
function forwardedFor(previous: string | string[] | undefined, ip: string): string {
  const before = Array.isArray(previous) ? previous.join(', ') : previous;
  return before === undefined || before === '' ? ip : `${before}, ${ip}`;
}

/** The 400 for a path that tries to leave the proxied prefix. */
export function invalidDestination(): Error & { statusCode: number } {
  return Object.assign(new Error('source/request contain invalid characters'), {
    statusCode: 400,
  });
}

/**
 * Refuses a request path that could reach anything but the API it names on the upstream: an
 * absolute or protocol-relative URL, or a `..` segment however it is spelt (`%2e%2e`, a
 * backslash). The same rules as @fastify/http-proxy's.
 */
export function checkDestination(url: string): void {
  const at = url.indexOf('?');
  const path = (at === -1 ? url : url.slice(0, at))
    .replace(/[\t\n\r\0]/g, '')
    .replaceAll('\\', '/');
  if (!path.startsWith('/') || path.startsWith('//')) throw invalidDestination();
  // The common case, nothing encoded and no dot: nothing to look for.
  if (!path.includes('%') && !path.includes('.')) return;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    throw invalidDestination();
  }
  if (decoded.replaceAll('\\', '/').split('/').includes('..')) throw invalidDestination();
}
