import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CODE } from '../../envelope.js';
import { instrumentSchema, type QuoteTick, quoteTickSchema } from '../../schemas/market.js';
import { PERIODS } from '../../socket/topics.js';
import type { MockDeps } from '../deps.js';
import type { MockEventMap } from '../events.js';
import { Refusal } from '../refusal.js';
import { openDatabase } from '../store/db.js';
import { CANDLE_SLACK } from './candles.js';
import { CATALOGUE, MARKET_STATUS } from './catalogue.js';
import { createMarketService } from './service.js';
import { DAY_MS, utcDay } from './simulator.js';
import { expectConsistent, fixedClock, marketDeps, NOON } from './test-support.js';
import type { MarketService } from './types.js';

const OPEN_IDS = CATALOGUE.filter((e) => e.status === MARKET_STATUS.OPEN).map(
  (e) => e.instrument.Id,
);
const CLOSED_IDS = CATALOGUE.filter((e) => e.status !== MARKET_STATUS.OPEN).map(
  (e) => e.instrument.Id,
);
const EURUSD = 1;

/** Records what the market emits. */
function listen(deps: MockDeps) {
  const ticks: QuoteTick[][] = [];
  const candles: MockEventMap['candle'][] = [];
  deps.events.on('ticks', (batch) => ticks.push([...batch]));
  deps.events.on('candle', (event) => candles.push(event));
  return { ticks, candles };
}

function prices(market: MarketService): (number | undefined)[] {
  return CATALOGUE.map((e) => market.price(e.instrument.Id));
}

describe('market service: reads', () => {
  const deps = marketDeps({ historyCandles: 50 });
  const market = createMarketService(deps);

  it('lists every instrument with its live quote, valid for the trade list', () => {
    const list = market.instruments();
    expect(list).toHaveLength(CATALOGUE.length);
    for (const instrument of list) {
      expect(instrumentSchema.safeParse(instrument).success, instrument.Code).toBe(true);
      expect(instrument.ForexQuotations.Close).toBe(market.price(instrument.Id));
    }
    expect(market.instrument(EURUSD)?.Code).toBe('EURUSD');
    expect(market.byCode('XAUUSD')?.ForexContNum).toBe(100);
    expect(market.instrument(9999)).toBeUndefined();
    expect(market.byCode('NOPE')).toBeUndefined();
    expect(market.price(9999)).toBeUndefined();
  });

  it('hands out copies: changing an answer changes nothing inside', () => {
    const first = market.instrument(EURUSD);
    if (!first) throw new Error('EURUSD missing');
    first.HasForexMultiple.push({ Value: 1 });
    first.ForexQuotations.Close = 99;
    const [candle] = market.candles(EURUSD, '1min', 1);
    if (!candle) throw new Error('no candle');
    candle.Close = 99;
    expect(market.instrument(EURUSD)?.HasForexMultiple).not.toContainEqual({ Value: 1 });
    expect(market.instrument(EURUSD)?.ForexQuotations.Close).not.toBe(99);
    expect(market.candles(EURUSD, '1min', 1)[0]?.Close).not.toBe(99);
  });

  it('searches code and display code, case-insensitively', () => {
    const codes = (text: string) => market.search(text).map((i) => i.Code);
    expect(codes('eur')).toEqual(expect.arrayContaining(['EURUSD', 'EURGBP', 'EURJPY']));
    for (const code of codes('eur')) expect(code).toContain('EUR');
    expect(codes('xau/')).toEqual(['XAUUSD']);
    expect(codes('  btcUSDT ')).toEqual(['BTCUSDT']);
    expect(codes('oil')).toEqual(['USOIL', 'UKOIL']);
    expect(codes('')).toHaveLength(CATALOGUE.length);
    expect(codes('zzz')).toEqual([]);
  });

  it('has candle history for every period at once, current candle last', () => {
    for (const period of PERIODS) {
      const candles = market.candles(EURUSD, period);
      expect(candles).toHaveLength(50);
      expectConsistent(candles, period);
      expect(candles.at(-1)?.Close).toBe(market.price(EURUSD));
    }
    expect(market.candles(EURUSD, '5min', 7)).toEqual(market.candles(EURUSD, '5min').slice(-7));
    expect(market.candles(EURUSD, '5min', 0)).toEqual([]);
    expect(market.candles(9999, '5min')).toEqual([]);
  });

  it('agrees between the day candle and the day figures of the tick', () => {
    for (const tick of market.lastTicks()) {
      const day = market.candles(tick.Id, '1day', 1)[0];
      expect(day).toMatchObject({
        Open: tick.Open,
        High: tick.High,
        Low: tick.Low,
        Close: tick.Close,
      });
    }
  });

  it('gives a last tick for every instrument, open or closed', () => {
    const ticks = market.lastTicks();
    expect(ticks.map((t) => t.Id)).toEqual(CATALOGUE.map((e) => e.instrument.Id));
    for (const tick of ticks) expect(quoteTickSchema.safeParse(tick).success).toBe(true);
  });
});

describe('market service: stepping', () => {
  it('moves open markets, emitting a tick per moved instrument and its changed candles', () => {
    const deps = marketDeps();
    const market = createMarketService(deps);
    const seen = listen(deps);
    const before = prices(market);
    deps.clock.advance(500);
    market.step();

    expect(seen.ticks).toHaveLength(1);
    const batch = seen.ticks[0] ?? [];
    expect(batch.length).toBeGreaterThan(OPEN_IDS.length / 2);
    for (const tick of batch) {
      expect(quoteTickSchema.safeParse(tick).success).toBe(true);
      expect(OPEN_IDS).toContain(tick.Id);
      expect(tick.Close).not.toBe(before[tick.Id - 1]);
      expect(tick.Close).toBe(market.price(tick.Id));
      expect(tick.Time).toBe(deps.clock.now());
    }
    const moved = new Set(batch.map((t) => t.Id));
    for (const id of OPEN_IDS.filter((id) => !moved.has(id))) {
      expect(market.price(id)).toBe(before[id - 1]);
    }

    expect(seen.candles).toHaveLength(batch.length * PERIODS.length);
    for (const { code, period, candle } of seen.candles) {
      const id = market.byCode(code)?.Id ?? 0;
      expect(moved.has(id)).toBe(true);
      expect(candle).toEqual(market.candles(id, period, 1)[0]);
    }
  });

  it('keeps closed markets still, and stops or resumes one on a status change', () => {
    const deps = marketDeps();
    const market = createMarketService(deps);
    const seen = listen(deps);
    const closedBefore = CLOSED_IDS.map((id) => [market.price(id), market.candles(id, '1min')]);
    market.setMarketStatus(EURUSD, MARKET_STATUS.CLOSED);
    // The change itself is told on the feed at once: one quote, at its price, saying closed.
    const eurusd = market.price(EURUSD);
    expect(seen.ticks.splice(0)).toEqual([
      [expect.objectContaining({ Id: EURUSD, Close: eurusd, MarketStatus: MARKET_STATUS.CLOSED })],
    ]);
    for (let i = 0; i < 300; i++) {
      deps.clock.advance(500);
      market.step();
    }
    expect(CLOSED_IDS.map((id) => [market.price(id), market.candles(id, '1min')])).toEqual(
      closedBefore,
    );
    expect(market.price(EURUSD)).toBe(eurusd);
    expect(market.instrument(EURUSD)?.MarketStatus).toBe(MARKET_STATUS.CLOSED);
    const ticked = new Set(seen.ticks.flat().map((t) => t.Id));
    for (const id of [...CLOSED_IDS, EURUSD]) expect(ticked.has(id)).toBe(false);

    market.setMarketStatus(EURUSD, MARKET_STATUS.OPEN);
    expect(seen.ticks.at(-1)).toEqual([
      expect.objectContaining({ Id: EURUSD, MarketStatus: MARKET_STATUS.OPEN }),
    ]);
    for (let i = 0; i < 20; i++) market.step();
    expect(market.price(EURUSD)).not.toBe(eurusd);
    // Every quote says its market's status.
    expect(seen.ticks.flat().every((t) => t.MarketStatus === MARKET_STATUS.OPEN)).toBe(true);
  });

  it('stays plausible over a simulated day, with consistent candles of every period', () => {
    const tickMs = 60_000;
    const deps = marketDeps({ tickMs, historyCandles: 100 });
    const market = createMarketService(deps);
    let batches = 0;
    deps.events.on('ticks', () => {
      batches += 1;
    });
    const midnight = (utcDay(NOON) + 1) * DAY_MS;
    const broken: string[] = [];
    for (let i = 0; i < DAY_MS / tickMs; i++) {
      const now = deps.clock.now();
      const crossing = now < midnight && now + tickMs >= midnight;
      const before = crossing ? prices(market) : [];
      deps.clock.advance(tickMs);
      market.step();
      for (const e of CATALOGUE) {
        const price = market.price(e.instrument.Id) ?? Number.NaN;
        if (!(Number.isFinite(price) && price > 0)) broken.push(`${e.instrument.Code}: ${price}`);
      }
      if (crossing) {
        // The new day opens where the old one closed.
        const ticks = market.lastTicks();
        for (const id of OPEN_IDS) expect(ticks[id - 1]?.Open).toBe(before[id - 1]);
      }
    }
    expect(broken).toEqual([]);
    for (const e of CATALOGUE) {
      const { Id, Code } = e.instrument;
      const price = market.price(Id) ?? 0;
      expect(Math.abs(price / e.startPrice - 1), Code).toBeLessThan(0.35);
      for (const period of PERIODS) {
        const candles = market.candles(Id, period, 1000);
        expectConsistent(candles, period);
        expect(candles.length).toBeLessThanOrEqual(100 + CANDLE_SLACK);
      }
      // Open markets have a candle for the new day; closed ones still end on the day they closed.
      const today = market.candles(Id, '1day', 1)[0];
      expect(today?.Time).toBe(midnight / 1000 - (OPEN_IDS.includes(Id) ? 0 : DAY_MS / 1000));
    }
    expect(batches).toBe(DAY_MS / tickMs);
  });

  it('keeps the candles its live history drops for a chart paging back, as they were', () => {
    const deps = marketDeps({ historyCandles: 10, tickMs: 60_000 });
    const market = createMarketService(deps);
    const live = () => market.candles(EURUSD, '1min');
    // Paged back once: this series keeps an archive from now on.
    const older = market.candles(EURUSD, '1min', 10, live()[0]?.Time);
    const seen = new Map(live().map((candle) => [candle.Time, candle]));
    for (let i = 0; i < 10 + CANDLE_SLACK + 5; i++) {
      deps.clock.advance(60_000);
      market.step();
      for (const candle of live()) seen.set(candle.Time, candle);
    }
    const now = live();
    const first = now[0]?.Time ?? 0;
    const dropped = [...seen.values()].filter((candle) => candle.Time < first);
    expect(dropped.length).toBeGreaterThan(CANDLE_SLACK);
    // Paging back from the live history finds every dropped candle, then the first page.
    const between = market.candles(EURUSD, '1min', 500, first);
    expectConsistent([...between, ...now], '1min');
    expect(between.slice(-dropped.length)).toEqual(dropped);
    expect(between.slice(0, -dropped.length).slice(-older.length)).toEqual(older);
  });

  it('replays the same market for the same seed, and another for another seed', () => {
    const run = (seed: number) => {
      const deps = marketDeps({ seed });
      const market = createMarketService(deps);
      for (let i = 0; i < 200; i++) {
        deps.clock.advance(500);
        market.step();
      }
      return { ticks: market.lastTicks(), candles: market.candles(EURUSD, '1min') };
    };
    expect(run(5)).toEqual(run(5));
    expect(run(5).ticks).not.toEqual(run(6).ticks);
  });

  it('steps on its own every tickMs once started, and not after stop()', async () => {
    const deps = { ...marketDeps({ tickMs: 10 }), clock: fixedClock(Date.now()) };
    const market = createMarketService(deps);
    const seen = listen(deps);
    // The timers are the test's, so a loaded machine cannot starve the interval.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      market.start();
      market.start();
      vi.advanceTimersByTime(35);
      // Three intervals of 10 ms, and one timer however often start() is called.
      expect(seen.ticks).toHaveLength(3);
      market.stop();
      vi.advanceTimersByTime(100);
      expect(seen.ticks).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('market service: controls', () => {
  it('sets a price now and emits its tick and candles, open or closed', () => {
    const deps = marketDeps();
    const market = createMarketService(deps);
    const seen = listen(deps);
    market.setPrice(EURUSD, 1.2000049);
    expect(market.price(EURUSD)).toBe(1.2);
    expect(seen.ticks).toEqual([[expect.objectContaining({ Id: EURUSD, Close: 1.2, High: 1.2 })]]);
    expect(seen.candles.map((c) => c.period)).toEqual([...PERIODS]);
    for (const { candle } of seen.candles) expect(candle.Close).toBe(1.2);

    const closed = CLOSED_IDS[0] ?? 0;
    market.setPrice(closed, 123);
    expect(market.price(closed)).toBe(123);
    expect(seen.ticks.at(-1)).toEqual([expect.objectContaining({ Id: closed, Close: 123 })]);

    // Setting the same price again still tells the engine to look.
    market.setPrice(EURUSD, 1.2);
    expect(seen.ticks).toHaveLength(3);
  });

  it('refuses an unknown instrument and a price that is not positive', () => {
    const market = createMarketService(marketDeps());
    const refusal = (() => {
      try {
        market.setPrice(9999, 1);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(Refusal);
    expect(refusal).toMatchObject({ key: 'trade.unknown_instrument', code: CODE.NOT_FOUND });
    expect(() => market.setMarketStatus(9999, 1)).toThrow(Refusal);
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => market.setPrice(EURUSD, bad)).toThrow(RangeError);
    }
  });
});

describe('market service: persistence', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  function onDisk(path: string, clock = fixedClock(NOON)): MockDeps {
    return { ...marketDeps(), db: openDatabase(path), clock };
  }

  it('continues from the last prices, day opens and statuses after a restart', () => {
    dir = mkdtempSync(join(tmpdir(), 'pipstream-market-'));
    const clock = fixedClock(NOON);
    const first = onDisk(dir, clock);
    const market = createMarketService(first);
    for (let i = 0; i < 100; i++) {
      clock.advance(500);
      market.step();
    }
    market.setPrice(2, 1.3333);
    market.setMarketStatus(EURUSD, MARKET_STATUS.CLOSED);
    market.setMarketStatus(CLOSED_IDS[0] ?? 0, MARKET_STATUS.OPEN);
    const pricesBefore = prices(market);
    const ticksBefore = market.lastTicks().map(({ Open, Close }) => ({ Open, Close }));
    market.stop();
    first.db.close();
    // A stop after the owner closed the database has nothing to write and does not throw.
    market.stop();

    clock.advance(60_000);
    const second = onDisk(dir, clock);
    const again = createMarketService(second);
    expect(prices(again)).toEqual(pricesBefore);
    expect(again.lastTicks().map(({ Open, Close }) => ({ Open, Close }))).toEqual(ticksBefore);
    expect(again.price(2)).toBe(1.3333);
    expect(again.instrument(EURUSD)?.MarketStatus).toBe(MARKET_STATUS.CLOSED);
    expect(again.instrument(CLOSED_IDS[0] ?? 0)?.MarketStatus).toBe(MARKET_STATUS.OPEN);
    for (const period of PERIODS) {
      expect(again.candles(2, period).at(-1)?.Close).toBe(1.3333);
    }
    // It walks on from there, not from the catalogue's start price.
    again.step();
    expect(Math.abs((again.price(2) ?? 0) / 1.3333 - 1)).toBeLessThan(0.001);
    second.db.close();
  });

  it('opens a new day at the saved price when restarted on a later day', () => {
    dir = mkdtempSync(join(tmpdir(), 'pipstream-market-'));
    const clock = fixedClock(NOON);
    const first = onDisk(dir, clock);
    const market = createMarketService(first);
    market.setPrice(EURUSD, 1.1);
    market.stop();
    first.db.close();

    clock.advance(DAY_MS);
    const second = onDisk(dir, clock);
    const tick = createMarketService(second).lastTicks()[0];
    expect(tick).toMatchObject({ Id: EURUSD, Open: 1.1, Close: 1.1, Change: 0 });
    second.db.close();
  });
});
