import { CODE } from '../envelope.js';
import type { RouteFlags } from '../routes/define.js';

interface ClientErrorInit<C extends number | string> {
  /** Name of the call in the route table, e.g. `userInfo`. */
  readonly route: string;
  readonly flags: RouteFlags;
  readonly code: C;
  readonly msg: string;
  readonly cause?: unknown;
}

/**
 * Base of every failure of a REST call. It carries what the UI needs to react
 * (docs/product.md#errors): the call's name and flags (`noErrorToast`, `initial`, …), a `code` to
 * show and a `msg` to toast, and `cancelled` for calls the caller aborted (never toasted).
 */
export class ClientError<C extends number | string = number | string> extends Error {
  readonly route: string;
  readonly flags: RouteFlags;
  readonly code: C;
  readonly msg: string;
  /** True only when the caller aborted the call: the UI stays silent about it. */
  readonly cancelled: boolean = false;

  constructor(init: ClientErrorInit<C>) {
    super(`${init.route}: ${init.msg} (${init.code})`, { cause: init.cause });
    this.route = init.route;
    this.flags = init.flags;
    this.code = init.code;
    this.msg = init.msg;
  }
}

/** The server answered with an envelope whose code is not 1. */
export class ApiError extends ClientError<number> {
  override readonly name = 'ApiError';
  /**
   * HTTP status of the answer that carried the envelope (200 from the upstream, 502 from a
   * gateway…).
   */
  readonly httpStatus: number;

  constructor(init: ClientErrorInit<number> & { readonly httpStatus: number }) {
    super(init);
    this.httpStatus = init.httpStatus;
  }

  /** Code 999: the session is gone; the UI resets the user unless the call is `initial`. */
  get sessionGone(): boolean {
    return this.code === CODE.SESSION_GONE;
  }
}

/** The input broke the call's request schema; nothing was sent. `msg` names the field. */
export class ApiInputError extends ClientError<typeof CODE.INVALID_INPUT> {
  override readonly name = 'ApiInputError';

  constructor(init: Omit<ClientErrorInit<typeof CODE.INVALID_INPUT>, 'code'>) {
    super({ ...init, code: CODE.INVALID_INPUT });
  }
}

/**
 * The answer could not be understood: not JSON, not an envelope, or data that breaks the call's
 * response schema. `code` is `HTTP_<status>` when the status was an error (an HTML 502 page from
 * a proxy), else `BAD_RESPONSE`.
 */
export class ApiProtocolError extends ClientError<string> {
  override readonly name = 'ApiProtocolError';
  readonly httpStatus: number;

  constructor(init: Omit<ClientErrorInit<string>, 'code'> & { readonly httpStatus: number }) {
    const ok = init.httpStatus >= 200 && init.httpStatus < 300;
    super({ ...init, code: ok ? 'BAD_RESPONSE' : `HTTP_${init.httpStatus}` });
    this.httpStatus = init.httpStatus;
  }
}

/**
 * No answer arrived. `code` is `TIMEOUT`, `ABORTED` (the caller's signal; `cancelled` is true),
 * the system error code when the platform exposes one (`ECONNREFUSED`), or `NETWORK`.
 */
export class NetworkError extends ClientError<string> {
  override readonly name = 'NetworkError';
  override readonly cancelled: boolean;

  constructor(init: ClientErrorInit<string>) {
    super(init);
    this.cancelled = init.code === 'ABORTED';
  }
}

/** The flags of a route, without its schemas: what an error needs to carry to the UI. */
export function flagsOf(route: RouteFlags): RouteFlags {
  const { initial, noErrorToast, showsLoading, toastOnSuccess, cacheable } = route;
  return { initial, noErrorToast, showsLoading, toastOnSuccess, cacheable };
}
