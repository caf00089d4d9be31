/**
 * Instruments the mock does not list. Its catalogue is fixed at about 60 and has no option or
 * control action to add more, while the client is measured under 300: the copies here
 * fill the difference, each with its own id, code and random walk, ticking in the mock's rhythm.
 */
import type { Instrument, QuoteTick } from '@pipstream/protocol';
import { seededRandom } from '../../protocol/src/test-support/index.js';

/** Relative standard deviation of one step: enough for most ticks to move the shown price. */
const STEP_VOLATILITY = 0.0004;

/** The copies and their walks. */
export interface SyntheticMarket {
  /** The copies as the trade list lists them, with their current quotes. */
  instruments(): Instrument[];
  /** Moves every copy one step at `now` (ms since the epoch) and returns their ticks. */
  step(now: number): QuoteTick[];
}

interface Walk {
  readonly instrument: Instrument;
  readonly open: number;
  close: number;
  high: number;
  low: number;
  time: number;
}

/** The mock's change: percent from the day's open, two decimals. */
function changePercent(open: number, close: number): number {
  return open > 0 ? Math.round(((close - open) / open) * 10_000) / 100 || 0 : 0;
}

/**
 * Copies of the open instruments of `listed` until there are `total` in all (none when the
 * list is already that long). Copy ids follow the highest listed id; a copy's code is its
 * source's with `.2`, `.3`… after it, so rows and ticks tell them apart.
 */
export function createSyntheticMarket(
  listed: readonly Instrument[],
  total: number,
  seed = 1,
): SyntheticMarket {
  const sources = listed.filter((instrument) => instrument.MarketStatus === 1);
  const wanted = Math.max(0, total - listed.length);
  if (wanted > 0 && sources.length === 0) throw new Error('no open instrument to copy');
  const random = seededRandom(seed);
  const normal = () => {
    // Box–Muller; 1 - random() is never 0, so the logarithm is finite.
    const radius = Math.sqrt(-2 * Math.log(1 - random()));
    return radius * Math.cos(2 * Math.PI * random());
  };
  const firstId = Math.max(0, ...listed.map((instrument) => instrument.Id)) + 1;
  const walks: Walk[] = [];
  for (let i = 0; i < wanted; i++) {
    const source = sources[i % sources.length] as Instrument;
    const copy = Math.floor(i / sources.length) + 2;
    const { Open, Close } = source.ForexQuotations;
    walks.push({
      instrument: {
        ...source,
        Id: firstId + i,
        Code: `${source.Code}.${copy}`.slice(-32),
        ShowCode: `${source.ShowCode} ${copy}`,
      },
      open: Open,
      close: Close,
      high: Math.max(Open, Close),
      low: Math.min(Open, Close),
      time: 0,
    });
  }

  const round = (walk: Walk, price: number) =>
    Number(price.toFixed(walk.instrument.PricePrecision));

  return {
    instruments: () =>
      walks.map((walk) => ({
        ...walk.instrument,
        ForexQuotations: {
          Open: walk.open,
          Close: walk.close,
          Change: changePercent(walk.open, walk.close),
        },
      })),
    step(now) {
      return walks.map((walk) => {
        const next = round(walk, walk.close * Math.exp(STEP_VOLATILITY * normal()));
        // A price rounded to zero would be no price: keep the last one instead.
        if (next > 0) walk.close = next;
        walk.high = Math.max(walk.high, walk.close);
        walk.low = Math.min(walk.low, walk.close);
        walk.time = now;
        return {
          Id: walk.instrument.Id,
          Code: walk.instrument.Code,
          Open: walk.open,
          High: walk.high,
          Low: walk.low,
          Close: walk.close,
          Change: changePercent(walk.open, walk.close),
          Time: now,
        };
      });
    },
  };
}

/**
 * A DAY_MARKET frame of the mock (`raw`) with `extra` ticks after its own, in the mock's layout
 * (`type` first, which the gateway's router reads without parsing).
 */
export function widenDayMarketFrame(raw: string, extra: readonly QuoteTick[]): string {
  const frame = JSON.parse(raw) as { type: string; code: number; data: unknown[] };
  return JSON.stringify({ type: frame.type, code: frame.code, data: [...frame.data, ...extra] });
}

/**
 * A trade-list answer of the mock (`body`, the `{code, msg, data}` envelope) with `extra`
 * instruments after its own; when the call searched (`search`), only the copies whose code or
 * name holds the text, as the mock searches. Any other answer is returned as it was.
 */
export function widenTradeList(
  body: string,
  extra: readonly Instrument[],
  search?: string | null,
): string {
  const answer = JSON.parse(body) as { code: number; msg: string; data: unknown };
  if (answer.code !== 1 || !Array.isArray(answer.data)) return body;
  const needle = search?.trim().toLowerCase() ?? '';
  const matching = needle
    ? extra.filter((instrument) =>
        [instrument.Code, instrument.ShowCode].some((code) => code.toLowerCase().includes(needle)),
      )
    : extra;
  return JSON.stringify({ ...answer, data: [...answer.data, ...matching] });
}
