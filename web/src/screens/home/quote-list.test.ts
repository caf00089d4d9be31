import { formatChangePercent } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { changeTone } from './quote-list.js';

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
