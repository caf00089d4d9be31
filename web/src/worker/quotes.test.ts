import { describe, expect, it } from 'vitest';
import { createChangeSet } from './changes.js';
import { instrument, tick } from './fixtures.js';
import { createQuotes } from './quotes.js';

/** Quotes on a clock the test moves, live since 0, with what they told their listeners. */
function quotesOnClock() {
  const clock = { now: 0, liveSince: 0 as number | null };
  const changes = createChangeSet();
  const priced: [number, number][] = [];
  const flipped: number[] = [];
  const quotes = createQuotes({
    changes,
    now: () => clock.now,
    liveSince: () => clock.liveSince,
    onPrice: (id, close) => priced.push([id, close]),
    onFreshness: (id) => flipped.push(id),
  });
  return { clock, changes, priced, flipped, quotes };
}

describe('the quotes', () => {
  it('start from the trade list, delayed until a quote comes, and drop a delisted one', () => {
    const { changes, quotes } = quotesOnClock();
    quotes.setInstruments([instrument(1), instrument(2)]);
    expect([...changes.quotes]).toEqual([1, 2]);
    expect(quotes.isDelayed(1)).toBe(true);
    expect(quotes.view(1)).toMatchObject({ close: 1.1, closeText: '1.10000', direction: 'flat' });
    changes.quotes.clear();
    quotes.setInstruments([instrument(1)]);
    expect([...changes.quotes]).toEqual([2]);
    expect(quotes.view(2)).toBeUndefined();
  });

  it('tell a tick’s price onwards only when a figure moved', () => {
    const { changes, priced, quotes } = quotesOnClock();
    quotes.setInstruments([instrument(1)]);
    quotes.applyTicks([tick(1, 1.2)]);
    expect(priced).toEqual([[1, 1.2]]);
    expect(quotes.view(1)).toMatchObject({ close: 1.2, prevClose: 1.1, direction: 'up' });
    changes.quotes.clear();
    quotes.applyTicks([tick(1, 1.2)]);
    expect(priced).toHaveLength(1);
    expect(changes.quotes.size).toBe(0);
  });

  it('tell a quote whose freshness flipped without a move', () => {
    const { clock, flipped, quotes } = quotesOnClock();
    quotes.setInstruments([instrument(1), instrument(2, { MarketStatus: 2 })]);
    quotes.applyTicks([tick(1, 1.1)]);
    expect(flipped).toEqual([2, 1]);
    clock.liveSince = null;
    quotes.refreshDelays(clock.now);
    expect(flipped).toEqual([2, 1, 1, 2]);
    expect(quotes.isDelayed(2)).toBe(true);
  });

  it('keep a status the feed told over a trade list read before it', () => {
    const { quotes } = quotesOnClock();
    quotes.setInstruments([instrument(1)]);
    quotes.applyTicks([tick(1, 1.1, { MarketStatus: 2 })]);
    expect(quotes.view(1)?.closed).toBe(true);
    // A list read before the market closed, answered after the feed said so.
    quotes.setInstruments([instrument(1, { MarketStatus: 1 })]);
    expect(quotes.view(1)?.closed).toBe(true);
    quotes.applyTicks([tick(1, 1.1, { MarketStatus: 1 })]);
    expect(quotes.view(1)?.closed).toBe(false);
  });

  it('follow the trade list’s status where the feed never tells it', () => {
    const { quotes } = quotesOnClock();
    quotes.setInstruments([instrument(1)]);
    quotes.applyTicks([tick(1, 1.2)]);
    quotes.setInstruments([instrument(1, { MarketStatus: 2 })]);
    expect(quotes.view(1)?.closed).toBe(true);
  });
});
