/**
 * Reading back a list the device kept (alerts, trailing stops, drawings): storage an older
 * version or another tab wrote may hold anything, so each entry is checked on its own.
 */
import type { z } from 'zod';

/**
 * The entries of `stored` that pass `schema`, the first of each `keyOf` only, at most `max`:
 * a broken entry is dropped, never the whole list, and anything that is not a list reads as none.
 */
export function readKeptList<T>(
  stored: unknown,
  schema: z.ZodType<T>,
  keyOf: (entry: T) => string,
  max: number,
): T[] {
  if (!Array.isArray(stored)) return [];
  const kept: T[] = [];
  const seen = new Set<string>();
  for (const entry of stored) {
    const parsed = schema.safeParse(entry);
    if (!parsed.success) continue;
    const key = keyOf(parsed.data);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(parsed.data);
    if (kept.length === max) break;
  }
  return kept;
}
