import { describe, expect, it } from 'vitest';
import { formatAge } from './age.js';

describe('formatAge', () => {
  it('says how long ago in the largest unit that fits, in the language, with Latin digits', () => {
    expect(formatAge(12_000, 'en')).toBe('12 sec. ago');
    expect(formatAge(5 * 60_000 + 30_000, 'en')).toBe('5 min. ago');
    expect(formatAge(3 * 3_600_000, 'en')).toBe('3 hr. ago');
    expect(formatAge(90 * 60_000, 'en')).toBe('90 min. ago');
    expect(formatAge(3 * 86_400_000, 'en')).toBe('3 days ago');
    expect(formatAge(5 * 60_000, 'ar')).toMatch(/5/);
    expect(formatAge(5 * 60_000, 'de')).toBe('vor 5 Min.');
  });

  it('never says the future: a clock a little ahead reads as now', () => {
    expect(formatAge(-4000, 'en')).toBe('0 sec. ago');
    expect(formatAge(Number.NaN, 'en')).toBe('0 sec. ago');
  });
});
