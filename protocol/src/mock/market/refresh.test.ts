import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuoteTick } from '../../schemas/market.js';
import { QUOTE_REFRESH_MS } from '../../socket/freshness.js';
import { MARKET_STATUS } from './catalogue.js';
import { createMarketService } from './service.js';
import { marketDeps } from './test-support.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('quote refresh', () => {
  it('sends every open instrument at least every QUOTE_REFRESH_MS, moved or not', () => {
    vi.useFakeTimers();
    // Steps a minute apart: only the refresh can send anything within the test.
    const deps = marketDeps({ tickMs: 60_000, quoteRefreshMs: QUOTE_REFRESH_MS });
    const market = createMarketService(deps);
    const closed = market.instruments()[0];
    if (!closed) throw new Error('no instrument');
    // Closing it sends its quote once, saying so; nothing after.
    market.setMarketStatus(closed.Id, MARKET_STATUS.OPEN + 1);
    const lastSent = new Map<number, number>();
    const gaps: number[] = [];
    deps.events.on('ticks', (ticks: readonly QuoteTick[]) => {
      const now = deps.clock.now();
      for (const tick of ticks) {
        const before = lastSent.get(tick.Id);
        if (before !== undefined) gaps.push(now - before);
        lastSent.set(tick.Id, now);
      }
    });
    market.start();
    for (let second = 0; second < 30; second++) {
      deps.clock.advance(1000);
      vi.advanceTimersByTime(1000);
    }
    market.stop();
    const open = market.instruments().filter((i) => i.MarketStatus === MARKET_STATUS.OPEN);
    expect([...lastSent.keys()].sort()).toEqual(open.map((i) => i.Id).sort());
    expect(Math.max(...gaps)).toBeLessThanOrEqual(QUOTE_REFRESH_MS);
    expect(lastSent.has(closed.Id)).toBe(false);
  });

  it('sends only moves with quoteRefreshMs 0', () => {
    vi.useFakeTimers();
    const deps = marketDeps({ tickMs: 60_000, quoteRefreshMs: 0 });
    const market = createMarketService(deps);
    let frames = 0;
    deps.events.on('ticks', () => {
      frames += 1;
    });
    market.start();
    deps.clock.advance(20_000);
    vi.advanceTimersByTime(20_000);
    market.stop();
    expect(frames).toBe(0);
  });
});
