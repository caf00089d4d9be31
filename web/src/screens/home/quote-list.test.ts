import { formatChangePercent } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { changeTone, inCategory } from './quote-list.js';

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

describe('changeTone', () => {
  it('colours rises up and falls down', () => {
    expect(changeTone(formatChangePercent(1.234))).toBe('up');
    expect(changeTone(formatChangePercent(-0.5))).toBe('down');
  });

  it('leaves a change that shows as zero, or no change, uncoloured', () => {
    expect(changeTone(formatChangePercent(0))).toBe('flat');
    expect(changeTone(formatChangePercent(0.001))).toBe('flat');
    expect(changeTone(formatChangePercent(-0.001))).toBe('flat');
    expect(changeTone('-0.00%')).toBe('flat');
    expect(changeTone('--')).toBe('flat');
    expect(changeTone(undefined)).toBe('flat');
  });
});
