import type { HttpMethod, RouteDef } from '../routes/define.js';
import { explainIssues } from '../schemas/explain.js';
import { ApiInputError, flagsOf } from './rest-errors.js';

/** Where and as whom a request is built. */
export interface RequestTarget {
  /** API host, e.g. `https://api.example.com` (a trailing slash is fine). */
  readonly baseUrl: string;
  /** Host of `host: 'provider'` routes (the complaint provider's); default `baseUrl`. */
  readonly providerUrl?: string;
  /** Host of `host: 'origin'` routes such as `/manifest.json`; default `baseUrl`. */
  readonly originUrl?: string;
  /** Sent verbatim as `authorization`; the header is left out when there is none. */
  readonly token?: string | null;
  /** Sent as `lang` on every call. */
  readonly lang: string;
  /** The `t` timestamp of GET and DELETE calls (ms since the epoch). */
  readonly t: number;
  /** Name of the call for error reports; default `METHOD path`. */
  readonly name?: string;
}

export interface BuiltRequest {
  readonly url: string;
  readonly init: RequestInit & {
    readonly method: HttpMethod;
    readonly headers: Record<string, string>;
    readonly body?: string | FormData;
  };
}

type Fields = Record<string, unknown>;

/**
 * Turns one call into a fetch request, without any I/O: validates `input` with the route's request
 * schema (and sends the parsed, coerced values), then places it (docs/product.md#calls) — query
 * string plus `t` for GET and DELETE, a body otherwise (form-encoded, JSON or multipart by the
 * route's encoding) — with the `lang` and `authorization` headers.
 *
 * Top-level fields that are `undefined` or `null` are left out. In query strings and forms each
 * field must be a single scalar (string, number, bigint, boolean, sent with `String()`): arrays
 * and objects are refused with an `ApiInputError` rather than JSON-encoded, because the upstream
 * reads flat key/value pairs and a silently stringified object would reach it as garbage (this
 * project's choice). Multipart accepts the same scalars plus `Blob`s, appended as files under
 * their field name.
 *
 * @throws ApiInputError when the input breaks the request schema or cannot be encoded.
 */
export function buildRequest(route: RouteDef, input: unknown, target: RequestTarget): BuiltRequest {
  const name = target.name ?? `${route.method} ${route.path}`;
  const refuse = (msg: string) => new ApiInputError({ route: name, flags: flagsOf(route), msg });

  const parsed = route.request.safeParse(input ?? {});
  if (!parsed.success) throw refuse(explainIssues(parsed.error));
  const fields = parsed.data;
  if (fields === null || typeof fields !== 'object' || Array.isArray(fields)) {
    throw refuse('(input): expected an object of fields');
  }
  const present = Object.entries(fields as Fields).filter(([, v]) => v !== undefined && v !== null);

  const { query, body, contentType } = placePayload(route, present, refuse);
  if (isBodyless(route.method)) query.set('t', String(target.t));

  const headers: Record<string, string> = { lang: target.lang };
  if (target.token) headers.authorization = target.token;
  if (contentType) headers['content-type'] = contentType;

  const search = query.toString();
  const path = search
    ? `${route.path}${route.path.includes('?') ? '&' : '?'}${search}`
    : route.path;
  const url = `${hostOf(route, target).replace(/\/+$/, '')}${path}`;
  const init = { method: route.method, headers };
  return { url, init: body === undefined ? init : { ...init, body } };
}

type Refuse = (msg: string) => ApiInputError;

interface Placement {
  readonly query: URLSearchParams;
  readonly body?: string | FormData;
  readonly contentType?: string;
}

/** GET and DELETE carry the payload in the query; other methods by their encoding. */
function placePayload(route: RouteDef, fields: [string, unknown][], refuse: Refuse): Placement {
  if (isBodyless(route.method) || route.encoding === 'query') {
    return { query: scalarParams(fields, refuse) };
  }
  const query = new URLSearchParams();
  switch (route.encoding) {
    case 'form':
      return {
        query,
        body: scalarParams(fields, refuse).toString(),
        contentType: 'application/x-www-form-urlencoded',
      };
    case 'json':
      return { query, body: jsonBody(fields, refuse), contentType: 'application/json' };
    case 'multipart':
      // No content type: fetch writes it, with the multipart boundary.
      return { query, body: multipartBody(fields, refuse) };
  }
}

function isBodyless(method: HttpMethod): boolean {
  return method === 'GET' || method === 'DELETE';
}

function hostOf(route: RouteDef, target: RequestTarget): string {
  if (route.host === 'provider') return target.providerUrl ?? target.baseUrl;
  if (route.host === 'origin') return target.originUrl ?? target.baseUrl;
  return target.baseUrl;
}

function scalarText(key: string, value: unknown, refuse: Refuse): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
    case 'boolean':
      return String(value);
    default:
      throw refuse(
        `${key}: expected a single value (string, number or boolean), received ${kindOf(value)}`,
      );
  }
}

function scalarParams(fields: [string, unknown][], refuse: Refuse): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of fields) params.append(key, scalarText(key, value, refuse));
  return params;
}

function multipartBody(fields: [string, unknown][], refuse: Refuse): FormData {
  const form = new FormData();
  for (const [key, value] of fields) {
    // A Blob (or File) goes as-is: FormData names the part after the field and keeps File names.
    if (value instanceof Blob) form.append(key, value);
    else form.append(key, scalarText(key, value, refuse));
  }
  return form;
}

function jsonBody(fields: [string, unknown][], refuse: Refuse): string {
  try {
    return JSON.stringify(Object.fromEntries(fields));
  } catch (error) {
    // BigInt and cyclic values are the only ways a parsed payload can fail to serialise.
    throw refuse(
      `(input): cannot be sent as JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value instanceof Blob) return 'a file (only multipart calls carry files)';
  return typeof value;
}
