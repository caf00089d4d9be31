import { describe, expect, it } from 'vitest';
import { tidyAddressOf } from './address.js';

describe('tidyAddressOf', () => {
  it('moves the route and query of a hash link into the path', () => {
    expect(tidyAddressOf('/', '', '#/register?invite_code=AB12')).toBe(
      '/register?invite_code=AB12',
    );
    expect(tidyAddressOf('/', '', '#/trade?id=7')).toBe('/trade?id=7');
    expect(tidyAddressOf('/', '', '#/order')).toBe('/order');
  });

  it('keeps the query outside the hash, the hash’s own value winning', () => {
    expect(tidyAddressOf('/', '?type=1', '#/order')).toBe('/order?type=1');
    expect(tidyAddressOf('/', '?id=1', '#/trade?id=3')).toBe('/trade?id=3');
  });

  it('takes the language out of the address', () => {
    expect(tidyAddressOf('/', '?lang=en', '#/news')).toBe('/news');
    expect(tidyAddressOf('/', '?lang=en', '#/trade?id=3')).toBe('/trade?id=3');
    expect(tidyAddressOf('/trade', '?id=3&lang=ar', '')).toBe('/trade?id=3');
    expect(tidyAddressOf('/', '?lang=hi', '')).toBe('/');
  });

  it('reads an empty or bare hash route as the home route', () => {
    expect(tidyAddressOf('/', '', '#')).toBe('/');
    expect(tidyAddressOf('/', '', '#/')).toBe('/');
  });

  it('drops a trailing slash', () => {
    expect(tidyAddressOf('/', '', '#/mine/wallet/')).toBe('/mine/wallet');
    expect(tidyAddressOf('/order/', '?type=1', '')).toBe('/order?type=1');
  });

  it('leaves a tidy address, and a hash that names no route, alone', () => {
    expect(tidyAddressOf('/trade', '?id=1', '')).toBeUndefined();
    expect(tidyAddressOf('/', '', '')).toBeUndefined();
    expect(tidyAddressOf('/news', '', '#top')).toBeUndefined();
  });
});
