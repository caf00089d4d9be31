import { CODE } from '@pipstream/protocol';
import type { Refusal } from './admission.js';

/**
 * What the hub tells a browser it refuses, in one place: the HTTP answer of a refused socket
 * handshake (status and the `{code, msg}` envelope every answer has) and the `login_result` of a
 * refused login.
 */
export const HANDSHAKE_REFUSALS: Record<
  Refusal,
  { readonly status: number; readonly code: number; readonly msg: string }
> = {
  origin: { status: 403, code: CODE.FAILED, msg: 'origin not allowed' },
  ip_limit: { status: 429, code: CODE.RATE_LIMITED, msg: 'too many connections from this address' },
  ip_rate: {
    status: 429,
    code: CODE.RATE_LIMITED,
    msg: 'too many new connections from this address: try again in a few seconds',
  },
  shutting_down: { status: 503, code: CODE.UPSTREAM_UNAVAILABLE, msg: 'server restarting' },
};

/**
 * The `error` frame (code INVALID_INPUT) of a browser frame the hub will not act on: malformed,
 * binary, a private `sub` before login, an unknown topic. The socket stays open unless a close
 * follows.
 */
export function errorFrame(msg: string): string {
  return JSON.stringify({ type: 'error', code: CODE.INVALID_INPUT, msg });
}

/** Why a login was refused before it reached the upstream; the label of the refusal metric. */
export type LoginRefusal =
  | 'socket_rate'
  | 'unanswered'
  | 'address_rate'
  | 'address_sessions'
  | 'total_sessions';

/** The `login_result` of a refused login; the socket stays open for public topics. */
export const LOGIN_REFUSALS: Record<LoginRefusal, { readonly code: number; readonly msg: string }> =
  {
    socket_rate: {
      code: CODE.RATE_LIMITED,
      msg: 'too many logins on this connection: try again in a few seconds',
    },
    unanswered: {
      code: CODE.RATE_LIMITED,
      msg: 'too many logins on this connection are waiting for an answer: try again in a few seconds',
    },
    address_rate: {
      code: CODE.RATE_LIMITED,
      msg: 'too many logins from this address: try again in a few seconds',
    },
    address_sessions: {
      code: CODE.SESSIONS_FULL,
      msg: 'too many accounts logged in from this address: live account updates are unavailable, prices still stream',
    },
    total_sessions: {
      code: CODE.SESSIONS_FULL,
      msg: 'the server holds as many logged-in accounts as it may: live account updates are unavailable, prices still stream',
    },
  };

/**
 * The `login_result` of a login replaced before the upstream answered it, by a later login with
 * another token or by a logout: every login gets one answer, in order, so a client counting its
 * answers finds the one meant for its latest login.
 */
export const REPLACED_LOGINS = {
  login: JSON.stringify({
    type: 'login_result',
    code: CODE.LOGIN_REPLACED,
    msg: 'replaced by a later login before it was answered',
  }),
  logout: JSON.stringify({
    type: 'login_result',
    code: CODE.LOGIN_REPLACED,
    msg: 'ended by a logout before it was answered',
  }),
} as const;
