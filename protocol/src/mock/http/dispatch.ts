import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { CODE } from '../../envelope.js';
import type { RouteDef } from '../../routes/define.js';
import { explainIssues } from '../../schemas/explain.js';
import type { Faults } from '../faults.js';
import type { Messages } from '../messages.js';
import { Refusal } from '../refusal.js';
import { BodyError, decodeBody, queryToObject, readBody } from './body.js';
import { type CallContext, type Caller, type Handler, Reply } from './handler.js';
import { sendEnvelope, sendJson } from './respond.js';

/** What a token resolves to: its user, `expired` (answer 999), or nothing (unknown token). */
export type Authentication = { caller: Caller } | 'expired' | undefined;

export interface DispatchOptions {
  readonly routes: Readonly<Record<string, RouteDef>>;
  readonly handlers: Readonly<Record<string, Handler<RouteDef>>>;
  readonly authenticate: (token: string) => Authentication;
  readonly messages: Messages;
  readonly faults: Faults;
  readonly now: () => number;
  /** Body limit of non-multipart calls. */
  readonly maxBodyBytes: number;
  /** Body limit of multipart calls (uploads). */
  readonly maxUploadBytes: number;
  /** Validate every answer against its response schema (a mock bug shows up as a failed call). */
  readonly checkResponses: boolean;
  readonly log: (line: string) => void;
}

/**
 * Runs one REST call of the route table: input decoded and validated by the route's request schema,
 * the token checked against the route's access, the handler run, and the answer wrapped in the
 * envelope (docs/product.md#errors). Whatever happens, the caller gets an envelope — never a hang,
 * never an unhandled error.
 */
export function createDispatcher(options: DispatchOptions) {
  const index = new Map<string, [name: string, route: RouteDef]>();
  for (const [name, route] of Object.entries(options.routes)) {
    index.set(`${route.method} ${route.path}`, [name, route]);
  }
  const { messages } = options;

  return async function dispatch(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
  ): Promise<boolean> {
    const found = index.get(`${req.method} ${url.pathname}`);
    if (!found) return false;
    const [name, route] = found;
    const lang = headerValue(req.headers.lang);
    const token = tokenOf(req.headers.authorization);
    const started = Date.now();
    let code: number = CODE.OK;
    try {
      if (options.faults.latencyMs > 0) await sleep(options.faults.latencyMs);
      const forced = options.faults.takeForcedCode();
      if (forced !== undefined) {
        code = forced;
        const key = forced === CODE.SESSION_GONE ? 'session_gone' : 'internal';
        sendEnvelope(res, 200, forced, messages.t(lang, key));
        return true;
      }

      const raw = await readInput(req, url, route, options);
      const parsed = route.request.safeParse(raw);
      if (!parsed.success) {
        throw new Refusal(
          'invalid_input',
          { details: explainIssues(parsed.error) },
          CODE.INVALID_INPUT,
        );
      }

      const ctx = authorize(route, token, lang, req, options);
      const handler = options.handlers[name];
      if (!handler) throw new Error(`no handler for route ${name}`);
      const result = await handler(parsed.data, ctx);
      const answer = result instanceof Reply ? result : undefined;
      const data = answer ? answer.data : result;
      const body = options.checkResponses ? checkResponse(name, route, data) : data;
      if (route.answer === 'raw') {
        sendJson(res, 200, body);
      } else {
        const msg = answer ? messages.t(lang, answer.key, answer.params) : messages.t(lang, 'ok');
        sendEnvelope(res, 200, CODE.OK, msg, body ?? null);
      }
    } catch (error) {
      code = answerFailure(res, error, lang, options);
    } finally {
      if (!res.writableEnded) sendEnvelope(res, 200, CODE.FAILED, messages.t(lang, 'internal'));
      options.log(`${req.method} ${url.pathname} ${code} ${Date.now() - started}ms`);
    }
    return true;
  };
}

async function readInput(
  req: IncomingMessage,
  url: URL,
  route: RouteDef,
  options: DispatchOptions,
): Promise<Record<string, unknown>> {
  if (route.method === 'GET' || route.method === 'DELETE') return queryToObject(url.searchParams);
  const limit =
    route.encoding === 'multipart' ? options.maxUploadBytes + 64 * 1024 : options.maxBodyBytes;
  const body = await readBody(req, limit);
  return decodeBody(body, req.headers['content-type']);
}

function authorize(
  route: RouteDef,
  token: string | undefined,
  lang: string,
  req: IncomingMessage,
  options: DispatchOptions,
): CallContext {
  const auth = token ? options.authenticate(token) : undefined;
  const caller = typeof auth === 'object' ? auth.caller : undefined;
  if (route.access !== 'public' && !caller) {
    throw new Refusal('session_gone', undefined, CODE.SESSION_GONE);
  }
  if (route.access === 'real' && caller?.isDemo) {
    throw new Refusal('real_account_required', undefined, CODE.REAL_ACCOUNT_REQUIRED);
  }
  return {
    caller,
    token: caller ? token : undefined,
    lang,
    ip: req.socket.remoteAddress ?? '',
    now: options.now(),
  };
}

function checkResponse(name: string, route: RouteDef, data: unknown): unknown {
  const checked = route.response.safeParse(data);
  if (!checked.success) {
    throw new Error(`mock answer of ${name} breaks its schema: ${explainIssues(checked.error)}`);
  }
  return checked.data;
}

function answerFailure(
  res: ServerResponse,
  error: unknown,
  lang: string,
  options: DispatchOptions,
): number {
  const { messages } = options;
  if (error instanceof Refusal) {
    const text = messages.t(lang, error.key, error.params);
    sendEnvelope(res, 200, error.code, error.details ? `${text} (${error.details})` : text);
    return error.code;
  }
  if (error instanceof BodyError) {
    const key =
      error.reason === 'too_large'
        ? 'body_too_large'
        : error.reason === 'unsupported_type'
          ? 'unsupported_body'
          : 'malformed_body';
    const status = error.reason === 'too_large' ? 413 : 400;
    sendEnvelope(res, status, CODE.INVALID_INPUT, messages.t(lang, key));
    return CODE.INVALID_INPUT;
  }
  options.log(
    `internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  sendEnvelope(res, 200, CODE.FAILED, messages.t(lang, 'internal'));
  return CODE.FAILED;
}

function headerValue(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** `authorization` carries the token; a `Bearer ` prefix is tolerated. */
function tokenOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return token.trim() || undefined;
}
