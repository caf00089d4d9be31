import { afterEach, describe, expect, it, vi } from 'vitest';
import { provideApiContext, sendFirstScreenReads } from './index.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the REST client’s context', () => {
  it('says so when used before boot gave it its context', () => {
    expect(() => sendFirstScreenReads(true)).toThrow('before boot gave it its context');
  });

  it('reads what boot gave it: no first-screen read while the browser says it is offline', () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', (...args: unknown[]) => {
      sent.push(args);
      return new Promise(() => undefined);
    });
    vi.stubGlobal('location', new URL('http://localhost/'));
    provideApiContext({
      user: () => ({ lang: 'en', token: null }),
      browserOffline: () => true,
      toast: () => undefined,
      beginLoading: () => undefined,
      endLoading: () => undefined,
      answered: () => undefined,
      signOut: () => undefined,
    });
    expect(() => sendFirstScreenReads(true)).not.toThrow();
    expect(sent).toEqual([]);
  });
});
