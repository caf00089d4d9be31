import * as zlib from 'node:zlib';
import { wireFrames } from './ws-frames.js';

/**
 * Messages shorter than this go plain to every browser. Below it deflate saves little (a
 * 138-byte candle frame deflates to 119 bytes) and still costs the phone an inflation per
 * message; pongs, login results, errors, status frames and short private pushes stay plain.
 */
export const DEFLATE_FROM_BYTES = 512;

/** The window sizes permessage-deflate allows the server; zlib's raw deflate starts at 9. */
const MIN_WINDOW_BITS = 9;
const MAX_WINDOW_BITS = 15;

/** The empty stored block a sync flush ends with, which RFC 7692 leaves off the wire. */
const SYNC_FLUSH_TAIL = 4;

/**
 * Compresses one whole message as permessage-deflate does without context takeover: a raw
 * DEFLATE stream of `text` alone, flushed with Z_SYNC_FLUSH, its trailing 00 00 ff ff removed
 * (RFC 7692 §7.2.1). Synchronous: a quote frame of 6 KB takes ~0.1 ms, once for all browsers,
 * and the frame goes out in the same turn, in order with everything else.
 */
export function deflateMessage(text: Buffer, windowBits: number): Buffer {
  const deflated = zlib.deflateRawSync(text, {
    windowBits,
    finishFlush: zlib.constants.Z_SYNC_FLUSH,
  });
  return deflated.subarray(0, deflated.length - SYNC_FLUSH_TAIL);
}

/**
 * One message for any number of browsers: its text, and each way it goes on the wire — plain,
 * or compressed for a negotiated window size — built the first time a browser needs it and
 * reused for every other. An upstream frame is thus compressed at most once per window size
 * however many browsers get it (browsers offer no window size: all share one).
 */
export class SharedFrame {
  private plainFrame: Buffer | undefined;
  /** By window bits; `null`: compressed, it was no smaller, so the plain frame goes. */
  private deflatedFrames: (Buffer | null)[] | undefined;

  constructor(readonly text: Buffer) {}

  /** A frame of `text` (a short one: it is never worth compressing). */
  static of(text: string): SharedFrame {
    return new SharedFrame(Buffer.from(text));
  }

  /**
   * The frame for a browser that negotiated `windowBits` (0: no compression). Needs
   * `wireFrames`: browsers get ws's own frames without it.
   */
  wire(windowBits: number): Buffer {
    if (windowBits < MIN_WINDOW_BITS || this.text.length < DEFLATE_FROM_BYTES) return this.plain();
    this.deflatedFrames ??= [];
    let framed = this.deflatedFrames[windowBits];
    if (framed === undefined) {
      const deflated = deflateMessage(this.text, Math.min(windowBits, MAX_WINDOW_BITS));
      framed = deflated.length < this.text.length ? frameOf(deflated, true) : null;
      this.deflatedFrames[windowBits] = framed;
    }
    return framed ?? this.plain();
  }

  private plain(): Buffer {
    this.plainFrame ??= frameOf(this.text, false);
    return this.plainFrame;
  }
}

function frameOf(payload: Buffer, deflated: boolean): Buffer {
  if (!wireFrames) throw new Error('ws frames are not available: send through ws');
  return wireFrames.text(payload, deflated);
}
