/**
 * The quantities a scenario is written in, as a performance engineer types them on a command
 * line or in a config file: `250ms`, `30s`, `2m` (a bare number is seconds, as autocannon's
 * `-d`); `200/s` (a bare number is per second); `10%` (or a fraction, `0.1`). Each is a zod
 * schema, so a bad value is refused with the field named and an example of a good one.
 */
import { z } from 'zod';

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;
const DURATION = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/;
const RATE = /^(\d+(?:\.\d+)?)\s*(?:\/\s*s)?$/;
const SHARE = /^(\d+(?:\.\d+)?)\s*(%)?$/;

/** A number or the text of one: what a flag or a config file gives. */
const numberOrText = z.union([z.number(), z.string().max(64)]);

/** Milliseconds from `250ms`, `30s`, `2m`, `1h`, or seconds as a bare number. */
export const durationSchema = numberOrText.transform((value, ctx) => {
  const match = typeof value === 'number' ? null : DURATION.exec(value.trim());
  const ms =
    typeof value === 'number'
      ? value * 1000
      : match
        ? Number(match[1]) * UNIT_MS[(match[2] ?? 's') as keyof typeof UNIT_MS]
        : Number.NaN;
  if (!Number.isFinite(ms) || ms < 0) {
    ctx.addIssue({
      code: 'custom',
      message: `expected a duration such as 250ms, 30s or 2m, got ${JSON.stringify(value)}`,
    });
    return z.NEVER;
  }
  return ms;
});

/** Per second, from `200/s` or a bare number. */
export const rateSchema = numberOrText.transform((value, ctx) => {
  const match = typeof value === 'number' ? null : RATE.exec(value.trim());
  const rate = typeof value === 'number' ? value : match ? Number(match[1]) : Number.NaN;
  if (!Number.isFinite(rate) || rate < 0) {
    ctx.addIssue({
      code: 'custom',
      message: `expected a rate such as 200/s, got ${JSON.stringify(value)}`,
    });
    return z.NEVER;
  }
  return rate;
});

/** A fraction in [0, 1], from `99.9%` or a bare fraction (`0.999`). */
export const shareSchema = numberOrText.transform((value, ctx) => {
  const match = typeof value === 'number' ? null : SHARE.exec(value.trim());
  const share =
    typeof value === 'number'
      ? value
      : match
        ? // `99.9e-2`, not 99.9 / 100: the decimal the engineer wrote, not a float's error.
          Number(`${match[1]}${match[2] === '%' ? 'e-2' : ''}`)
        : Number.NaN;
  if (!(share >= 0 && share <= 1)) {
    ctx.addIssue({
      code: 'custom',
      message: `expected a share from 0% to 100% (or 0 to 1), got ${JSON.stringify(value)}`,
    });
    return z.NEVER;
  }
  return share;
});

/** A whole number in [min, max], from a number or its digits. */
export function countSchema(min: number, max: number) {
  return numberOrText.transform((value, ctx) => {
    const count =
      typeof value === 'number' ? value : /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
    if (!Number.isInteger(count) || count < min || count > max) {
      ctx.addIssue({
        code: 'custom',
        message: `expected a whole number from ${min} to ${max}, got ${JSON.stringify(value)}`,
      });
      return z.NEVER;
    }
    return count;
  });
}

/** `1.5 s`, `250 ms`, `12 µs`: a duration in ms as the reports print it. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return '–';
  if (ms >= 10_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 10) return `${ms.toFixed(1)} ms`;
  if (ms >= 1) return `${ms.toFixed(2)} ms`;
  return `${Math.round(ms * 1000)} µs`;
}

/** `99.95 %`: a fraction as the reports print it (two decimals, never rounded up to 100). */
export function formatShare(share: number): string {
  if (!Number.isFinite(share)) return '–';
  const hundredths = Math.floor(share * 10_000) / 100;
  return `${hundredths.toFixed(2)} %`;
}

/** `12 345`: a count with thin groups, as the reports print it. */
export function formatCount(count: number, digits = 0): string {
  if (!Number.isFinite(count)) return '–';
  const [whole = '0', fraction] = count.toFixed(digits).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
