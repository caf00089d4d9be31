import type WebSocket from 'ws';
import * as ws from 'ws';

/**
 * One text frame framed once and written as is to every browser that gets it, rather than
 * framed anew by `socket.send` for each of them: fan-out encodes once, down to the
 * frame header. ws exports `Sender.frame` for this very use — a broadcast of one frame
 * (websockets/ws#1016) — but no public way to write a framed message, so the write goes
 * through the socket's own sender, only while nothing in ws could reorder or transform it:
 * no permessage-deflate on the socket, the sender idle. Otherwise, and with a ws whose
 * internals differ, `writeFramed` declines and the caller sends the ordinary way. The rule:
 * docs/architecture.md#fan-out.
 */

/** What the write relies on in ws 8 (lib/websocket.js, lib/sender.js); checked at each use. */
interface SenderInternals {
  /** 0 (DEFAULT): no compression or Blob read in flight, so no frame is queued ahead. */
  readonly _state?: number;
  sendFrame?(list: readonly Buffer[]): void;
}

interface SocketInternals {
  readonly _extensions?: Readonly<Record<string, unknown>>;
  readonly _sender?: SenderInternals | null;
}

interface FrameOptions {
  readonly fin: boolean;
  readonly rsv1: boolean;
  readonly opcode: number;
  readonly mask: boolean;
  readonly readOnly: boolean;
}

// A named export of ws's ESM entry that @types/ws does not declare.
const { Sender } = ws as unknown as {
  Sender?: { frame?(data: Buffer, options: FrameOptions): Buffer[] };
};

const TEXT_FRAME: FrameOptions = {
  fin: true,
  rsv1: false,
  opcode: 1,
  mask: false,
  readOnly: false,
};
const SENDER_IDLE = 0;

/** `text` as one unmasked, final, uncompressed text frame; `undefined` if ws cannot frame. */
export function frameText(text: Buffer): Buffer | undefined {
  const parts = Sender?.frame?.(text, TEXT_FRAME);
  return parts && Buffer.concat(parts);
}

/**
 * Writes `framed` (from `frameText`) to an open `socket`; false, having written nothing, when
 * the socket compresses or its sender is busy or unknown — then send the text with
 * `socket.send`.
 */
export function writeFramed(socket: WebSocket, framed: Buffer): boolean {
  const { _extensions, _sender } = socket as unknown as SocketInternals;
  if (!_sender?.sendFrame || _sender._state !== SENDER_IDLE) return false;
  if (!_extensions || 'permessage-deflate' in _extensions) return false;
  _sender.sendFrame([framed]);
  return true;
}
