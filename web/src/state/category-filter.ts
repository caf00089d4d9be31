/** The instruments of one category in trade-list order; `null` is every category (the same list). */
export function inCategory<T extends { readonly CategoryId: number }>(
  instruments: readonly T[],
  categoryId: number | null,
): readonly T[] {
  if (categoryId === null) return instruments;
  return instruments.filter((instrument) => instrument.CategoryId === categoryId);
}
