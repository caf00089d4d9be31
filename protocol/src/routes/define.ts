import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How the request payload travels (docs/product.md#calls): GET and DELETE use query
 * parameters (plus `t`);
 * POST, PUT and PATCH send a body, form-encoded unless the call says multipart or JSON.
 */
export type PayloadEncoding = 'query' | 'form' | 'multipart' | 'json';

/** Who may make a call. `real` excludes demo accounts (docs/product.md#roles). */
export type Access = 'public' | 'user' | 'real';

/** What the answer is wrapped in: the `{code,msg,data}` envelope, or a bare document. */
export type AnswerKind = 'envelope' | 'raw';

export interface RouteFlags {
  /** A 999 on this call does not log out or redirect (e.g. the startup `user/info`). */
  readonly initial?: boolean;
  /** Failures are not toasted (docs/product.md#errors). */
  readonly noErrorToast?: boolean;
  /** The client shows the loading indicator while the call runs. */
  readonly showsLoading?: boolean;
  /** The answer's `msg` is toasted on success. */
  readonly toastOnSuccess?: boolean;
  /** Token-free GET made by every client on open: the gateway may micro-cache it. */
  readonly cacheable?: boolean;
}

export interface RouteDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType>
  extends RouteFlags {
  readonly method: HttpMethod;
  /** Path on the API host, e.g. `/api/user/info`. */
  readonly path: string;
  readonly encoding: PayloadEncoding;
  readonly access: Access;
  /** Schema of the payload (query parameters or body fields). */
  readonly request: Req;
  /** Schema of `data` in a successful envelope (or of the whole document when `answer` is raw). */
  readonly response: Res;
  readonly answer: AnswerKind;
  /** Which host serves the call: the API host, or the complaint provider's. */
  readonly host?: 'api' | 'provider' | 'origin';
  /** One line for the generated API documentation. */
  readonly summary: string;
}

type RouteInput<Req extends z.ZodType, Res extends z.ZodType> = Omit<
  RouteDef<Req, Res>,
  'encoding' | 'answer' | 'access'
> &
  Partial<Pick<RouteDef<Req, Res>, 'encoding' | 'answer' | 'access'>>;

/**
 * Declares one call. Defaults follow docs/product.md#calls: query encoding for GET/DELETE,
 * form-encoded bodies otherwise, the standard envelope, and access by a logged-in user.
 */
export function defineRoute<Req extends z.ZodType, Res extends z.ZodType>(
  def: RouteInput<Req, Res>,
): RouteDef<Req, Res> {
  const bodyless = def.method === 'GET' || def.method === 'DELETE';
  return {
    encoding: bodyless ? 'query' : 'form',
    answer: 'envelope',
    access: 'user',
    ...def,
  };
}

/** Request payload type of a route, as the caller writes it. */
export type RequestOf<R extends RouteDef> = z.input<R['request']>;
/** `data` type of a route's successful answer. */
export type ResponseOf<R extends RouteDef> = z.output<R['response']>;
