/**
 * What a load client reads from a frame, without parsing it: JSON.parse of a 2 KB frame for
 * each of thousands of sockets would make the clients, not the server, the bottleneck of a
 * 2-core machine. The frames are the feeder's (see market.ts), forwarded byte for byte.
 */

const TYPE_PREFIX = Buffer.from('{"type":"');
const QUOTE = 0x22;
const TIME_FIELD = Buffer.from('"Time":');
const VOLUME_FIELD = Buffer.from('"Volume":');
const ZERO = 0x30;
const NINE = 0x39;

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes. */
export function wallClockMs(): number {
  return performance.timeOrigin + performance.now();
}

/** The `type` of a frame that starts with it (`{"type":"DAY_MARKET",…`); else `undefined`. */
export function frameType(frame: Buffer): string | undefined {
  if (frame.length <= TYPE_PREFIX.length || frame.compare(TYPE_PREFIX, 0, 9, 0, 9) !== 0) {
    return undefined;
  }
  const end = frame.indexOf(QUOTE, TYPE_PREFIX.length);
  return end < 0 ? undefined : frame.toString('latin1', TYPE_PREFIX.length, end);
}

/** The unsigned integer right after `at`; `NaN` when no digit is there. */
function integerAt(frame: Buffer, at: number): number {
  let value = Number.NaN;
  for (let i = at; i < frame.length; i++) {
    const byte = frame[i] as number;
    if (byte < ZERO || byte > NINE) break;
    value = (Number.isNaN(value) ? 0 : value * 10) + (byte - ZERO);
  }
  return value;
}

/** The largest whole-number value of `field` in `frame`; `NaN` when it has none. */
function largest(frame: Buffer, field: Buffer): number {
  let best = Number.NaN;
  for (let at = frame.indexOf(field); at >= 0; at = frame.indexOf(field, at + field.length)) {
    const value = integerAt(frame, at + field.length);
    if (value > best || Number.isNaN(best)) best = value;
  }
  return best;
}

/**
 * The key of a DAY_MARKET frame: its newest tick `Time`. A feeder frame stamps every tick with
 * its key; a frame the gateway merged for a slow browser holds ticks of several frames, and
 * the newest says which frame it delivers.
 */
export function dayMarketKey(frame: Buffer): number {
  return largest(frame, TIME_FIELD);
}

/** The key of a KLINE frame: its candle's `Volume`, the feeder's running frame count. */
export function klineKey(frame: Buffer): number {
  return largest(frame, VOLUME_FIELD);
}
