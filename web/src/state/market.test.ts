import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_MODULE, recordApiCalls } from '../api/test-support.js';

/** market.ts over a recording API and a stand-in live worker. */
async function loadMarket() {
  vi.resetModules();
  const calls = recordApiCalls(() => []);
  vi.doMock('../live/bridge.js', () => ({
    liveWorker: () => ({ setInstruments: async () => undefined }),
  }));
  vi.stubGlobal('location', { hash: '#/trade' });
  const market = await import('./market.js');
  return { ...market, calls };
}

describe('the first navigation’s trade list', () => {
  afterEach(() => {
    vi.doUnmock(API_MODULE);
    vi.doUnmock('../live/bridge.js');
    vi.unstubAllGlobals();
  });

  it('is the read the entry started; later navigations read again', async () => {
    const { startFirstTradeList, refreshTradeListOnNavigation, market, calls } = await loadMarket();
    startFirstTradeList();
    // The entry's read may well be done before the first render's navigation asks.
    await vi.waitFor(() => expect(market.loaded).toBe(true));
    await refreshTradeListOnNavigation();
    expect(calls.filter((name) => name === 'tradeList')).toHaveLength(1);
    await refreshTradeListOnNavigation();
    expect(calls.filter((name) => name === 'tradeList')).toHaveLength(2);
  });

  it('is read by the navigation itself when the entry started none', async () => {
    const { refreshTradeListOnNavigation, calls } = await loadMarket();
    await refreshTradeListOnNavigation();
    expect(calls).toContain('tradeList');
  });
});
