import { z } from 'zod';

const DECIMAL = /^-?\d{1,15}(\.\d{1,12})?$/;

/**
 * An exact amount of money on the wire: a decimal string such as `"1250.50"`. A number is
 * accepted too (some upstreams send them) and turned into its shortest decimal string, so
 * consumers always read a string and never do binary-float money arithmetic by accident.
 */
export const moneySchema = z
  .union([z.string().trim().regex(DECIMAL, 'a decimal amount such as 12.50'), z.number().finite()])
  .transform((v) => (typeof v === 'number' ? numberToDecimalString(v) : v));
export type Money = z.output<typeof moneySchema>;

function numberToDecimalString(n: number): string {
  // toFixed(12) then trim: avoids exponent notation (1e-7) while keeping every digit that a
  // double-precision amount can meaningfully carry.
  const s = n.toFixed(12).replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
}

/** A finite number (NaN and ±Infinity never pass). */
export const finite = () => z.number().finite();

const NUMERIC = /^-?\d{1,15}(\.\d{1,12})?$/;

/**
 * A number as it arrives in a query string or a form: a JSON number or a numeric string
 * (`"12"`, `"0.5"`). Unlike `z.coerce`, an empty or non-numeric string is refused rather than
 * read as 0 or NaN, and callers keep a `number | string` input type.
 */
export const wireNumber = () =>
  z
    .union([z.number(), z.string().trim().regex(NUMERIC, 'a number').transform(Number)], {
      error: (issue) => (issue.input === undefined ? 'required' : 'a number'),
    })
    .pipe(z.number().finite());

/** A whole number from a query or form, within bounds. */
export const wireInt = (min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER) =>
  wireNumber().pipe(z.number().int('a whole number').min(min).max(max));

/** One of a few numeric codes sent as a query or form value (`type=1`). */
export const wireChoice = <const V extends readonly [number, ...number[]]>(values: V) =>
  wireNumber().pipe(z.literal(values, { error: `one of ${values.join(', ')}` }));

/** A strictly positive id. */
export const idSchema = wireInt(1);
/** A page number: pages start at 1 (docs/product.md#constants). */
export const pageSchema = wireInt(1, 100_000).default(1);
/** A flag sent as 0/1 in queries and forms. */
export const bit = () => wireChoice([0, 1]);
/** Free text with an upper bound, trimmed. */
export const text = (max: number) => z.string().trim().max(max);
/** Required free text: non-empty after trimming. */
export const requiredText = (max: number) => z.string().trim().min(1).max(max);
/** An http(s) URL or a site-relative path such as `/uploads/a.png`. */
export const urlOrPath = () =>
  z
    .string()
    .max(2048)
    .regex(/^(https?:\/\/|\/)[^\s]*$/, 'an http(s) URL or a path starting with /');
/** Paged list answer shape used by several calls: `{data, total}`. */
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), total: z.number().int().min(0) });
