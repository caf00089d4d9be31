import { afterEach, describe, expect, it, vi } from 'vitest';

describe('the first screen’s preload', () => {
  afterEach(() => {
    vi.doUnmock('../screens/home/Home.js');
  });

  it('leaves a load that failed to the screen: nothing rejects unhandled', async () => {
    vi.resetModules();
    // The home screen's chunk cannot load (no network, and no service worker's copy).
    vi.doMock('../screens/home/Home.js', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      const { preloadScreen } = await import('./screens.js');
      preloadScreen('/');
      // Node tells of a rejection left unhandled once the microtasks have run: a macrotask later.
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });
});
