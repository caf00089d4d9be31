import { routes } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { CACHEABLE_PATHS, cacheKey } from './cacheable.js';

describe('CACHEABLE_PATHS', () => {
  it('holds the public calls every client makes on open', () => {
    for (const path of [
      '/v1/api/forex/trade_list',
      '/v1/api/forex/getCategories',
      '/v1/api/forex/abbreviated_cache_kline',
      '/v1/api/forex/kline',
      '/api/basicSet/getBasicInfo',
      '/api/news/list',
      '/api/default/area_list',
      '/api/company/getCompanyStatus',
    ]) {
      expect(CACHEABLE_PATHS.has(path), path).toBe(true);
    }
  });

  it('holds only public GETs of the API host', () => {
    const byPath = new Map(Object.values(routes).map((route) => [route.path, route]));
    for (const path of CACHEABLE_PATHS) {
      const route = byPath.get(path);
      expect(route?.method, path).toBe('GET');
      expect(route?.access, path).toBe('public');
      expect(route?.host ?? 'api', path).toBe('api');
    }
    expect(CACHEABLE_PATHS.has('/api/user/info')).toBe(false);
    expect(CACHEABLE_PATHS.has('/api/user/createAccountDemoForU')).toBe(false);
  });
});

describe('cacheKey', () => {
  it('ignores t and parameter order, and keeps lang', () => {
    expect(cacheKey('/a?x=1&t=5&y=2', 'en')).toBe(cacheKey('/a?y=2&x=1&t=9', 'en'));
    expect(cacheKey('/a?x=1', 'en')).toBe(cacheKey('/a?x=1&t=1', 'en'));
    expect(cacheKey('/a?x=1', 'en')).not.toBe(cacheKey('/a?x=1', 'fr'));
    expect(cacheKey('/a?x=1', 'en')).not.toBe(cacheKey('/a?x=2', 'en'));
    expect(cacheKey('/a', undefined)).not.toBe(cacheKey('/b', undefined));
  });
});
