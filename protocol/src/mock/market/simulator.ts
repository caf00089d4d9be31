/**
 * The price walk and the day's figures of one instrument. Pure state and arithmetic: the market
 * service decides when to step, what to persist and what to emit.
 */
import type { QuoteTick } from '../../schemas/market.js';
import type { Rng } from '../rng.js';
import type { CatalogueEntry } from './catalogue.js';

export const DAY_MS = 86_400_000;

/**
 * Pull towards the start price, per day, of the log-price (an Ornstein–Uhlenbeck walk): a
 * half-life of about three weeks keeps a long run plausible (EURUSD stays within a few percent
 * of 1.085) while a day still trends freely.
 */
export const MEAN_REVERSION_PER_DAY = 1 / 30;

/** The live price of one instrument and its figures for the current UTC day. */
export interface PriceState {
  /** Unrounded walk value: moves smaller than the price precision still add up. */
  level: number;
  /** The quoted price: `level` at the instrument's precision. Orders fill at it. */
  price: number;
  /** UTC day number (ms ÷ DAY_MS) the day figures belong to. */
  day: number;
  open: number;
  high: number;
  low: number;
  /** When the price last changed (or the day last rolled), ms. */
  time: number;
}

/** The UTC day number of `ms`. */
export function utcDay(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/**
 * `price` at `precision` decimals, never below the smallest showable price (never 0). This runs
 * for every price and candle the simulator makes, so it avoids arithmetic/rounding's exact path:
 * an integer divided by a power of ten is correctly rounded, so the result is the same clean
 * double as the decimal text would parse to (half-way ties of a random walk need no care).
 */
export function roundPrice(price: number, precision: number): number {
  const scale = 10 ** precision;
  return Math.max(Math.round(price * scale), 1) / scale;
}

/**
 * One step of the walk: the log-price reverts towards `anchor` and takes a normal shock `z`
 * scaled to `dtDays` of `dailyVolatility`. A result that is not a positive finite number (it
 * cannot happen with finite inputs, but a price must never become NaN) keeps `level`.
 */
export function walk(
  level: number,
  anchor: number,
  dailyVolatility: number,
  dtDays: number,
  z: number,
): number {
  const x = Math.log(level / anchor);
  const next =
    anchor *
    Math.exp(x * (1 - MEAN_REVERSION_PER_DAY * dtDays) + dailyVolatility * Math.sqrt(dtDays) * z);
  return Number.isFinite(next) && next > 0 ? next : level;
}

/**
 * Percent change from `open` to `close`, at 2 decimals (this project's choice). Rounded like
 * `roundPrice`, for the same reason; `|| 0` turns a −0 into 0.
 */
export function changePercent(open: number, close: number): number {
  return open > 0 ? Math.round(((close - open) / open) * 10_000) / 100 || 0 : 0;
}

/** A state at `level`, with the day opening at `open`. */
export function createPriceState(
  entry: CatalogueEntry,
  level: number,
  open: number,
  now: number,
): PriceState {
  const precision = entry.instrument.PricePrecision;
  const price = roundPrice(level, precision);
  const dayOpen = roundPrice(open, precision);
  return {
    level,
    price,
    day: utcDay(now),
    open: dayOpen,
    high: Math.max(dayOpen, price),
    low: Math.min(dayOpen, price),
    time: now,
  };
}

/**
 * Where today opened on a first start, before any tick was seen: a plausible distance from the
 * current price for the part of the UTC day already gone, so Change is not 0 on every row.
 */
export function openingLevel(entry: CatalogueEntry, level: number, now: number, rng: Rng): number {
  const elapsedDays = (now - utcDay(now) * DAY_MS) / DAY_MS;
  return level * Math.exp(-entry.dailyVolatility * Math.sqrt(elapsedDays) * rng.normal());
}

/** Starts a new day at the current price when `now` is past the state's day. */
export function rollDay(state: PriceState, now: number): boolean {
  const day = utcDay(now);
  if (day <= state.day) return false;
  state.day = day;
  state.open = state.price;
  state.high = state.price;
  state.low = state.price;
  state.time = now;
  return true;
}

/** Moves the state to `level` at `now`; true when the quoted price changed. */
export function setLevel(state: PriceState, entry: CatalogueEntry, level: number, now: number) {
  rollDay(state, now);
  const price = roundPrice(level, entry.instrument.PricePrecision);
  state.level = level;
  if (price === state.price) return false;
  state.price = price;
  state.high = Math.max(state.high, price);
  state.low = Math.min(state.low, price);
  state.time = now;
  return true;
}

/** Moves the state one walk step of `dtDays`; true when the quoted price changed. */
export function stepState(
  state: PriceState,
  entry: CatalogueEntry,
  dtDays: number,
  rng: Rng,
  now: number,
): boolean {
  const level = walk(state.level, entry.startPrice, entry.dailyVolatility, dtDays, rng.normal());
  return setLevel(state, entry, level, now);
}

/** The state as a DAY_MARKET tick. */
export function toTick(state: PriceState, entry: CatalogueEntry): QuoteTick {
  return {
    Id: entry.instrument.Id,
    Code: entry.instrument.Code,
    Open: state.open,
    High: state.high,
    Low: state.low,
    Close: state.price,
    Change: changePercent(state.open, state.price),
    Time: state.time,
  };
}
