/** What a search screen shows for its query and the results it has. */
export type SearchPhase = 'hint' | 'loading' | 'empty' | 'results';

/**
 * `hint` for a blank query; `loading` while there is nothing to show yet and an answer is
 * awaited (`results` null, or empty results of an older query); `empty` ("No data") for no
 * match; otherwise `results` — older results stay on screen while a newer query is pending.
 */
export function searchPhase(
  query: string,
  results: readonly unknown[] | null,
  pending = false,
): SearchPhase {
  if (query.trim() === '') return 'hint';
  if (results === null || (pending && results.length === 0)) return 'loading';
  return results.length === 0 ? 'empty' : 'results';
}
