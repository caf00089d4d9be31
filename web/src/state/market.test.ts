import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_MODULE, recordApiCalls } from '../test-support/api-calls.js';

/** market.ts over a recording API and a stand-in live worker. */
async function loadMarket() {
  vi.resetModules();
  const calls = recordApiCalls(() => []);
  vi.doMock('../live/bridge.js', () => ({
    liveWorker: () => ({ setInstruments: async () => undefined, setOnline: async () => undefined }),
  }));
  vi.stubGlobal('location', { pathname: '/trade', search: '', hash: '' });
  const market = await import('./market.js');
  const { followNetwork } = await import('./network.js');
  return { ...market, followNetwork, calls };
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

describe('the trade list with no signal', () => {
  afterEach(() => {
    vi.doUnmock(API_MODULE);
    vi.doUnmock('../live/bridge.js');
    vi.doUnmock('./device-copy.js');
    vi.unstubAllGlobals();
  });

  it('is not asked for while the browser says offline: the kept list shows, read once back', async () => {
    const kept = { instruments: [{ Id: 7, Code: 'EURUSD' }], categories: [{ Id: 1 }] };
    vi.doMock('./device-copy.js', () => ({
      loadQuotes: async () => kept,
      saveQuotes: async () => undefined,
      withLastPrices: (instruments: unknown) => instruments,
    }));
    const phone = { onLine: false };
    const browser = new EventTarget();
    vi.stubGlobal('navigator', phone);
    vi.stubGlobal('window', browser);
    const { refreshTradeList, followNetwork, market, calls } = await loadMarket();
    followNetwork();

    // Asked twice offline (the entry, then a navigation): nothing goes out, the copy shows.
    await refreshTradeList();
    await refreshTradeList();
    expect(calls).toEqual([]);
    expect(market.instruments.map((instrument) => instrument.Id)).toEqual([7]);
    expect(market.loaded).toBe(true);

    phone.onLine = true;
    browser.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(calls).toContain('tradeList'));
    expect(calls.filter((name) => name === 'tradeList')).toHaveLength(1);
  });

  it('shows no copy, and rejects nothing, when the copy’s own code cannot load', async () => {
    vi.doMock('./device-copy.js', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const { showQuotesCopy, market } = await loadMarket();
    await expect(showQuotesCopy()).resolves.toBeUndefined();
    expect(market.loaded).toBe(false);
  });
});
