import type { IncomingHttpHeaders } from 'node:http';
import * as zlib from 'node:zlib';

/**
 * Compression of the micro-cache's shared answers, once per answer and encoding instead of once
 * per browser.
 *
 * @fastify/compress (registered in server.ts) compresses every answer whose reply has no
 * `content-encoding` yet, so a cached trade list would be gzipped or brotli'd again on
 * every hit. Here a shared answer is compressed the first time a browser asks for it in a given
 * encoding, the bytes are kept beside the answer, and every later browser is sent them with
 * `content-encoding` set, which makes @fastify/compress's onSend hook pass them through untouched
 * ("response is already compressed").
 *
 * Which encoding, and whether to compress at all, is decided the way @fastify/compress decides
 * with the options server.ts gives it (its defaults): the same encodings in the same order of
 * preference, the same reading of `accept-encoding` (q-values, `identity`, `*` and `x-gzip` as
 * gzip), the same 1024-byte threshold. Whenever it would not compress, or might decide in a way
 * not mirrored here (a type only mime-db knows as compressible, a body that already looks
 * compressed), the plain answer is returned and @fastify/compress does exactly what it did
 * before. Changing the compress options in server.ts means changing them here too.
 */

/** An encoding this module can produce; `identity` is never "produced". */
export type ContentCoding = 'zstd' | 'br' | 'gzip' | 'deflate';

/** One way to send an answer: the headers to set and the bytes to send. */
export interface Representation {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

/** A shared answer as the cache holds it (the object's identity keys its compressed forms). */
export interface CompressibleAnswer extends Representation {
  readonly status: number;
}

/** Compresses `body` in `coding`. */
export type CompressBody = (coding: ContentCoding, body: Buffer) => Promise<Buffer>;

export interface PrecompressorOptions {
  /** Bodies smaller than this are sent plain; default 1024, @fastify/compress's default. */
  readonly threshold?: number;
  /** The compression itself (tests count calls through it); default `compressBody`. */
  readonly compress?: CompressBody;
}

export interface Precompressor {
  /**
   * How to send `answer` to a request with `requestHeaders`: the answer itself (plain), or its
   * compressed form with `content-encoding` and `vary: accept-encoding`. The first request for a
   * given answer and encoding compresses it; every other one — including those arriving while
   * that compression runs — gets the same bytes.
   *
   * @throws (rejects with) the compression's error; the next request tries again.
   */
  representation(
    answer: CompressibleAnswer,
    requestHeaders: IncomingHttpHeaders,
  ): Promise<Representation>;
}

/** Default threshold of @fastify/compress: smaller bodies are not worth a compression. */
export const DEFAULT_THRESHOLD = 1024;

/** `zlib.zstdCompress` where the runtime has it (Node 22.15+, 23.8+); @types/node 20 lacks it. */
const zstdCompress = (
  zlib as unknown as {
    zstdCompress?: (body: Buffer, callback: (error: Error | null, result: Buffer) => void) => void;
  }
).zstdCompress;

/**
 * The encodings @fastify/compress offers, best first: zstd where zlib can stream it (as it
 * tests), then br, gzip, deflate, identity. The negotiation breaks ties by this order.
 */
const SUPPORTED: readonly (ContentCoding | 'identity')[] =
  typeof (zlib as { createZstdCompress?: unknown }).createZstdCompress === 'function'
    ? ['zstd', 'br', 'gzip', 'deflate', 'identity']
    : ['br', 'gzip', 'deflate', 'identity'];

/**
 * Brotli quality 5 rather than @fastify/compress's per-request 4: on the mock's trade list and
 * kline it is 7–11 % smaller for ~0.1 ms more CPU, paid once per answer, not once per browser.
 * Quality 11 would cost tens of milliseconds of a thread per answer: not worth it for a TTL of
 * a second. gzip and deflate keep zlib's default level (6), zstd its default (3), as
 * @fastify/compress does.
 */
const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
};

/**
 * Compresses `body` in `coding`, in libuv's threadpool. Asynchronous on purpose although it runs
 * only once per answer and encoding (once per TTL for a stored answer): answers can be large
 * (gzipping 1 MB takes some 20–40 ms on a 2-core host), and the event loop also carries every
 * browser's realtime socket, which must not stall. The browsers asking meanwhile wait for the
 * same compression; none starts another.
 */
export const compressBody: CompressBody = (coding, body) =>
  new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    switch (coding) {
      case 'br':
        return zlib.brotliCompress(body, BROTLI_OPTIONS, done);
      case 'gzip':
        return zlib.gzip(body, done);
      case 'deflate':
        return zlib.deflate(body, done);
      case 'zstd':
        return zstdCompress
          ? zstdCompress(body, done)
          : reject(new Error('zstd is not available in this Node.js'));
    }
  });

/**
 * The types @fastify/compress compresses without consulting mime-db (its
 * `defaultCompressibleTypes`): text other than event streams, JSON, XML, octet streams.
 */
const COMPRESSIBLE_TYPES =
  /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)|octet-stream(?:;|$)/u;

/** What @fastify/compress reads `*` and `x-gzip` as. */
const GZIP_ALIASES = /\*|x-gzip/gu;

/**
 * The encoding @fastify/compress picks for an `accept-encoding` header: among the supported
 * encodings the client accepts (q > 0), the highest q-value, ties going to the earlier one in
 * `SUPPORTED`; `identity` means "do not compress" and `null` that nothing acceptable is
 * supported (both send the body plain). `*` and `x-gzip` count as gzip, as there.
 */
export function negotiateEncoding(
  acceptEncoding: string | undefined,
): ContentCoding | 'identity' | null {
  if (acceptEncoding === undefined) return null;
  let best: ContentCoding | 'identity' | null = null;
  let bestQuality = 0;
  let bestRank = Number.POSITIVE_INFINITY;
  for (const part of acceptEncoding.toLowerCase().replace(GZIP_ALIASES, 'gzip').split(',')) {
    const [token = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const rank = SUPPORTED.indexOf(token as ContentCoding);
    if (rank === -1) continue;
    const quality = qualityOf(parameters);
    if (quality <= 0 || quality < bestQuality) continue;
    if (quality > bestQuality || rank < bestRank) {
      best = SUPPORTED[rank] ?? null;
      bestQuality = quality;
      bestRank = rank;
    }
  }
  return best;
}

/** The q-value among an `accept-encoding` element's parameters: 1 when absent, 0 if unreadable. */
function qualityOf(parameters: readonly string[]): number {
  const q = parameters.find((parameter) => /^q\s*=/u.test(parameter));
  if (q === undefined) return 1;
  const value = Number.parseFloat(q.slice(q.indexOf('=') + 1).trim());
  return Number.isNaN(value) ? 0 : value;
}

/** Creates a precompressor whose compressed forms live exactly as long as their answers. */
export function createPrecompressor(options: PrecompressorOptions = {}): Precompressor {
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const compress = options.compress ?? compressBody;
  // Keyed by the answer object the micro-cache hands out: a compressed form is collected with
  // its answer once the cache has dropped it (TTL, eviction) and no reply still holds it. So
  // memory stays bounded by the cache's budget: at most one form per encoding per live answer,
  // each a tenth to a fifth of a JSON body (never much more than the body itself).
  const forms = new WeakMap<CompressibleAnswer, Map<ContentCoding, Promise<Representation>>>();

  return {
    async representation(answer, requestHeaders) {
      const coding = codingFor(answer, requestHeaders, threshold);
      if (coding === undefined) return answer;
      let byCoding = forms.get(answer);
      if (!byCoding) {
        byCoding = new Map();
        forms.set(answer, byCoding);
      }
      let form = byCoding.get(coding);
      if (!form) {
        const pending = compress(coding, answer.body).then(
          (body): Representation => ({ headers: compressedHeaders(answer.headers, coding), body }),
        );
        form = pending;
        byCoding.set(coding, pending);
        // A failed compression is not kept: the next request tries again.
        pending.catch(() => {
          if (byCoding?.get(coding) === pending) byCoding.delete(coding);
        });
      }
      return form;
    },
  };
}

/**
 * The encoding to send `answer` in, or `undefined` to send it plain and leave the decision to
 * @fastify/compress. Its conditions, in its order: `x-no-compression`, partial content, a type
 * it compresses (what Fastify defaults a Buffer to: octet-stream), the negotiated encoding, the
 * threshold, and a body that already looks gzip- or deflate-compressed (which it passes through
 * as it is).
 */
function codingFor(
  answer: CompressibleAnswer,
  requestHeaders: IncomingHttpHeaders,
  threshold: number,
): ContentCoding | undefined {
  if (requestHeaders['x-no-compression'] !== undefined) return undefined;
  if (answer.status === 206 || answer.headers['content-range'] !== undefined) return undefined;
  if (!COMPRESSIBLE_TYPES.test(answer.headers['content-type'] ?? 'application/octet-stream')) {
    return undefined;
  }
  const coding = negotiateEncoding(single(requestHeaders['accept-encoding']));
  if (coding === null || coding === 'identity') return undefined;
  if (answer.body.byteLength < threshold || looksCompressed(answer.body)) return undefined;
  if (coding === 'zstd' && !zstdCompress) return undefined;
  return coding;
}

/** The answer's headers with `content-encoding`, and `accept-encoding` added to `vary`. */
function compressedHeaders(
  headers: Readonly<Record<string, string>>,
  coding: ContentCoding,
): Record<string, string> {
  const vary = headers.vary;
  return {
    ...headers,
    'content-encoding': coding,
    vary:
      vary === undefined || vary === ''
        ? 'accept-encoding'
        : vary.toLowerCase().includes('accept-encoding')
          ? vary
          : `${vary}, accept-encoding`,
  };
}

/** @fastify/compress's `isGzip` or `isDeflate` (RFC 1952 and RFC 1950 headers). */
function looksCompressed(body: Buffer): boolean {
  const [first = 0, second = 0, third = 0] = body;
  const gzip = body.length > 2 && first === 0x1f && second === 0x8b && third === 0x08;
  const deflate =
    body.length > 1 &&
    (first & 0x0f) === 0x08 &&
    (first & 0x80) === 0 &&
    ((first << 8) + second) % 31 === 0;
  return gzip || deflate;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}
