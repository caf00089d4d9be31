/** What the home quote list shows, and how a quote's change is coloured. */

/** The instruments of one category in trade-list order; `null` is every category (the same list). */
export function inCategory<T extends { readonly CategoryId: number }>(
  instruments: readonly T[],
  categoryId: number | null,
): readonly T[] {
  if (categoryId === null) return instruments;
  return instruments.filter((instrument) => instrument.CategoryId === categoryId);
}

/** The colour of a change: up, down, or neither. */
export type ChangeTone = 'up' | 'down' | 'flat';

/**
 * The tone of a change as displayed (`'+1.23%'`, `'-0.50%'`, `'0.00%'`, `'--'`). Read from the
 * text rather than the number, so a change that rounds to 0.00 % is never coloured.
 */
export function changeTone(changeText: string | undefined): ChangeTone {
  if (changeText?.startsWith('+')) return 'up';
  if (changeText?.startsWith('-') && /[1-9]/.test(changeText)) return 'down';
  return 'flat';
}
