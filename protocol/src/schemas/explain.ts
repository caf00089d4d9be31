import type { z } from 'zod';

/**
 * One readable line for a failed parse, naming each field: `account: Too small: expected string
 * to have >=1 characters; password: Invalid input: expected string, received undefined`.
 * Used wherever input is refused, so a caller always learns which field was wrong.
 */
export function explainIssues(error: z.ZodError, max = 5): string {
  const parts = error.issues.slice(0, max).map((issue) => {
    const where = issue.path.length > 0 ? issue.path.map(String).join('.') : '(input)';
    return `${where}: ${issue.message}`;
  });
  const more = error.issues.length - max;
  return more > 0 ? `${parts.join('; ')}; and ${more} more` : parts.join('; ');
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** Parses without throwing; a failure carries the readable line of `explainIssues`. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): Parsed<z.output<S>> {
  const result = schema.safeParse(input);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, error: explainIssues(result.error) };
}
