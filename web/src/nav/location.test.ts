import { describe, expect, it } from 'vitest';
import { safeFrom, splitHash } from './location.js';

describe('splitHash', () => {
  it('reads the path and the query inside the hash, as the product writes its links', () => {
    expect(splitHash('#/register?invite_code=AB12')).toEqual({
      path: '/register',
      search: 'invite_code=AB12',
    });
    expect(splitHash('#/order')).toEqual({ path: '/order', search: '' });
  });

  it('reads an empty or bare hash as the home route', () => {
    expect(splitHash('')).toEqual({ path: '/', search: '' });
    expect(splitHash('#')).toEqual({ path: '/', search: '' });
    expect(splitHash('#/')).toEqual({ path: '/', search: '' });
    expect(splitHash('#/?lang=en')).toEqual({ path: '/', search: 'lang=en' });
  });

  it('ignores a trailing slash and a missing leading one', () => {
    expect(splitHash('#/mine/wallet/')).toEqual({ path: '/mine/wallet', search: '' });
    expect(splitHash('#news/detail?id=3')).toEqual({ path: '/news/detail', search: 'id=3' });
  });
});

describe('safeFrom', () => {
  it('keeps an in-app path with its query', () => {
    expect(safeFrom('from=%2Forder%3Ftype%3D1')).toBe('/order?type=1');
    expect(safeFrom('from=/trade')).toBe('/trade');
  });

  it('drops anything that could leave the app', () => {
    expect(safeFrom('')).toBeUndefined();
    expect(safeFrom('from=https://evil.test')).toBeUndefined();
    expect(safeFrom('from=//evil.test/x')).toBeUndefined();
    expect(safeFrom('from=order')).toBeUndefined();
  });
});
