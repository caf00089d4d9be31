import { CODE } from '../../envelope.js';
import type { Candle, Instrument, QuoteTick } from '../../schemas/market.js';
import { PERIOD_SECONDS, type Period } from '../../socket/topics.js';
import type { MockDeps } from '../deps.js';
import type { MockEventMap } from '../events.js';
import { refuse } from '../refusal.js';
import { createRng } from '../rng.js';
import { backfillBook, type CandleBook, candleTime, recordBookTick } from './candles.js';
import { CATALOGUE, type CatalogueEntry, MARKET_STATUS } from './catalogue.js';
import { createCandleArchive } from './older-candles.js';
import {
  changePercent,
  createPriceState,
  DAY_MS,
  openingLevel,
  type PriceState,
  rollDay,
  setLevel,
  stepState,
  toTick,
  utcDay,
} from './simulator.js';
import type { MarketService } from './types.js';

/**
 * Clock time between two writes of the prices while the simulator runs. Prices are quotes, not
 * answers anyone was given code 1 for, so a kill -9 may lose the last few seconds of the walk;
 * writing every tick would cost an fsync per tick. Control changes and stop() write at once.
 */
const PERSIST_EVERY_MS = 5000;

/**
 * Salts that give the walk and the back-filled history their own streams of the seed: history
 * length (config.historyCandles) does not change the prices, and other services' draws on
 * deps.rng never shift the market, so the same seed always replays the same walk.
 */
const WALK_SALT = 0x6d61726b;
const HISTORY_SALT = 0x68697374;

interface Live {
  readonly entry: CatalogueEntry;
  readonly state: PriceState;
  status: number;
  readonly candles: CandleBook;
  /** When its quote was last sent (a move or a refresh), clock ms. */
  sentAt: number;
  /** Its quotes are not sent (a control's fault): the feed for it has stopped. */
  stalled?: boolean;
}

/** How often the unsent quotes are looked for: the refresh interval is kept within this. */
const REFRESH_CHECK_MS = 1000;

interface StateRow {
  forex_id: number;
  last_price: number;
  day_open: number;
  market_status: number;
  updated_at: number;
}

/**
 * The mock's market: the catalogue, a seeded random walk per open instrument, candles of every
 * period, and the last prices, day opens and market statuses kept in `market_state` so a restart
 * continues where the previous run stopped (candle history is regenerated around those prices).
 */
export function createMarketService(deps: MockDeps): MarketService {
  const { db, clock, events, config } = deps;
  const walkRng = createRng(config.seed ^ WALK_SALT);
  const historyRng = createRng(config.seed ^ HISTORY_SALT);
  const stepDays = config.tickMs / DAY_MS;
  const keep = config.historyCandles;
  const archive = createCandleArchive(config.seed ^ HISTORY_SALT, keep);
  /** Series whose history a control set: nothing is older than their first candle. */
  const setHistories = new Set<string>();

  const upsert = db.prepare(
    `INSERT INTO market_state (forex_id, last_price, day_open, market_status, updated_at)
     VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (forex_id) DO UPDATE SET last_price = excluded.last_price,
       day_open = excluded.day_open, market_status = excluded.market_status,
       updated_at = excluded.updated_at`,
  );
  const writeAll = db.transaction((lives: readonly Live[], now: number) => {
    for (const { entry, state, status } of lives) {
      upsert.run(entry.instrument.Id, state.level, state.open, status, now);
    }
  });

  const lives = restore(clock.now());
  const byId = new Map(lives.map((live) => [live.entry.instrument.Id, live]));
  const byCode = new Map(lives.map((live) => [live.entry.instrument.Code, live]));
  let lastPersisted = 0;
  persist(clock.now());
  let timer: ReturnType<typeof setInterval> | undefined;
  let refreshTimer: ReturnType<typeof setInterval> | undefined;

  function restore(now: number): Live[] {
    const rows = db
      .prepare('SELECT forex_id, last_price, day_open, market_status, updated_at FROM market_state')
      .all() as StateRow[];
    const saved = new Map(rows.map((row) => [row.forex_id, row]));
    return CATALOGUE.map((entry) => {
      const row = saved.get(entry.instrument.Id);
      const usable = row !== undefined && isPrice(row.last_price);
      const level = usable ? row.last_price : entry.startPrice;
      // A saved day open is today's only if it was saved today; otherwise today opens now.
      const savedOpen =
        usable && utcDay(row.updated_at) === utcDay(now) && isPrice(row.day_open)
          ? row.day_open
          : level;
      const open = usable ? savedOpen : openingLevel(entry, level, now, historyRng);
      const state = createPriceState(entry, level, open, now);
      const candles = backfillBook(
        {
          count: keep,
          now,
          price: state.price,
          dayOpen: state.open,
          anchor: entry.startPrice,
          dailyVolatility: entry.dailyVolatility,
          precision: entry.instrument.PricePrecision,
          volumePerMinute: entry.volumePerMinute,
        },
        historyRng,
      );
      // The day's range so far is the back-filled day candle's, so ticks and chart agree.
      const today = candles['1day'].at(-1);
      if (today) {
        state.high = Math.max(state.high, today.High);
        state.low = Math.min(state.low, today.Low);
      }
      return {
        entry,
        state,
        status: usable ? row.market_status : entry.status,
        candles,
        sentAt: now,
      };
    });
  }

  function persist(now: number): void {
    // stop() may run after the owner closed the database; there is nothing left to write to.
    if (!db.open) return;
    for (const live of lives) rollDay(live.state, now);
    writeAll(lives, now);
    lastPersisted = now;
  }

  function find(id: number): Live {
    return byId.get(id) ?? refuse('trade.unknown_instrument', undefined, CODE.NOT_FOUND);
  }

  /** The live entry with its day figures brought to the clock's day, for reads. */
  function current(live: Live): Live {
    rollDay(live.state, clock.now());
    return live;
  }

  function toInstrument({ entry, state, status }: Live): Instrument {
    return {
      ...entry.instrument,
      HasForexMultiple: entry.instrument.HasForexMultiple.map((option) => ({ ...option })),
      MarketStatus: status,
      ForexQuotations: {
        Open: state.open,
        Close: state.price,
        Change: changePercent(state.open, state.price),
      },
    };
  }

  /** The quote `live` publishes: its price and, this project's addition, its market's status. */
  function tickOf(live: Live): QuoteTick {
    return { ...toTick(live.state, live.entry), MarketStatus: live.status };
  }

  /** Adds a tick to every period of `live`'s candles and collects the changed candles. */
  function recordCandles(live: Live, now: number, into: MarketCandleEvent[]): void {
    const volume = live.entry.volumePerMinute * (config.tickMs / 60_000) * (0.5 + walkRng.next());
    const code = live.entry.instrument.Code;
    const id = live.entry.instrument.Id;
    const keepDropped = (period: Period, dropped: Candle[]) => archive.keep(id, period, dropped);
    for (const [period, candle] of recordBookTick(
      live.candles,
      live.state.price,
      volume,
      now,
      keep,
      keepDropped,
    )) {
      into.push({ code, period, candle: { ...candle } });
    }
  }

  function publish(ticks: QuoteTick[], candles: MarketCandleEvent[]): void {
    if (ticks.length > 0) events.emit('ticks', ticks);
    for (const candle of candles) events.emit('candle', candle);
  }

  function step(): void {
    const now = clock.now();
    const ticks: QuoteTick[] = [];
    const candles: MarketCandleEvent[] = [];
    for (const live of lives) {
      rollDay(live.state, now);
      if (live.status !== MARKET_STATUS.OPEN || live.stalled) continue;
      if (!stepState(live.state, live.entry, stepDays, walkRng, now)) continue;
      live.sentAt = now;
      ticks.push(tickOf(live));
      recordCandles(live, now, candles);
    }
    publish(ticks, candles);
    if (now - lastPersisted >= PERSIST_EVERY_MS) persist(now);
  }

  /**
   * Sends again the quotes of open instruments that have not moved for a while, so none goes
   * unsent longer than `quoteRefreshMs`: a still quote reads as a live one, a missing one as a
   * stopped feed. Nothing moved, so no candle changes.
   */
  function refresh(): void {
    const now = clock.now();
    const due = config.quoteRefreshMs - REFRESH_CHECK_MS;
    const ticks: QuoteTick[] = [];
    for (const live of lives) {
      if (live.status !== MARKET_STATUS.OPEN || live.stalled || now - live.sentAt < due) continue;
      rollDay(live.state, now);
      live.sentAt = now;
      ticks.push(tickOf(live));
    }
    publish(ticks, []);
  }

  return {
    instruments: () => lives.map((live) => toInstrument(current(live))),
    instrument(id) {
      const live = byId.get(id);
      return live && toInstrument(current(live));
    },
    byCode(code) {
      const live = byCode.get(code);
      return live && toInstrument(current(live));
    },
    search(text) {
      const needle = text.trim().toLowerCase();
      return lives
        .filter(({ entry: { instrument } }) =>
          [instrument.Code, instrument.ShowCode].some((code) =>
            code.toLowerCase().includes(needle),
          ),
        )
        .map((live) => toInstrument(current(live)));
    },
    price: (id) => byId.get(id)?.state.price,
    candles(id, period: Period, limit = keep, before?: number): Candle[] {
      const live = byId.get(id);
      const series = live?.candles[period];
      if (!live || !series || limit <= 0) return [];
      if (before === undefined) return series.slice(-limit).map((candle) => ({ ...candle }));
      const recent = series.filter((candle) => candle.Time < before);
      const older =
        recent.length >= limit || setHistories.has(`${id}/${period}`)
          ? []
          : archive.before(id, period, series, before, limit - recent.length, {
              anchor: live.entry.startPrice,
              dailyVolatility: live.entry.dailyVolatility,
              precision: live.entry.instrument.PricePrecision,
              volumePerMinute: live.entry.volumePerMinute,
            });
      return [...older, ...recent.slice(-limit).map((candle) => ({ ...candle }))];
    },
    lastTicks: () => lives.map((live) => tickOf(current(live))),
    step,
    start() {
      if (timer) return;
      timer = setInterval(step, config.tickMs);
      // The simulator alone must not keep a process (or a test run) alive.
      timer.unref?.();
      if (config.quoteRefreshMs > 0) {
        refreshTimer = setInterval(refresh, Math.min(REFRESH_CHECK_MS, config.quoteRefreshMs));
        refreshTimer.unref?.();
      }
    },
    stop() {
      if (timer) clearInterval(timer);
      clearInterval(refreshTimer);
      timer = undefined;
      refreshTimer = undefined;
      persist(clock.now());
    },
    setPrice(id, price) {
      const live = find(id);
      if (!isPrice(price)) throw new RangeError(`price must be positive and finite, got ${price}`);
      const now = clock.now();
      setLevel(live.state, live.entry, price, now);
      // A tick even when the quote did not change: a test sets a price to make the engine look.
      live.state.time = now;
      live.sentAt = now;
      const candles: MarketCandleEvent[] = [];
      recordCandles(live, now, candles);
      publish([tickOf(live)], candles);
      persist(now);
    },
    setMarketStatus(id, status) {
      const live = find(id);
      const now = clock.now();
      live.status = status;
      // Told on the feed at once, as any change of the quote: a screen must not offer a closed
      // market for trading, nor keep one that opened closed (docs/product.md#market-status).
      rollDay(live.state, now);
      live.sentAt = now;
      publish([tickOf(live)], []);
      persist(now);
    },
    stallQuotes(id, stalled) {
      find(id).stalled = stalled;
    },
    setHistory(id, period, closes) {
      const live = find(id);
      if (!closes.every(isPrice)) throw new RangeError('every close must be positive and finite');
      live.candles[period] = historyOf(closes, period, clock.now());
      setHistories.add(`${id}/${period}`);
    },
  };
}

type MarketCandleEvent = MockEventMap['candle'];

/** Candles closing at `closes`, one period apart, the last one the current candle at `now`. */
function historyOf(closes: readonly number[], period: Period, now: number): Candle[] {
  const last = candleTime(now, period);
  const seconds = PERIOD_SECONDS[period];
  return closes.map((close, index) => {
    const open = closes[index - 1] ?? close;
    return {
      Time: last - (closes.length - 1 - index) * seconds,
      Open: open,
      High: Math.max(open, close),
      Low: Math.min(open, close),
      Close: close,
      Volume: 0,
    };
  });
}

function isPrice(value: number): boolean {
  return Number.isFinite(value) && value > 0;
}
