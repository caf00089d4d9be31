import { z } from 'zod';
import { moneySchema, requiredText, text, wireInt } from '../schemas/primitives.js';

/** A call without payload. Unknown keys (such as the `t` of GET) are ignored. */
export const noPayload = z.object({});

/**
 * `data` of a command whose answer carries only a message. Whatever an upstream puts there
 * (`null`, `[]`, `""`) reads as null, so no client ever depends on it.
 */
export const ack = z.unknown().transform(() => null);

/** How long a new password may be: this project's bounds, which forms check before sending. */
export const PASSWORD_LENGTH = { min: 6, max: 64 } as const;

/** A password as typed, within `PASSWORD_LENGTH`. */
export const password = () =>
  z
    .string()
    .min(PASSWORD_LENGTH.min, `at least ${PASSWORD_LENGTH.min} characters`)
    .max(PASSWORD_LENGTH.max);

/** An e-mail address. */
export const email = () =>
  z.string().trim().toLowerCase().max(254).pipe(z.email('an e-mail address'));

/** A phone number without its area prefix: digits only, 5 to 15 of them. */
export const phone = () =>
  z
    .string()
    .trim()
    .regex(/^\d{5,15}$/, 'a phone number of 5 to 15 digits');

/** An area code id from `area_list`, as a query or form value. */
export const areaId = () => wireInt(1, 1_000_000);

/** The id of a row named by a query or form. */
export const idField = () => z.object({ id: wireInt(1) });

/** A verification code as sent by e-mail or SMS (this project's: 4 to 8 characters). */
export const code = () => requiredText(8);

/** Optional free text that may arrive as an empty form field. */
export const optionalText = (max: number) => text(max).optional();

/** An amount of money as typed, greater than 0 (a decimal string, so no float rounding). */
export const positiveAmount = () =>
  moneySchema.refine((v) => /[1-9]/.test(v) && !v.startsWith('-'), 'an amount greater than 0');
