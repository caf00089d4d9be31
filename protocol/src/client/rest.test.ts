import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { CODE } from '../envelope.js';
import { defineRoute } from '../routes/define.js';
import { moneySchema } from '../schemas/primitives.js';
import {
  ApiError,
  ApiInputError,
  ApiProtocolError,
  buildRequest,
  type CallEnd,
  type CallInfo,
  ClientError,
  createRestClient,
  NetworkError,
  type RestClientOptions,
} from './rest.js';

// A small table of its own: the client is generic over any table, not tied to the real one.
const routes = {
  info: defineRoute({
    method: 'GET',
    path: '/api/user/info',
    request: z.object({}),
    response: z.object({ name: z.string() }),
    initial: true,
    noErrorToast: true,
    summary: 'who am I',
  }),
  deals: defineRoute({
    method: 'GET',
    path: '/v1/api/forex/my_deal',
    request: z.object({
      status: z.coerce.number().int(),
      page: z.coerce.number().int().min(1).default(1),
      searchCurrency: z.string().trim().optional(),
    }),
    response: z.object({ total: z.number() }),
    summary: 'my orders',
  }),
  removeMethod: defineRoute({
    method: 'DELETE',
    path: '/api/wallet/draw_method',
    request: z.object({ id: z.coerce.number().int().positive() }),
    response: z.null(),
    summary: 'remove a withdraw method',
  }),
  login: defineRoute({
    method: 'POST',
    path: '/api/user/loginForU',
    access: 'public',
    request: z.object({
      account: z.string().trim().min(1),
      password: z.string().min(1),
      login_type: z.coerce.number().int(),
    }),
    response: z.object({ token: z.string() }),
    summary: 'log in',
  }),
  draw: defineRoute({
    method: 'PUT',
    path: '/api/account/draw',
    encoding: 'json',
    request: z.object({ number: moneySchema, memo: z.string().optional() }),
    response: z.object({ id: z.number() }),
    toastOnSuccess: true,
    summary: 'withdraw',
  }),
  tagged: defineRoute({
    method: 'POST',
    path: '/api/tagged',
    request: z.object({ tags: z.array(z.string()) }),
    response: z.null(),
    summary: 'a form call with an array field',
  }),
  upload: defineRoute({
    method: 'POST',
    path: '/api/common/image_upload',
    encoding: 'multipart',
    request: z.object({ file: z.instanceof(Blob), kind: z.string().optional() }),
    response: z.object({ url: z.string() }),
    showsLoading: true,
    summary: 'upload an image',
  }),
  uploadCustom: defineRoute({
    method: 'POST',
    path: '/api/custom_upload',
    encoding: 'multipart',
    request: z.object({ picture: z.custom<Blob>((v) => v instanceof Blob, 'a file') }),
    response: z.object({ url: z.string() }),
    summary: 'upload checked by z.custom',
  }),
  manifest: defineRoute({
    method: 'GET',
    path: '/manifest.json',
    access: 'public',
    answer: 'raw',
    host: 'origin',
    request: z.object({}),
    response: z.object({ name: z.string(), icons: z.array(z.unknown()).default([]) }),
    summary: 'web manifest',
  }),
  complaintEmail: defineRoute({
    method: 'GET',
    path: '/complaint_email',
    access: 'public',
    host: 'provider',
    request: z.object({}),
    response: z.object({ email: z.string() }),
    summary: 'complaint e-mail',
  }),
};

interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}
type Responder = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

/** A real HTTP server on an ephemeral port that records every request and answers per test. */
async function startServer() {
  const seen: SeenRequest[] = [];
  let responder: Responder = (_req, res) => sendJson(res, 200, { code: 1, msg: 'ok', data: null });
  const server = createServer((req, res) => {
    // No keep-alive: a test that leaves a request hanging cannot hand a dead socket to the next.
    res.setHeader('connection', 'close');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://local.invalid');
      const body = Buffer.concat(chunks);
      seen.push({
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
      });
      responder(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    answer(next: Responder) {
      responder = next;
    },
    /** Answers every request with this JSON document and status. */
    answerJson(status: number, document: unknown) {
      responder = (_req, res) => sendJson(res, status, document);
    },
    reset() {
      seen.length = 0;
      responder = (_req, res) => sendJson(res, 200, { code: 1, msg: 'ok', data: null });
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function sendJson(res: ServerResponse, status: number, document: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(document));
}

interface Part {
  readonly name: string | undefined;
  readonly filename: string | undefined;
  readonly contentType: string | undefined;
  readonly content: Buffer;
}

/** Just enough of RFC 7578 to see what a multipart body carried, byte for byte. */
function parseMultipart(body: Buffer, contentType: string | undefined): Part[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  const delimiter = Buffer.from(`--${boundary?.[1] ?? boundary?.[2] ?? 'missing'}`);
  const parts: Part[] = [];
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    const next = body.indexOf(delimiter, start);
    if (next < 0) break;
    // Each part sits between "\r\n" after its delimiter and "\r\n" before the next one.
    const part = body.subarray(start + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, headerEnd).toString('utf8');
    parts.push({
      name: /name="([^"]*)"/.exec(head)?.[1],
      filename: /filename="([^"]*)"/.exec(head)?.[1],
      contentType: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1],
      content: part.subarray(headerEnd + 4),
    });
    at = next;
  }
  return parts;
}

/** The rejection of `promise`, failing the test if it resolves. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to reject');
}

let api: Awaited<ReturnType<typeof startServer>>;
let provider: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  [api, provider] = await Promise.all([startServer(), startServer()]);
});
afterEach(() => {
  api.reset();
  provider.reset();
});
afterAll(async () => {
  await Promise.all([api.close(), provider.close()]);
});

function client(overrides: Partial<RestClientOptions> = {}) {
  return createRestClient(routes, {
    baseUrl: api.url,
    getToken: () => 'tok-123',
    getLang: () => 'en',
    now: () => 1_700_000_000_000,
    timeoutMs: 2_000,
    ...overrides,
  });
}

describe('buildRequest', () => {
  const target = { baseUrl: 'https://api.example.com/', lang: 'fr', token: 'abc', t: 42 };

  it('puts a GET payload, coerced and defaulted by the schema, and t in the query string', () => {
    const { url, init } = buildRequest(
      routes.deals,
      { status: '3', searchCurrency: '  EUR ' },
      target,
    );
    expect(url).toBe(
      'https://api.example.com/v1/api/forex/my_deal?status=3&page=1&searchCurrency=EUR&t=42',
    );
    expect(init).toEqual({ method: 'GET', headers: { lang: 'fr', authorization: 'abc' } });
  });

  it('sends parsed values as a JSON body, without t, undefined fields or a token header', () => {
    const { url, init } = buildRequest(
      routes.draw,
      { number: 12.5, memo: undefined },
      { ...target, token: null },
    );
    expect(url).toBe('https://api.example.com/api/account/draw');
    expect(init.headers).toEqual({ lang: 'fr', 'content-type': 'application/json' });
    expect(init.body).toBe('{"number":"12.5"}');
  });

  it('refuses an array in a form instead of stringifying it, naming the field', () => {
    expect(() => buildRequest(routes.tagged, { tags: ['a', 'b'] }, target)).toThrow(
      /tags: expected a single value.*received array/,
    );
  });

  it('routes provider and origin calls to their hosts, falling back to the API host', () => {
    const hosts = { ...target, providerUrl: 'https://p.example', originUrl: 'https://www.example' };
    expect(buildRequest(routes.complaintEmail, {}, hosts).url).toBe(
      'https://p.example/complaint_email?t=42',
    );
    expect(buildRequest(routes.manifest, undefined, hosts).url).toBe(
      'https://www.example/manifest.json?t=42',
    );
    expect(buildRequest(routes.complaintEmail, {}, target).url).toBe(
      'https://api.example.com/complaint_email?t=42',
    );
  });

  it('throws ApiInputError naming the field and the call', () => {
    const error = rejectionSync(() =>
      buildRequest(routes.login, { account: 'a', login_type: 1 }, { ...target, name: 'login' }),
    );
    expect(error).toBeInstanceOf(ApiInputError);
    expect(error).toMatchObject({ code: CODE.INVALID_INPUT, route: 'login' });
    expect((error as ApiInputError).msg).toMatch(/^password: /);
  });
});

function rejectionSync(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('createRestClient: requests', () => {
  it('sends lang and the token verbatim as authorization', async () => {
    api.answerJson(200, { code: 1, msg: 'ok', data: { name: 'Ann' } });
    await client().call('info');
    expect(api.seen[0]?.headers.lang).toBe('en');
    expect(api.seen[0]?.headers.authorization).toBe('tok-123');
  });

  it('reads token and language on every call, and omits authorization without a token', async () => {
    let token: string | undefined = 'first';
    let lang = 'hk';
    const c = client({ getToken: () => token, getLang: () => lang });
    await c.call('removeMethod', { id: 1 });
    token = undefined;
    lang = 'ar';
    await c.call('removeMethod', { id: 1 });
    expect(api.seen[0]?.headers).toMatchObject({ lang: 'hk', authorization: 'first' });
    expect(api.seen[1]?.headers.lang).toBe('ar');
    expect(api.seen[1]?.headers).not.toHaveProperty('authorization');
  });

  it('sends a GET payload in the query string with t', async () => {
    api.answerJson(200, { code: 1, msg: 'ok', data: { total: 7 } });
    const result = await client().call('deals', { status: 1, page: 2 });
    expect(result).toEqual({ total: 7 });
    const seen = api.seen[0];
    expect(seen?.method).toBe('GET');
    expect(seen?.path).toBe('/v1/api/forex/my_deal');
    expect(Object.fromEntries(seen?.query ?? [])).toEqual({
      status: '1',
      page: '2',
      t: '1700000000000',
    });
  });

  it('adds t to DELETE calls too', async () => {
    await client({ now: () => 5 }).call('removeMethod', { id: 9 });
    expect(api.seen[0]?.method).toBe('DELETE');
    expect(api.seen[0]?.query.get('id')).toBe('9');
    expect(api.seen[0]?.query.get('t')).toBe('5');
  });

  it('form-encodes a POST body, with no t', async () => {
    api.answerJson(200, { code: 1, msg: 'welcome', data: { token: 'new' } });
    const result = await client().call('login', {
      account: ' ann@example.com ',
      password: 'p&ss=wörd',
      login_type: 2,
    });
    expect(result).toEqual({ token: 'new' });
    const seen = api.seen[0];
    expect(seen?.method).toBe('POST');
    expect(seen?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect([...(seen?.query ?? [])]).toEqual([]);
    expect(Object.fromEntries(new URLSearchParams(seen?.body.toString('utf8')))).toEqual({
      account: 'ann@example.com',
      password: 'p&ss=wörd',
      login_type: '2',
    });
  });

  it('sends a JSON body with the parsed values', async () => {
    api.answerJson(200, { code: 1, msg: 'done', data: { id: 4 } });
    await client().call('draw', { number: '100.25', memo: 'rent' });
    const seen = api.seen[0];
    expect(seen?.method).toBe('PUT');
    expect(seen?.headers['content-type']).toBe('application/json');
    expect(seen?.query.has('t')).toBe(false);
    expect(JSON.parse(seen?.body.toString('utf8') ?? '')).toEqual({
      number: '100.25',
      memo: 'rent',
    });
  });

  it('sends a multipart body whose Blob field arrives as a file, bytes untouched', async () => {
    api.answerJson(200, { code: 1, msg: 'ok', data: { url: '/uploads/a.png' } });
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x00, 0xff, 0x2d, 0x2d]);
    const file = new File([bytes], 'chart.png', { type: 'image/png' });
    const result = await client().call('upload', { file, kind: 'avatar' });
    expect(result).toEqual({ url: '/uploads/a.png' });
    const seen = api.seen[0];
    expect(seen?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const parts = parseMultipart(seen?.body ?? Buffer.alloc(0), seen?.headers['content-type']);
    const filePart = parts.find((p) => p.name === 'file');
    expect(filePart?.filename).toBe('chart.png');
    expect(filePart?.contentType).toBe('image/png');
    expect([...(filePart?.content ?? [])]).toEqual([...bytes]);
    expect(parts.find((p) => p.name === 'kind')?.content.toString('utf8')).toBe('avatar');
  });

  it('passes a Blob checked by z.custom through as a file', async () => {
    api.answerJson(200, { code: 1, msg: 'ok', data: { url: '/uploads/b' } });
    await client().call('uploadCustom', { picture: new Blob(['front side']) });
    const seen = api.seen[0];
    const [part] = parseMultipart(seen?.body ?? Buffer.alloc(0), seen?.headers['content-type']);
    expect(part?.name).toBe('picture');
    expect(part?.filename).toBe('blob');
    expect(part?.content.toString('utf8')).toBe('front side');
  });

  it('routes provider calls to the provider host', async () => {
    provider.answerJson(200, { code: 1, msg: 'ok', data: { email: 'help@p.example' } });
    const result = await client({ providerUrl: provider.url }).call('complaintEmail');
    expect(result).toEqual({ email: 'help@p.example' });
    expect(provider.seen.map((s) => s.path)).toEqual(['/complaint_email']);
    expect(api.seen).toHaveLength(0);
  });
});

describe('createRestClient: answers', () => {
  it('resolves data parsed by the response schema on code 1', async () => {
    api.answerJson(200, { code: 1, msg: 'ok', data: { name: 'Ann', extra: true } });
    const me = await client().call('info');
    expect(me).toEqual({ name: 'Ann' });
    expectTypeOf(me).toEqualTypeOf<{ name: string }>();
  });

  it('rejects code 0 with an ApiError carrying code, msg, route and flags', async () => {
    api.answerJson(200, { code: 0, msg: 'Insufficient margin' });
    const error = await rejectionOf(client().call('deals', { status: 1 }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(ClientError);
    expect(error).toMatchObject({
      code: 0,
      msg: 'Insufficient margin',
      route: 'deals',
      httpStatus: 200,
      sessionGone: false,
      cancelled: false,
    });
  });

  it('marks code 999 as sessionGone and keeps the initial flag for the UI', async () => {
    api.answerJson(200, { code: 999, msg: 'Please log in' });
    const error = await rejectionOf(client().call('info'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: CODE.SESSION_GONE, sessionGone: true });
    expect((error as ApiError).flags).toMatchObject({ initial: true, noErrorToast: true });
  });

  it('reads an HTTP 502 that carries an envelope as the envelope says', async () => {
    api.answerJson(502, { code: CODE.UPSTREAM_UNAVAILABLE, msg: 'Upstream unavailable' });
    const error = await rejectionOf(client().call('info'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: CODE.UPSTREAM_UNAVAILABLE,
      msg: 'Upstream unavailable',
      httpStatus: 502,
    });
  });

  it('rejects a non-JSON answer with ApiProtocolError, coded by the HTTP status', async () => {
    api.answer((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad Gateway</h1>');
    });
    const error = await rejectionOf(client().call('info'));
    expect(error).toBeInstanceOf(ApiProtocolError);
    expect(error).toMatchObject({ code: 'HTTP_502', httpStatus: 502 });
    expect((error as ApiProtocolError).msg).toMatch(/not JSON/);
  });

  it('rejects JSON that is not an envelope with ApiProtocolError', async () => {
    api.answerJson(200, { status: 'fine' });
    const error = await rejectionOf(client().call('info'));
    expect(error).toBeInstanceOf(ApiProtocolError);
    expect(error).toMatchObject({ code: 'BAD_RESPONSE', route: 'info' });
  });

  it('rejects data that breaks the response schema, naming the field', async () => {
    api.answerJson(200, { code: 1, msg: 'ok', data: { name: 42 } });
    const error = await rejectionOf(client().call('info'));
    expect(error).toBeInstanceOf(ApiProtocolError);
    expect((error as ApiProtocolError).msg).toMatch(/name: .*expected string/);
  });

  it('passes data through unchecked when validateResponses is off', async () => {
    api.answerJson(200, { code: 1, msg: 'ok', data: { name: 42 } });
    await expect(client({ validateResponses: false }).call('info')).resolves.toEqual({ name: 42 });
  });

  it('resolves a raw route with the bare document from the origin host', async () => {
    provider.answerJson(200, { name: 'Pipstream' });
    const manifest = await client({ originUrl: provider.url }).call('manifest');
    expect(manifest).toEqual({ name: 'Pipstream', icons: [] });
    expect(provider.seen[0]?.path).toBe('/manifest.json');
  });
});

describe('createRestClient: failures before and beyond the server', () => {
  it('rejects invalid input with ApiInputError naming the field, sending nothing', async () => {
    let fetched = 0;
    const c = client({
      fetch: (url, init) => {
        fetched += 1;
        return fetch(url, init);
      },
    });
    // @ts-expect-error the required password is missing
    const error = await rejectionOf(c.call('login', { account: 'ann', login_type: 1 }));
    expect(error).toBeInstanceOf(ApiInputError);
    expect(error).toMatchObject({ code: CODE.INVALID_INPUT, route: 'login' });
    expect((error as ApiInputError).msg).toMatch(/password/);
    expect(fetched).toBe(0);
    expect(api.seen).toHaveLength(0);
  });

  it('rejects a refused connection with NetworkError carrying the system code', async () => {
    const closed = await startServer();
    await closed.close();
    const error = await rejectionOf(client({ baseUrl: closed.url }).call('info'));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: 'ECONNREFUSED', cancelled: false, route: 'info' });
  });

  it('falls back to code NETWORK when the platform names no cause', async () => {
    const error = await rejectionOf(
      client({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) }).call('info'),
    );
    expect(error).toMatchObject({ name: 'NetworkError', code: 'NETWORK' });
  });

  it('times out a server that never answers', async () => {
    api.answer(() => {});
    const started = Date.now();
    const error = await rejectionOf(client({ timeoutMs: 200 }).call('info'));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: 'TIMEOUT', cancelled: false });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('times out a body that starts but never finishes', async () => {
    api.answer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"code":1,');
    });
    const error = await rejectionOf(client({ timeoutMs: 200 }).call('info'));
    expect(error).toMatchObject({ name: 'NetworkError', code: 'TIMEOUT' });
  });

  it('settles on time even when fetch ignores the abort signal', async () => {
    const error = await rejectionOf(
      client({ timeoutMs: 100, fetch: () => new Promise<Response>(() => {}) }).call('info'),
    );
    expect(error).toMatchObject({ name: 'NetworkError', code: 'TIMEOUT' });
  });

  it('marks a call the caller aborts as cancelled', async () => {
    api.answer(() => {});
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await rejectionOf(client().call('info', {}, { signal: controller.signal }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: 'ABORTED', cancelled: true });
  });

  it('does not send a call whose signal is already aborted', async () => {
    const error = await rejectionOf(
      client().call('removeMethod', { id: 1 }, { signal: AbortSignal.abort() }),
    );
    expect(error).toMatchObject({ code: 'ABORTED', cancelled: true });
    expect(api.seen).toHaveLength(0);
  });
});

describe('createRestClient: lifecycle hooks', () => {
  function recording() {
    const starts: CallInfo[] = [];
    const ends: CallEnd[] = [];
    return {
      starts,
      ends,
      hooks: {
        onStart: (info: CallInfo) => starts.push(info),
        onEnd: (info: CallEnd) => ends.push(info),
      },
    };
  }

  it('calls onStart and onEnd once each, handing the success msg to onEnd', async () => {
    api.answerJson(200, { code: 1, msg: 'Withdrawal submitted', data: { id: 1 } });
    const { starts, ends, hooks } = recording();
    await client(hooks).call('draw', { number: '5' });
    expect(starts).toEqual([{ name: 'draw', route: routes.draw }]);
    expect(starts[0]?.route.toastOnSuccess).toBe(true);
    expect(ends).toEqual([
      { name: 'draw', route: routes.draw, ok: true, msg: 'Withdrawal submitted' },
    ]);
  });

  it('calls onStart and onEnd once each on an API failure and on invalid input', async () => {
    api.answerJson(200, { code: 0, msg: 'No' });
    const { starts, ends, hooks } = recording();
    const c = client(hooks);
    const apiFailure = await rejectionOf(c.call('upload', { file: new Blob(['x']) }));
    const inputFailure = await rejectionOf(c.call('removeMethod', { id: -1 }));
    expect(starts.map((s) => [s.name, s.route.showsLoading])).toEqual([
      ['upload', true],
      ['removeMethod', undefined],
    ]);
    expect(ends).toEqual([
      { name: 'upload', route: routes.upload, ok: false, error: apiFailure },
      { name: 'removeMethod', route: routes.removeMethod, ok: false, error: inputFailure },
    ]);
    expect(inputFailure).toBeInstanceOf(ApiInputError);
  });

  it('calls onEnd once when the network fails', async () => {
    api.answer(() => {});
    const { ends, hooks } = recording();
    await rejectionOf(client({ ...hooks, timeoutMs: 100 }).call('info'));
    expect(ends).toHaveLength(1);
    expect(ends[0]).toMatchObject({ ok: false, error: { code: 'TIMEOUT' } });
  });
});

describe('createRestClient: types', () => {
  it('types input and answer per route, and refuses what the types refuse at run time too', async () => {
    const c = client();
    expectTypeOf(c.call).parameter(0).toEqualTypeOf<keyof typeof routes>();
    expectTypeOf<ReturnType<typeof c.call<'login'>>>().resolves.toEqualTypeOf<{
      token: string;
    }>();
    // @ts-expect-error login needs its input
    await expect(c.call('login')).rejects.toBeInstanceOf(ApiInputError);
    // @ts-expect-error not a route of this table
    await expect(c.call('nope')).rejects.toThrow(/unknown route: nope/);
    expect(api.seen).toHaveLength(0);
  });

  it('refuses a timeout that would let a call hang', () => {
    expect(() => client({ timeoutMs: 0 })).toThrow(RangeError);
  });
});
