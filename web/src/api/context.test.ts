import { describe, expect, it } from 'vitest';
import { provideApiContext, sendFirstScreenReads } from './index.js';

describe('the REST client’s context', () => {
  it('says so when used before boot gave it its context', () => {
    expect(() => sendFirstScreenReads(true)).toThrow('before boot gave it its context');
  });

  it('reads what boot gave it: no first-screen read while the browser says it is offline', () => {
    const told: string[] = [];
    provideApiContext({
      user: () => {
        told.push('user');
        return { lang: 'en', token: null };
      },
      browserOffline: () => true,
      toast: () => undefined,
      beginLoading: () => undefined,
      endLoading: () => undefined,
      answered: () => undefined,
      signOut: () => undefined,
    });
    expect(() => sendFirstScreenReads(true)).not.toThrow();
    expect(told).toEqual([]);
  });
});
