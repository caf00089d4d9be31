import { describe, expect, it } from 'vitest';
import { inCategory } from './category-filter.js';

const list = [
  { Id: 1, CategoryId: 1 },
  { Id: 2, CategoryId: 2 },
  { Id: 3, CategoryId: 1 },
];

describe('inCategory', () => {
  it('keeps the instruments of one category in their order', () => {
    expect(inCategory(list, 1).map((i) => i.Id)).toEqual([1, 3]);
    expect(inCategory(list, 2).map((i) => i.Id)).toEqual([2]);
  });

  it('gives every instrument, as the same list, for no category', () => {
    expect(inCategory(list, null)).toBe(list);
  });

  it('gives nothing for a category without instruments', () => {
    expect(inCategory(list, 9)).toEqual([]);
  });
});
