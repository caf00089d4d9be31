/**
 * A TCP relay in front of the gateway that keeps every byte the gateway sends each browser,
 * and an RFC 6455 / RFC 7692 reader of those bytes that owes nothing to ws: what a browser
 * really received — which frames were compressed, and what they inflate to.
 */

import type { AddressInfo } from 'node:net';
import { connect, createServer, type Socket } from 'node:net';
import * as zlib from 'node:zlib';

export interface TappedSocket {
  /** Every byte the gateway sent on this connection, its 101 answer first. */
  readonly fromGateway: Buffer[];
}

export interface WireTap {
  /** `ws://127.0.0.1:port/v1/ws`: a browser opened here reaches the gateway through the tap. */
  readonly url: string;
  readonly sockets: readonly TappedSocket[];
  close(): Promise<void>;
}

export async function startWireTap(gatewayPort: number): Promise<WireTap> {
  const sockets: TappedSocket[] = [];
  const open = new Set<Socket>();
  const server = createServer((browser) => {
    const tapped: TappedSocket = { fromGateway: [] };
    sockets.push(tapped);
    const gateway = connect(gatewayPort, '127.0.0.1');
    for (const end of [browser, gateway]) {
      open.add(end);
      end.on('close', () => open.delete(end));
      end.on('error', () => {});
    }
    gateway.on('data', (chunk: Buffer) => tapped.fromGateway.push(chunk));
    browser.pipe(gateway);
    gateway.pipe(browser);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/v1/ws`,
    sockets,
    async close() {
      for (const end of open) end.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** One frame as it crossed the wire. */
export interface WireFrame {
  readonly opcode: number;
  /** RSV1: a permessage-deflate message. */
  readonly compressed: boolean;
  /** The payload as sent (compressed when `compressed`). */
  readonly payload: Buffer;
}

/** The `Sec-WebSocket-Extensions` of the gateway's 101 answer, and the frames after it. */
export function readWire(bytes: Buffer): { extensions: string | undefined; frames: WireFrame[] } {
  const headEnd = bytes.indexOf('\r\n\r\n');
  if (headEnd < 0) throw new Error('no complete handshake answer on the wire');
  const head = bytes.subarray(0, headEnd).toString('latin1');
  const extensions = /^sec-websocket-extensions: *(.*)$/im.exec(head)?.[1];
  const frames: WireFrame[] = [];
  let at = headEnd + 4;
  while (at + 2 <= bytes.length) {
    const first = bytes[at] as number;
    const second = bytes[at + 1] as number;
    if (second & 0x80) throw new Error('a server frame must not be masked');
    let length = second & 0x7f;
    let offset = at + 2;
    if (length === 126) {
      length = bytes.readUInt16BE(offset);
      offset += 2;
    } else if (length === 127) {
      length = Number(bytes.readBigUInt64BE(offset));
      offset += 8;
    }
    if (offset + length > bytes.length) break;
    if (!(first & 0x80)) throw new Error('the gateway sends whole messages, never fragments');
    frames.push({
      opcode: first & 0x0f,
      compressed: (first & 0x40) !== 0,
      payload: bytes.subarray(offset, offset + length),
    });
    at = offset + length;
  }
  return { extensions, frames };
}

const TAIL = Buffer.from([0x00, 0x00, 0xff, 0xff]);

/**
 * A frame's message: its payload, inflated as RFC 7692 §7.2.2 says when RSV1 is set, by an
 * inflater that keeps only a `windowBits` window of history: it fails on a message compressed
 * for a larger window.
 */
export function messageOf(frame: WireFrame, windowBits = 15): Buffer {
  if (!frame.compressed) return frame.payload;
  return zlib.inflateRawSync(Buffer.concat([frame.payload, TAIL]), {
    windowBits,
    // Output in small pieces, so back-references are read from the window, not from the
    // output written so far (which zlib would allow at any distance).
    chunkSize: zlib.constants.Z_MIN_CHUNK,
    // The message ends with the flushed block, not with a final one.
    finishFlush: zlib.constants.Z_SYNC_FLUSH,
  });
}

/** The text frames a tapped socket carried, in order. */
export function textFrames(socket: TappedSocket): WireFrame[] {
  return readWire(Buffer.concat(socket.fromGateway)).frames.filter((f) => f.opcode === 1);
}
