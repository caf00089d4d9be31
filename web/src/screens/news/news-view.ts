/** The news list's row links: `/news/detail?id=…` (docs/product.md#routes). */
export function newsDetailPath(id: number): string {
  return `/news/detail?id=${id}`;
}

/**
 * The news id a `/news/detail` query names: a whole number from 1, written in digits only, or
 * `null` for anything else (missing, empty, `abc`, `1.5`, `-3`, too large), which the screen
 * shows as "not found" without asking the server.
 */
export function newsIdOf(search: string): number | null {
  const raw = new URLSearchParams(search).get('id')?.trim() ?? '';
  if (!/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 ? id : null;
}
