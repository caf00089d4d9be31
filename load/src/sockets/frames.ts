/**
 * What the load reads of a frame, without parsing it: thousands of sockets each parsing every
 * quote frame would make the generator, not the server, the bottleneck. A frame's kind comes
 * from its leading `{"type":"…"` (the protocol's frames all start so; anything else is parsed
 * once to be sure), and a topic frame's identity is a hash of its bytes — the gateway forwards
 * the upstream's bytes unchanged to every subscriber, so the same frame hashes alike on every
 * socket and on the reference socket.
 */
import { hash } from 'node:crypto';
import { PONG } from '@pipstream/protocol';

const TYPE_PREFIX = Buffer.from('{"type":"');
const PONG_BYTES = Buffer.from(PONG);
const QUOTE = 0x22;
/** Longest type worth reading: a KLINE topic is at most 64 characters. */
const MAX_TYPE = 80;

/** The kinds a report counts frames by. */
export type FrameKind =
  | 'DAY_MARKET'
  | 'KLINE'
  | 'FOREX_TRADE'
  | 'FOREX_CLOSED'
  | 'pong'
  | 'login_result'
  | 'upstream'
  | 'error'
  | 'other';

export interface FrameInfo {
  readonly kind: FrameKind;
  /** The topic a topic frame carries (its `type`); undefined for the others. */
  readonly topic: string | undefined;
}

const KNOWN = new Set<string>([
  'DAY_MARKET',
  'FOREX_TRADE',
  'FOREX_CLOSED',
  'login_result',
  'upstream',
  'error',
]);

function typeByParsing(frame: Buffer): string | undefined {
  try {
    const value: unknown = JSON.parse(frame.toString('utf8'));
    const type = (value as { type?: unknown } | null)?.type;
    return typeof type === 'string' ? type : undefined;
  } catch {
    return undefined;
  }
}

/** The `type` of a frame: read from its first bytes when they are the usual ones. */
export function frameType(frame: Buffer): string | undefined {
  if (frame.length > TYPE_PREFIX.length && frame.compare(TYPE_PREFIX, 0, 9, 0, 9) === 0) {
    const end = frame.indexOf(QUOTE, TYPE_PREFIX.length);
    if (end > 0 && end - TYPE_PREFIX.length <= MAX_TYPE) {
      return frame.toString('latin1', TYPE_PREFIX.length, end);
    }
  }
  return typeByParsing(frame);
}

export function readFrame(frame: Buffer): FrameInfo {
  if (frame.equals(PONG_BYTES)) return { kind: 'pong', topic: undefined };
  const type = frameType(frame);
  if (type === undefined) return { kind: 'other', topic: undefined };
  if (type.startsWith('KLINE.')) return { kind: 'KLINE', topic: type };
  if (!KNOWN.has(type)) return { kind: 'other', topic: undefined };
  const kind = type as FrameKind;
  const topic =
    kind === 'DAY_MARKET' || kind === 'FOREX_TRADE' || kind === 'FOREX_CLOSED' ? type : undefined;
  return { kind, topic };
}

/** The identity of a topic frame: the same bytes on every socket give the same key. */
export function frameKey(frame: Buffer): string {
  return hash('sha1', frame, 'base64');
}

/** What a frame is, and its key when it is a topic frame. */
export interface ReadFrame extends FrameInfo {
  readonly key: string | undefined;
}

/**
 * Frames read already, by buffer: with shared inflation (shared-inflation.ts) every socket of a
 * process receives the very same buffer for a compressed frame, read and hashed once.
 */
const read = new WeakMap<Buffer, ReadFrame>();

export function readFrameOnce(frame: Buffer): ReadFrame {
  let known = read.get(frame);
  if (!known) {
    const info = readFrame(frame);
    const keyed = info.kind === 'DAY_MARKET' || info.kind === 'KLINE';
    known = { ...info, key: keyed ? frameKey(frame) : undefined };
    read.set(frame, known);
  }
  return known;
}

/** The state an `upstream` frame announces. */
export function upstreamState(frame: Buffer): 'down' | 'up' | undefined {
  const text = frame.toString('latin1');
  if (/"state"\s*:\s*"down"/.test(text)) return 'down';
  if (/"state"\s*:\s*"up"/.test(text)) return 'up';
  return undefined;
}

/** Wall-clock milliseconds with sub-millisecond precision, comparable between processes. */
export function wallClockMs(): number {
  return performance.timeOrigin + performance.now();
}
