import { CODE } from '@pipstream/protocol';
import type { Refusal } from './admission.js';

/**
 * What the hub tells a browser it refuses, in one place: the HTTP answer of a refused socket
 * handshake (status and the `{code, msg}` envelope every answer has).
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
