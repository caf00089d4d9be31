import { describe, expect, it } from 'vitest';
import { newsDetailPath, newsIdOf } from './news-view.js';

describe('newsIdOf', () => {
  it('reads a whole number from 1', () => {
    expect(newsIdOf('id=3')).toBe(3);
    expect(newsIdOf('?id=27')).toBe(27);
    expect(newsIdOf('from=x&id=0012')).toBe(12);
    expect(newsIdOf(`id=${encodeURIComponent(' 5 ')}`)).toBe(5);
  });

  it.each(['', 'id=', 'id=0', 'id=-3', 'id=1.5', 'id=abc', 'id=1e3', 'id=0x10', 'ids=3'])(
    'refuses %j',
    (search) => {
      expect(newsIdOf(search)).toBeNull();
    },
  );

  it('refuses ids beyond a safe integer', () => {
    expect(newsIdOf('id=9999999999999999')).toBeNull();
    expect(newsIdOf('id=999999999999999')).toBe(999_999_999_999_999);
  });
});

describe('newsDetailPath', () => {
  it('names the item in the query, and reads back', () => {
    expect(newsDetailPath(7)).toBe('/news/detail?id=7');
    expect(newsIdOf(newsDetailPath(7).split('?')[1] ?? '')).toBe(7);
  });
});
