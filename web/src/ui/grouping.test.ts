import { describe, expect, it } from 'vitest';
import { groupsOf } from './grouping.js';

describe('groupsOf', () => {
  it('splits in fours from the start, keeping every character', () => {
    const address = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    const groups = groupsOf(address);
    expect(groups[0]).toBe('TR7N');
    expect(groups.at(-1)).toBe('6t');
    expect(groups.join('')).toBe(address);
    expect(groupsOf('4410009877660012')).toEqual(['4410', '0098', '7766', '0012']);
    expect(groupsOf('')).toEqual([]);
    expect(groupsOf('abcdef', 3)).toEqual(['abc', 'def']);
  });
});
