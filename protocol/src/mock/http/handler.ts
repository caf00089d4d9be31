import type { z } from 'zod';
import { CODE } from '../../envelope.js';
import type { RouteDef } from '../../routes/define.js';
import type { MessageKey, MessageParams } from '../messages.js';
import { Refusal } from '../refusal.js';

/** The logged-in user a call is made by. */
export interface Caller {
  readonly id: number;
  readonly uid: string;
  readonly isDemo: boolean;
  readonly email: string | null;
}

/** Everything a handler knows about the call besides its validated input. */
export interface CallContext {
  /** Present when the call carried a valid token (always, for `user` and `real` routes). */
  readonly caller: Caller | undefined;
  readonly token: string | undefined;
  /** The `lang` header, as sent. */
  readonly lang: string;
  readonly ip: string;
  /** The mock clock's time when the call arrived, in ms. */
  readonly now: number;
}

/** A successful answer with a `msg` (some successes toast their message). */
export class Reply<T> {
  constructor(
    readonly data: T,
    readonly key: MessageKey,
    readonly params?: MessageParams,
  ) {}
}

/** Answers `data` with the localized success message `key`. */
export function reply<T>(data: T, key: MessageKey, params?: MessageParams): Reply<T> {
  return new Reply(data, key, params);
}

type Data<R extends RouteDef> = z.input<R['response']>;

/**
 * A route's implementation: validated input in, `data` (or a `Reply` with a message) out.
 * Refusals are thrown with `refuse()`.
 */
export type Handler<R extends RouteDef> = (
  input: z.output<R['request']>,
  ctx: CallContext,
) => Data<R> | Reply<Data<R>> | Promise<Data<R> | Reply<Data<R>>>;

/** One handler per route of a table: a missing one is a compile error. */
export type Handlers<T extends Record<string, RouteDef>> = { [K in keyof T]: Handler<T[K]> };

/** The caller of a call that requires one; the dispatcher has already answered 999 otherwise. */
export function callerOf(ctx: CallContext): Caller {
  if (!ctx.caller) throw new Refusal('session_gone', undefined, CODE.SESSION_GONE);
  return ctx.caller;
}
