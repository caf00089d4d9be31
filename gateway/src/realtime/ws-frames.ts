import { createRequire } from 'node:module';
import type { Duplex } from 'node:stream';
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
 * - `bufferedAmount` counts what waits in that socket, whoever wrote it.
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
}

const TEXT_OPCODE = 1;

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
  };
}

/** `undefined` with a ws this module was not checked against: send through ws instead. */
export const wireFrames: WireFrames | undefined = createWireFrames();
