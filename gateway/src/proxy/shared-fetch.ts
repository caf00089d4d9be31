import { CODE } from '@pipstream/protocol';
import type { Dispatcher } from 'undici';
import type { Sized } from './micro-cache.js';

/** An upstream answer held in memory so that several browsers can be sent the same bytes. */
export interface SharedAnswer extends Sized {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  /** A 200 whose envelope says code 1: the only kind of answer worth keeping. */
  readonly succeeded: boolean;
}

/** Headers of the upstream's answer that mean the same to every browser. */
const RELAYED_HEADERS = ['content-type', 'location'] as const;

/**
 * Fetches a token-free public GET once on behalf of every browser waiting for it, through
 * `upstream` — the proxy's keep-alive pool, so a cache miss reuses a warm connection rather
 * than opening one of its own. Only `lang` is forwarded — the one header the cache key holds —
 * so the answer cannot depend on anything the key leaves out. Redirects are relayed, never
 * followed. The deadline covers connecting, headers and body.
 *
 * @throws the request's error (a `TimeoutError` past `timeoutMs`, undici's when unreachable).
 */
export async function fetchShared(
  upstream: Dispatcher,
  requestUrl: string,
  lang: string | undefined,
  timeoutMs: number,
): Promise<SharedAnswer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (lang !== undefined) headers.lang = lang;
  const response = await upstream.request({
    method: 'GET',
    path: requestUrl,
    headers,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = Buffer.from(await response.body.arrayBuffer());
  const relayed: Record<string, string> = {};
  for (const name of RELAYED_HEADERS) {
    const value = response.headers[name];
    if (typeof value === 'string') relayed[name] = value;
  }
  return {
    status: response.statusCode,
    headers: relayed,
    body,
    bytes: body.byteLength + requestUrl.length,
    succeeded: response.statusCode === 200 && isCodeOne(body),
  };
}

function isCodeOne(body: Buffer): boolean {
  try {
    const answer: unknown = JSON.parse(body.toString('utf8'));
    return typeof answer === 'object' && answer !== null && 'code' in answer
      ? answer.code === CODE.OK
      : false;
  } catch {
    return false;
  }
}
