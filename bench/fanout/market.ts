/**
 * The feeder's market: a fixed universe of instruments whose prices take seeded random steps,
 * encoded in the upstream's own frame layouts (protocol `dayMarketFrameSchema` and
 * `klineFrameSchema`, `type` first as the upstream writes it). Every frame carries a key the
 * clients read back without parsing: a DAY_MARKET frame's ticks have `Time` = the frame's key
 * (its send time in ms), a KLINE frame's candle has `Volume` = the feeder's running count of
 * candle frames.
 */
import { klineTopic } from '@pipstream/protocol';
import { seededRandom } from '../../protocol/src/test-support/index.js';

interface Instrument {
  readonly Id: number;
  readonly Code: string;
  readonly decimals: number;
  readonly open: number;
  price: number;
  high: number;
  low: number;
  /** `Time` of its last tick; 0 before the first. */
  time: number;
}

export interface BenchMarketOptions {
  /** Instruments in the universe (their KLINE topics exist too). */
  readonly instruments: number;
  /** Ticks in one DAY_MARKET frame: 16 make a frame of about 2 KB. */
  readonly ticksPerFrame: number;
  readonly seed?: number;
}

/** `SYM001`, `SYM002`, …: valid instrument codes (protocol `instrumentCodeSchema`). */
export function benchCodes(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `SYM${String(i + 1).padStart(3, '0')}`);
}

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

/**
 * A market of `instruments` instruments; each DAY_MARKET frame moves the next `ticksPerFrame`
 * of them in turn, so the whole universe ticks and frames keep one size.
 */
export function createBenchMarket(options: BenchMarketOptions) {
  const random = seededRandom(options.seed ?? 9);
  const instruments: Instrument[] = benchCodes(options.instruments).map((Code, i) => {
    // Forex-like (1.x, 5 decimals) to index-like (10 000s, 2 decimals) magnitudes.
    const decimals = [5, 3, 2][i % 3] as number;
    const open = round((1 + random() * 9) * 10 ** (i % 5), decimals);
    return { Id: i + 1, Code, decimals, open, price: open, high: open, low: open, time: 0 };
  });
  const byCode = new Map(instruments.map((instrument) => [instrument.Code, instrument]));
  let cursor = 0;

  function step(instrument: Instrument, time: number) {
    const move = (random() - 0.5) * 0.002 * instrument.price;
    instrument.price = round(instrument.price + move, instrument.decimals);
    instrument.high = Math.max(instrument.high, instrument.price);
    instrument.low = Math.min(instrument.low, instrument.price);
    instrument.time = time;
  }

  function tickOf(instrument: Instrument) {
    const { Id, Code, open, price } = instrument;
    return {
      Id,
      Code,
      Open: open,
      High: instrument.high,
      Low: instrument.low,
      Close: price,
      Change: round(((price - open) / open) * 100, 2),
      Time: instrument.time,
    };
  }

  return {
    codes: instruments.map((instrument) => instrument.Code),

    /** Moves the next instruments and encodes their ticks, each stamped `time` (the key). */
    dayMarket(time: number): Buffer {
      const ticks = [];
      for (let i = 0; i < options.ticksPerFrame; i++) {
        const instrument = instruments[cursor] as Instrument;
        cursor = (cursor + 1) % instruments.length;
        step(instrument, time);
        ticks.push(tickOf(instrument));
      }
      return Buffer.from(JSON.stringify({ type: 'DAY_MARKET', code: 1, data: ticks }));
    },

    /** The latest tick of every instrument that has ticked (a new subscriber's snapshot). */
    quotes(): Buffer | undefined {
      const ticked = instruments.filter((instrument) => instrument.time > 0);
      if (ticked.length === 0) return undefined;
      return Buffer.from(JSON.stringify({ type: 'DAY_MARKET', code: 1, data: ticked.map(tickOf) }));
    },

    /** The current 1-minute candle of `code` as a KLINE frame, its `Volume` set to `sequence`. */
    candle(code: string, sequence: number, time: number): Buffer | undefined {
      const instrument = byCode.get(code);
      if (!instrument) return undefined;
      const start = Math.floor(time / 60_000) * 60;
      const { open, high, low, price } = instrument;
      const data = {
        Time: start,
        Open: open,
        High: high,
        Low: low,
        Close: price,
        Volume: sequence,
      };
      return Buffer.from(JSON.stringify({ type: klineTopic(code, '1min'), code: 1, data }));
    },
  };
}

export type BenchMarket = ReturnType<typeof createBenchMarket>;
