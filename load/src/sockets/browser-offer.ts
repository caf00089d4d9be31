/**
 * What a compressing simulated browser offers: ws's default offer, the one Chromium makes
 * (`permessage-deflate; client_max_window_bits`). Like Chromium it compresses every message it
 * sends, however small (ws would skip those under 1 KiB once the server asks
 * `client_no_context_takeover`). A small deflate memory level keeps thousands of the sockets'
 * own compressors (for their pings and subs) in a few hundred MB; the offer does not depend on
 * it. Shared by pipstream-load and the fan-out benchmark's clients.
 */
import type { PerMessageDeflateOptions } from 'ws';

export const BROWSER_OFFER: PerMessageDeflateOptions = {
  threshold: 0,
  zlibDeflateOptions: { memLevel: 1 },
};
