import httpProxy from '@fastify/http-proxy';
import { CODE } from '@pipstream/protocol';
import type {
  FastifyError,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
} from 'fastify';
import { networkOf as defaultNetworkOf, type NetworkOf } from '../network.js';
import type { Metrics } from '../ops/metrics.js';
import { sendAnswer, type UpstreamAnswer } from './answer.js';
import { CACHEABLE_PATHS, cacheKey, pathOf } from './cacheable.js';
import { classifyFailure, failureAnswer, type UpstreamFailure } from './failure.js';
import { browserAnswerHeaders, upstreamRequestHeaders } from './hop-headers.js';
import { PROXY_DEFAULTS } from './limits.js';
import { createMicroCache } from './micro-cache.js';
import { createPrecompressor, type Precompressor } from './precompressed.js';
import { receivedWithin, WholeBody } from './request-body.js';
import { fetchShared, type SharedAnswer } from './shared-fetch.js';
import { createUpstreamPool, Exchange, type Requestable } from './upstream-pool.js';

export interface ProxyOptions {
  /** The upstream's origin, e.g. `https://api.example.com`. */
  readonly upstreamUrl: string;
  /**
   * Deadline of one upstream exchange: the answer's headers within this of the request's arrival
   * (its body whole), waiting for a connection included; then between the answer's body chunks.
   */
  readonly timeoutMs: number;
  /** Largest request body; a larger one is answered 413 and never forwarded. */
  readonly maxBodyBytes?: number;
  /** Time a request body gets to arrive whole; then 408, and the connection is closed. */
  readonly bodyTimeoutMs?: number;
  /** Forwarded requests of one address in the upstream pool at once (upstream-pool.ts). */
  readonly upstreamPerAddress?: number;
  /** The key an address's share of the pool is counted by (default: network.ts's /64). */
  readonly networkOf?: NetworkOf;
  /** How long a shared public answer is reused; 0 keeps none (single-flight still applies). */
  readonly cacheTtlMs: number;
  /** Total size of the kept answers; default 32 MiB. */
  readonly cacheMaxBytes?: number;
  readonly metrics: Metrics;
  /**
   * Compresses a shared answer once per encoding for every browser that accepts it; default:
   * the encodings, preferences and threshold @fastify/compress has as server.ts registers it.
   */
  readonly precompressor?: Precompressor;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A forwarded request's exchange with the upstream: its deadline and abort signal. */
    exchange: Exchange | null;
  }
}

/** Value of the `outcome` label of `gateway_proxy_request_duration_seconds`. */
type Outcome = 'upstream' | 'cache' | 'error';

const ALL_METHODS: HTTPMethods[] = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS'];

/**
 * What is forwarded: the routes of each prefix, by method. `/uploads` serves the images users
 * upload (`image_upload` answers `/uploads/<name>` on the upstream's host), so a browser shows
 * them through the gateway as it would from the upstream: this project's choice. Nothing
 * else — in particular not the mock's `/__control` API — is reachable through the gateway.
 * Paths go to the upstream as they came (no prefix rewritten), so http-proxy is registered
 * without a prefix, as its plain setup is: it has no prefix to walk and decode per request.
 */
const FORWARDED: readonly { routes: string[]; methods: HTTPMethods[] }[] = [
  { routes: ['/api', '/api/*', '/v1/api', '/v1/api/*'], methods: ALL_METHODS },
  { routes: ['/uploads', '/uploads/*'], methods: ['GET', 'HEAD'] },
];

/**
 * The REST proxy: @fastify/http-proxy forwards `/api/*`, `/v1/api/*` (and `GET /uploads/*`)
 * to the upstream unchanged — headers including `lang` and `authorization`, query strings,
 * form and multipart bodies — and refuses a path that would leave its prefix (dot segments
 * however spelt, an absolute URL) with a 400. A body is read whole, within `maxBodyBytes` and
 * `bodyTimeoutMs`, before anything goes upstream: a client sending slowly holds its own
 * connection, never one of the upstream's. Around it, this plugin adds:
 * token-free GETs of the public calls every client makes on open answered from a micro-cache
 * with single-flight; a refused connection answered 502 and a silent upstream 504, each with
 * the `{code, msg, data}` envelope, never a hang; hop-by-hop headers dropped both ways; the
 * upstream request aborted when the browser leaves; one address's share of the upstream pool
 * capped, each request's deadline counted from its arrival; and the duration metric by outcome.
 */
export const proxyRoutes: FastifyPluginAsync<ProxyOptions> = async (app, options) => {
  const { upstreamUrl, timeoutMs, metrics } = options;
  const networkOf = options.networkOf ?? ((ip: string) => defaultNetworkOf(ip));
  const maxBodyBytes = options.maxBodyBytes ?? PROXY_DEFAULTS.maxBodyBytes;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? PROXY_DEFAULTS.bodyTimeoutMs;
  const outcomes = new WeakMap<object, Outcome>();
  const cache = createMicroCache<SharedAnswer>({
    ttlMs: options.cacheTtlMs,
    maxBytes: options.cacheMaxBytes ?? 32 * 1024 * 1024,
    storable: (answer) => answer.succeeded,
  });
  const precompressor = options.precompressor ?? createPrecompressor();
  // One pool to the upstream for everything: forwarded requests and the cache's own fetches.
  const pool = createUpstreamPool({
    upstreamUrl,
    timeoutMs,
    perAddress: options.upstreamPerAddress ?? PROXY_DEFAULTS.upstreamPerAddress,
  });
  app.addHook('onClose', () => pool.close());

  const sendFailure = (request: object, reply: ReplyLike, failure: UpstreamFailure) => {
    outcomes.set(request, 'error');
    const answer = failureAnswer(failure, timeoutMs);
    return reply.code(answer.status).send(answer.body);
  };

  // Callback style: every other request goes on without a promise and a microtask of its own.
  app.addHook('onRequest', (request, reply, done) => {
    if (isShareable(request)) void answerShared(request, reply);
    else done();
  });

  /** Answers a shareable GET from the micro-cache (single-flight on a miss). */
  async function answerShared(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const lang = single(request.headers.lang);
    try {
      const { value, outcome } = await cache.get(cacheKey(request.url, lang), () =>
        fetchShared(pool.dispatcher, request.url, lang, timeoutMs).catch((error: unknown) => {
          // Logged once per upstream request, not once per browser that waited for it.
          request.log.warn({ err: error }, 'shared upstream request failed');
          throw error;
        }),
      );
      outcomes.set(request, outcome === 'miss' ? 'upstream' : 'cache');
      metrics.microCache.inc({ result: outcome });
      // Already compressed for this browser's encoding where @fastify/compress would compress
      // it, so its onSend hook passes the bytes through instead of compressing them per hit.
      const sent = await precompressor
        .representation(value, request.headers)
        .catch((error: unknown) => {
          // The plain answer then, which @fastify/compress compresses as it always did.
          request.log.warn({ err: error }, 'compressing a shared answer failed');
          return value;
        });
      reply.code(value.status).headers(sent.headers).send(sent.body);
    } catch (error) {
      sendFailure(request, reply, classifyFailure(error));
    }
  }

  // One labelled child per outcome, looked up once rather than on every answer.
  const durations = {
    upstream: metrics.proxyDuration.labels('upstream'),
    cache: metrics.proxyDuration.labels('cache'),
    error: metrics.proxyDuration.labels('error'),
  } satisfies Record<Outcome, unknown>;
  app.addHook('onResponse', (request, reply, done) => {
    durations[outcomes.get(request) ?? 'upstream'].observe(reply.elapsedTime / 1000);
    metrics.proxyResponses.inc({ code: reply.statusCode });
    done();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    outcomes.set(request, 'error');
    const status = error.statusCode ?? 500;
    // A body refused before its end (too slow, too large, cut short) leaves the rest of it on the
    // connection: it is not read, the connection ends with the answer.
    if (BODY_REFUSALS.has(error.code)) reply.header('connection', 'close');
    if (status >= 500) {
      request.log.error({ err: error }, 'proxy error');
      return reply.code(500).send({
        code: CODE.UPSTREAM_UNAVAILABLE,
        msg: 'The gateway could not forward this request.',
        data: null,
      });
    }
    // The 400 of a path that would leave the prefix (http-proxy's refusal) among them.
    return reply.code(status).send({ code: CODE.INVALID_INPUT, msg: error.message, data: null });
  });

  // Request bodies are read whole, whatever their type, and go upstream as they came: never
  // parsed here. Fastify refuses one longer than `maxBodyBytes` (413) or than it said (400).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: maxBodyBytes },
    (_request, body, done) => done(null, new WholeBody(body as Buffer)),
  );
  // Callback style, as a GET (no body, nothing to time) passes on every request.
  app.addHook('preParsing', (request, _reply, payload, done) => {
    done(null, hasBody(request) ? receivedWithin(payload, bodyTimeoutMs) : payload);
  });

  // The browser's leaving aborts its upstream exchange: while it waits for a connection, before
  // the answer, while it is read whole, or while it streams (Fastify also destroys a stream it
  // was sending). The exchange sits on the request, declared up front, rather than in a WeakMap
  // per request.
  app.decorateRequest('exchange', null);
  app.addHook('onRequestAbort', (request, done) => {
    request.exchange?.abort(new Error('the browser left'));
    done();
  });

  for (const { routes, methods } of FORWARDED) {
    app.register(httpProxy, {
      upstream: upstreamUrl,
      routes,
      httpMethods: methods,
      // reply-from sends the browser's own query on (from the request's URL); http-proxy needs
      // only the path to check and name the destination, so it is not parsed and rebuilt.
      preRewrite: pathOf,
      // Bodies are streams already (the parser above): http-proxy adds no parser of its own.
      proxyPayloads: false,
      undici: pool.requestable as Requestable as { request: never },
      disableRequestLogging: true,
      handler(request, reply, destination, replyOptions) {
        // Its body is whole by now: the deadline runs from here, waiting for a connection included.
        const exchange = new Exchange(networkOf(request.ip), timeoutMs);
        request.exchange = exchange;
        return pool.withExchange(exchange, () => reply.from(destination, replyOptions));
      },
      replyOptions: {
        // Never sent twice: an upstream 503 and a failed request reach the browser once.
        retryDelay: () => null,
        rewriteRequestHeaders: (request, headers) =>
          upstreamRequestHeaders(headers as Record<string, string>, request.ip),
        rewriteHeaders: (headers) => browserAnswerHeaders(headers),
        onResponse: (request, reply, answer) =>
          sendAnswer(request, reply, answer as unknown as UpstreamAnswer, (error) => {
            request.log.warn({ err: error }, 'upstream answer failed');
            sendFailure(request, reply, classifyFailure(error));
          }),
        onError: (reply, { error }) => {
          // A browser that left is told nothing (reply-from has logged the abort).
          if (reply.raw.destroyed) return;
          reply.request.log.warn({ err: error }, 'upstream request failed');
          sendFailure(reply.request, reply, classifyFailure(error));
        },
      },
    });
  }

  /** A GET of a public opening call that carries no token: answered from the shared cache. */
  function isShareable(request: FastifyRequest): boolean {
    if (request.method !== 'GET' || !CACHEABLE_PATHS.has(pathOf(request.url))) return false;
    const token = single(request.headers.authorization);
    return token === undefined || token.trim() === '';
  }
};

/** Errors of a request body refused before its end: too slow, too large, not as long as said. */
const BODY_REFUSALS: ReadonlySet<string> = new Set([
  'BODY_TIMEOUT',
  'FST_ERR_CTP_BODY_TOO_LARGE',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
]);

/** Whether Fastify reads a body for `request`: not for GET or HEAD, nor for an empty one. */
function hasBody(request: FastifyRequest): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  const { headers } = request;
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** The part of a Fastify reply a failure needs, whatever the server type. */
interface ReplyLike {
  code(status: number): { send(payload: unknown): unknown };
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}
