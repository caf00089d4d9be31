/**
 * Lists a device keeps (alerts, trailing stops, order details) read back from its storage, which
 * an older version or another tab may have written: each entry is checked on its own.
 */
import type { z } from 'zod';

/**
 * The entries of `stored` that pass `schema`, the first of each `keyOf` only, at most `max`:
 * a broken entry is dropped, never the whole list, and anything that is not a list reads as
 * none.
 */
export function readKeptList<S extends z.ZodType>(
  stored: unknown,
  schema: S,
  keyOf: (entry: z.output<S>) => string,
  max: number,
): z.output<S>[] {
  if (!Array.isArray(stored)) return [];
  const kept: z.output<S>[] = [];
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
