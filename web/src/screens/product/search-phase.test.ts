import { describe, expect, it } from 'vitest';
import { searchPhase } from './search-phase.js';

describe('searchPhase', () => {
  it('asks for a query while it is blank, whatever is held', () => {
    expect(searchPhase('', null)).toBe('hint');
    expect(searchPhase('   ', [1, 2], true)).toBe('hint');
  });

  it('is loading until there are results to judge', () => {
    expect(searchPhase('eur', null)).toBe('loading');
    expect(searchPhase('eur', [], true)).toBe('loading');
  });

  it('says there is no match once an answer is empty', () => {
    expect(searchPhase('zzz', [])).toBe('empty');
  });

  it('shows results, older ones too while a newer query is pending', () => {
    expect(searchPhase('eur', [1])).toBe('results');
    expect(searchPhase('euro', [1], true)).toBe('results');
  });
});
