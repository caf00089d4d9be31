import { describe, expect, it } from 'vitest';
import { splitHash } from './location.js';

describe('splitHash', () => {
  it('reads the path and the query inside the hash, as SPEC links write them', () => {
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
