import { z } from 'zod';

/**
 * Response codes (docs/product.md#errors). `OK` and `SESSION_GONE` are the product's; the
 * others are this project's choice so that clients, the gateway and the mock upstream name
 * every failure the same way.
 */
export const CODE = {
  /** Success: the call resolves with `data`. */
  OK: 1,
  /** A refusal the user can act on (insufficient margin, market closed, …). */
  FAILED: 0,
  /** Input did not match the call's schema. */
  INVALID_INPUT: 422,
  /** A demo account asked for something only a real account may do. */
  REAL_ACCOUNT_REQUIRED: 403,
  /** Not found (unknown order, news item, route). */
  NOT_FOUND: 404,
  /**
   * A market order or close refused because the price moved beyond the deviation the trader
   * accepted from the price they confirmed (a requote): nothing traded, `msg` names the price
   * now. The app asks again at it.
   */
  REQUOTE: 412,
  /** Too many requests, or a cooldown (verification codes) still running. */
  RATE_LIMITED: 429,
  /** The gateway could not reach the upstream. */
  UPSTREAM_UNAVAILABLE: 502,
  /** The upstream did not answer within the gateway's timeout. */
  UPSTREAM_TIMEOUT: 504,
  /**
   * A socket `login` refused by the gateway: it holds as many upstream sessions as it may (in
   * total, or for the caller's address). The socket stays open for public topics.
   */
  SESSIONS_FULL: 503,
  /**
   * A socket `login` the gateway answers without a verdict: a later `login` or `logout` on the
   * same socket came before the upstream answered it. Only the latest login counts.
   */
  LOGIN_REPLACED: 409,
  /** The session is gone: clients reset the user and go to /login (unless the call is initial). */
  SESSION_GONE: 999,
} as const;
export type Code = (typeof CODE)[keyof typeof CODE];

/** The shape every REST answer has, whatever its code. */
export const envelopeSchema = z.object({
  code: z.number().int(),
  msg: z.string().default(''),
  data: z.unknown().optional(),
});
export type Envelope = z.infer<typeof envelopeSchema>;

/** The envelope of a successful answer whose `data` follows `data`. */
export function okEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(CODE.OK), msg: z.string().default(''), data });
}
