import { createRequire } from 'node:module';
import type { Duplex } from 'node:stream';
import * as zlib from 'node:zlib';
import { PING } from '@pipstream/protocol';
import * as ws from 'ws';

/**
 * The one place the gateway relies on `ws` beyond its declared API, so that a frame is built
 * once — compressed once, framed once — and the same bytes go to every browser that gets it
 * (ws frames and compresses anew on every `send`: one compressor per socket).
 *
 * What it relies on, checked against ws 8.23 (`ws-frames.test.ts` fails when any of it breaks;
 * gateway/package.json pins that exact ws, so an upgrade is a deliberate edit that runs it):
 * - `Sender.frame` and `extension.parse`, which ws exports and documents as public (its JSDoc)
 *   but `@types/ws` does not declare;
 * - ws writes a frame to the TCP socket synchronously, in call order, whenever its sender is
 *   idle — and it is busy only while compressing or reading a Blob, which the hub never asks
 *   for (every `send` of the hub passes `compress: false` and a Buffer or string). So a frame
 *   written straight to the socket lands between ws's own frames in call order;
 * - `bufferedAmount` counts what waits in that socket, whoever wrote it;
 * - a socket's negotiated permessage-deflate sits in its `_extensions`, and ws's receiver
 *   inflates a browser's message through that object's `decompress(data, fin, callback)`,
 *   waiting for the callback (its `_inflate` is the zlib stream it keeps once it made one, and
 *   closing it and setting it to null, as ws's own `cleanup` does, lets ws make a new one).
 *
 * Outside the verified major version `wireFrames` is `undefined`: browsers then get ws's own
 * plain frames and permessage-deflate is not offered. Compression is lost, nothing else.
 */

/** The oldest ws this was checked against, and the major version it holds for. */
const VERIFIED = { major: 8, minor: 23 } as const;

interface FrameOptions {
  readonly fin: boolean;
  readonly rsv1: boolean;
  readonly opcode: number;
  readonly mask: boolean;
  readonly readOnly: boolean;
}

type ExtensionOffers = Record<string, Record<string, (string | true)[]>[]>;

type Inflated = (error: Error | null, message?: Buffer) => void;

/** ws's permessage-deflate object of one socket, as far as the gateway touches it. */
interface SocketDeflate {
  readonly params?: Record<string, unknown>;
  _inflate?: unknown;
  decompress?(data: Buffer, fin: boolean, callback: Inflated): void;
}

// Named exports of ws's entry that @types/ws does not declare.
const { Sender, extension } = ws as unknown as {
  Sender?: { frame?(data: Buffer, options: FrameOptions): Buffer[] };
  extension?: { parse?(header: string): ExtensionOffers };
};

/** The installed ws's version, from its package.json (which ws exports). */
export const wsVersion: string = (
  createRequire(import.meta.url)('ws/package.json') as { version: string }
).version;

/** Whether `version` of ws is one this module holds for. */
export function verifiedVersion(version: string): boolean {
  const [major, minor] = version.split('.').map(Number);
  return major === VERIFIED.major && (minor ?? -1) >= VERIFIED.minor;
}

/** Building frames and reading the negotiated extension, with the ws installed. */
export interface WireFrames {
  /**
   * `payload` as one final, unmasked text frame, header and payload in one Buffer; `deflated`
   * sets RSV1: the payload is a permessage-deflate message (RFC 7692).
   */
  text(payload: Buffer, deflated: boolean): Buffer;
  /** The parameters of `name` in a `Sec-WebSocket-Extensions` value; `undefined` if absent. */
  params(header: string, name: string): Record<string, (string | true)[]> | undefined;
  /** Writes a frame from `text` to the browser's TCP socket, after every frame ws wrote. */
  write(socket: Duplex, frame: Buffer): void;
  /**
   * Inflates each compressed message `socket`'s browser sends on its own, at once, with no
   * inflater kept for the socket between messages (one in fragments goes through ws's, closed
   * after it); false when the browser keeps its compression context (no
   * `client_no_context_takeover`): ws's own inflater stays.
   */
  inflateEachMessage(socket: ws.WebSocket, maxPayload: number): boolean;
}

const TEXT_OPCODE = 1;

/** The empty stored block RFC 7692 leaves off each message; the inflater needs it back. */
const DEFLATE_TAIL = Buffer.from([0x00, 0x00, 0xff, 0xff]);

/**
 * Browsers compress every message once the extension is negotiated (Chromium even a 4-byte
 * ping), and ws keeps a zlib inflater per socket from the first one on (~10 KiB, idle or
 * not), each message a round trip through the zlib thread pool. Without context takeover a
 * message stands alone: one synchronous inflation of a few hundred bytes at most, no state.
 * A message in fragments goes through ws's inflater, which is let go once it is whole.
 */
function inflateEachMessage(socket: ws.WebSocket, maxPayload: number): boolean {
  const extensions = (socket as unknown as { _extensions?: Record<string, SocketDeflate> })
    ._extensions;
  const deflate = extensions?.['permessage-deflate'];
  const viaWs = deflate?.decompress;
  if (!deflate || !viaWs || deflate.params?.client_no_context_takeover !== true) return false;
  const windowBits =
    Number(deflate.params.client_max_window_bits) || zlib.constants.Z_MAX_WINDOWBITS;
  const inflate = createMessageInflater(windowBits, maxPayload);
  /** ws inflates `data`; once a message is whole, its inflater is closed rather than kept. */
  const throughWs = (data: Buffer, fin: boolean, callback: Inflated) =>
    viaWs.call(deflate, data, fin, (error, message) => {
      if (fin) releaseInflater(deflate);
      callback(error, message);
    });
  deflate.decompress = (data, fin, callback) => {
    // A message in fragments needs ws's inflater from its first fragment to its last.
    if (!fin || deflate._inflate) return throughWs(data, fin, callback);
    let message: Buffer;
    try {
      message = inflate(data);
    } catch {
      // Corrupt or too large: ws inflates it again and closes the socket with its own code.
      return throughWs(data, fin, callback);
    }
    // ws's receiver waits for its callback after it returned, as for its own inflater.
    queueMicrotask(() => callback(null, message));
  };
  return true;
}

/** Closes ws's inflater of a socket, as ws's own cleanup does: a new one is made if needed. */
function releaseInflater(deflate: SocketDeflate) {
  const inflater = deflate._inflate as { close(): void } | null | undefined;
  if (!inflater) return;
  inflater.close();
  deflate._inflate = null;
}

/** Output chunks sized for a browser's messages (zlib's default is 16 KiB a call). */
const INFLATE_CHUNK_BYTES = 1024;
const HEARTBEAT = Buffer.from(PING);

/**
 * One socket's messages that stand alone, inflated; throws when one is corrupt or inflates
 * more than a byte past `maxPayload` (0: no cap), which ws's receiver then refuses. Every zlib
 * inflation allocates its state and window afresh, but a message without context always
 * inflates to the same text: the socket's heartbeat (one every 5 s from each of thousands of
 * browsers) is inflated once and then recognised by its compressed bytes. Each socket keeps
 * its own, so no other socket's messages can make it inflate its heartbeat again.
 */
export function createMessageInflater(
  windowBits: number,
  maxPayload: number,
): (data: Buffer) => Buffer {
  let heartbeat: Buffer | undefined;
  const fits = maxPayload <= 0 || HEARTBEAT.length <= maxPayload;
  return (data) => {
    // A copy: the socket's listeners own the message they are given.
    if (fits && heartbeat?.equals(data)) return Buffer.from(HEARTBEAT);
    const message = zlib.inflateRawSync(Buffer.concat([data, DEFLATE_TAIL]), {
      windowBits,
      chunkSize: INFLATE_CHUNK_BYTES,
      // A message ends at a flush point, not at the end of a DEFLATE stream.
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
      // One byte past the cap: ws's receiver then refuses the message with its own close code.
      ...(maxPayload > 0 && { maxOutputLength: maxPayload + 1 }),
    });
    if (message.equals(HEARTBEAT)) heartbeat = Buffer.from(data);
    return message;
  };
}

function createWireFrames(): WireFrames | undefined {
  const frame = Sender?.frame;
  const parse = extension?.parse;
  if (!verifiedVersion(wsVersion) || !frame || !parse) return undefined;
  return {
    text(payload, deflated) {
      const options = { fin: true, rsv1: deflated, opcode: TEXT_OPCODE, mask: false };
      return Buffer.concat(frame(payload, { ...options, readOnly: false }));
    },
    params(header, name) {
      try {
        return parse(header)[name]?.[0];
      } catch {
        return undefined;
      }
    },
    write(socket, framed) {
      socket.write(framed);
    },
    inflateEachMessage,
  };
}

/** `undefined` with a ws this module was not checked against: send through ws instead. */
export const wireFrames: WireFrames | undefined = createWireFrames();
