import type { PerMessageDeflateOptions } from 'ws';
import { wireFrames } from './ws-frames.js';

/**
 * What ws negotiates with a browser that offers permessage-deflate (RFC 7692). The gateway
 * always asks `server_no_context_takeover`: each message is compressed on its own, so one
 * compression serves every browser (shared-frame.ts), and `client_no_context_takeover`:
 * each of the browser's messages is inflated on its own. The rest is the browser's to
 * choose: `client_max_window_bits` is taken as offered, and a
 * `server_max_window_bits` it asks for is honoured (its frames are compressed for that window).
 * ws itself never compresses here: the hub sends with `compress: false`.
 */
export const DEFLATE_NEGOTIATION: PerMessageDeflateOptions = {
  serverNoContextTakeover: true,
  // Asked of every browser, offered or not (RFC 7692 lets a server add it): each of its
  // messages then stands alone and is inflated without a per-socket inflater
  // (ws-frames.ts). A browser's messages (ping, sub, login) are tiny: it loses nothing.
  clientNoContextTakeover: true,
  // Where ws still inflates (a fragmented message): a small output chunk (zlib's is 16 KiB).
  zlibInflateOptions: { chunkSize: 1024 },
};

const EXTENSIONS_HEADER = 'sec-websocket-extensions:';
/** The window a server uses when the browser names none. */
const DEFAULT_WINDOW_BITS = 15;
/** zlib cannot write raw deflate for a 256-byte window: such a browser gets plain frames. */
const SMALLEST_WINDOW_BITS = 9;

/**
 * The window size the gateway's compressed frames to a browser may use, read from the
 * handshake's response headers (ws's 'headers' event); 0 when they go plain: no
 * permessage-deflate, context takeover kept, or a window too small for zlib.
 */
export function negotiatedWindowBits(responseHeaders: readonly string[]): number {
  const line = responseHeaders.find((header) => header.toLowerCase().startsWith(EXTENSIONS_HEADER));
  if (line === undefined || !wireFrames) return 0;
  const offer = line.slice(EXTENSIONS_HEADER.length).trim();
  const params = wireFrames.params(offer, 'permessage-deflate');
  if (!params?.server_no_context_takeover) return 0;
  const [asked] = params.server_max_window_bits ?? [];
  const bits = asked === undefined ? DEFAULT_WINDOW_BITS : Number(asked);
  return Number.isInteger(bits) && bits >= SMALLEST_WINDOW_BITS && bits <= DEFAULT_WINDOW_BITS
    ? bits
    : 0;
}
