import { CODE } from '../envelope.js';
import type { MessageKey, MessageParams } from './messages.js';

/**
 * A refusal a handler answers with: an envelope with `code ≠ 1` and the message `key` in the
 * caller's language. Throwing it is the only way a handler says no.
 */
export class Refusal extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params?: MessageParams,
    readonly code: number = CODE.FAILED,
    /** Already-rendered detail (e.g. which field failed validation), appended in English. */
    readonly details?: string,
  ) {
    super(key);
    this.name = 'Refusal';
  }
}

/** Refuses the call with a localized message. */
export function refuse(key: MessageKey, params?: MessageParams, code: number = CODE.FAILED): never {
  throw new Refusal(key, params, code);
}
