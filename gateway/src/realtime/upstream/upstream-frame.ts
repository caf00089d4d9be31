import { KEEP_ALIVE, PONG } from '@pipstream/protocol';

/** An upstream frame, routed by its `type` and read no further unless somebody needs it. */
export interface UpstreamFrame {
  /** The frame's `type` (the bare text itself for a pong or a keep-alive). */
  readonly type: string;
  /** The exact bytes the upstream sent: what every subscriber gets. */
  readonly raw: Buffer;
  /** The parsed JSON, when routing already needed it. */
  readonly parsed?: unknown;
}

const PONG_BYTES = Buffer.from(PONG);
const KEEP_ALIVE_BYTES = Buffer.from(KEEP_ALIVE);
const TYPE_PREFIX = Buffer.from('{"type":"');
/** Longest `type` the fast path reads: a KLINE topic is at most 64 characters. */
const MAX_TYPE_LENGTH = 80;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Finds the `type` of an upstream frame without parsing it. The upstream writes `type` first
 * (`{"type":"DAY_MARKET",…}`), so a prefix scan names the route; anything else — whitespace,
 * another key first, an escape in the name — falls back to one JSON.parse, whose result is
 * kept so the frame is never parsed twice. `undefined`: not a frame of the protocol.
 */
export function classifyUpstreamFrame(raw: Buffer): UpstreamFrame | undefined {
  if (raw.length === PONG_BYTES.length && raw.equals(PONG_BYTES)) return { type: PONG, raw };
  if (raw.length === KEEP_ALIVE_BYTES.length && raw.equals(KEEP_ALIVE_BYTES)) {
    return { type: KEEP_ALIVE, raw };
  }
  if (raw.length > TYPE_PREFIX.length && raw.subarray(0, TYPE_PREFIX.length).equals(TYPE_PREFIX)) {
    const start = TYPE_PREFIX.length;
    const limit = Math.min(raw.length, start + MAX_TYPE_LENGTH);
    for (let i = start; i < limit; i++) {
      const byte = raw[i];
      if (byte === BACKSLASH) break;
      if (byte === QUOTE) return { type: raw.toString('latin1', start, i), raw };
    }
  }
  return classifyByParsing(raw);
}

function classifyByParsing(raw: Buffer): UpstreamFrame | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || !('type' in parsed)) return undefined;
  const { type } = parsed;
  return typeof type === 'string' ? { type, raw, parsed } : undefined;
}

/** The frame's JSON: parsed now unless routing already did. */
export function parseUpstreamFrame(frame: UpstreamFrame): unknown {
  if (frame.parsed !== undefined) return frame.parsed;
  try {
    return JSON.parse(frame.raw.toString('utf8'));
  } catch {
    return undefined;
  }
}
