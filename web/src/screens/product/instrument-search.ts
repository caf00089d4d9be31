/**
 * The product search over the trade list (client-side, docs/product.md#routes `/product`): by Code
 * or ShowCode, ignoring case, width and separators, best matches first.
 */

/** What the search reads of an instrument. */
export interface Searchable {
  readonly Code: string;
  readonly ShowCode: string;
}

/**
 * A text as the search compares it: NFKC (full-width letters typed on an Asian keyboard read as
 * plain ones), lower case, without spaces, punctuation or symbols — so `eur/usd`, `EUR USD`
 * and `ｅｕｒｕｓｄ` all read `eurusd`.
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, '');
}

/** How well a code matches: 0 equal, 1 starts with the query, 2 contains it; `undefined` none. */
function rankOf(code: string, wanted: string): number | undefined {
  const key = searchKey(code);
  if (key === wanted) return 0;
  if (key.startsWith(wanted)) return 1;
  if (key.includes(wanted)) return 2;
  return undefined;
}

/**
 * The instruments whose Code or ShowCode contains `query`: exact matches first, then those
 * starting with it, then the rest, each group in trade-list order. A query with nothing to
 * compare (empty, or only spaces and punctuation) matches nothing.
 */
export function searchInstruments<T extends Searchable>(list: readonly T[], query: string): T[] {
  const wanted = searchKey(query);
  if (wanted === '') return [];
  const groups: T[][] = [[], [], []];
  for (const instrument of list) {
    const byCode = rankOf(instrument.Code, wanted);
    const byName = rankOf(instrument.ShowCode, wanted);
    const rank = Math.min(byCode ?? 3, byName ?? 3);
    groups[rank]?.push(instrument);
  }
  return groups.flat();
}
