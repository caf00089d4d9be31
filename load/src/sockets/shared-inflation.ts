/**
 * One inflation per distinct message per load process, instead of one per socket. Used by
 * pipstream-load's generators and the fan-out benchmark's clients.
 *
 * The gateway compresses each frame once, so every compressing socket of a run receives the
 * very same compressed bytes for it, and with server_no_context_takeover each message inflates
 * on its own. A phone inflates its own copy; 2 500 simulated phones in one process inflating
 * 2 500 copies of each frame (ws does it in the thread pool, through a queue of ten) would
 * saturate the load clients before the server, and the run would measure them. So a message
 * is inflated once, synchronously, and the text handed to every socket that receives it: each
 * socket still negotiates, receives and reads its compressed frames; the server's work is
 * unchanged.
 *
 * Replaces `PerMessageDeflate.prototype.decompress` (public in ws, which exports the class)
 * in this process only; a fragment of a message goes to ws's own inflater.
 */
import * as zlib from 'node:zlib';
import * as ws from 'ws';

type Decompress = (
  this: { readonly params: Readonly<Record<string, unknown>> | null },
  data: Buffer,
  fin: boolean,
  callback: (error: Error | null, result?: Buffer) => void,
) => void;

/** Distinct messages kept: a run's frames follow one another, a few suffice. */
const KEPT = 64;
/** What RFC 7692 leaves off the end of each message. */
const TAIL = Buffer.from([0x00, 0x00, 0xff, 0xff]);

export function shareInflation(): void {
  const { PerMessageDeflate } = ws as unknown as {
    PerMessageDeflate: { prototype: { decompress: Decompress } };
  };
  const inflate = PerMessageDeflate.prototype.decompress;
  const inflated = new Map<string, Buffer>();
  PerMessageDeflate.prototype.decompress = function (data, fin, callback) {
    const windowBits = this.params?.server_max_window_bits;
    if (!fin || this.params?.server_no_context_takeover !== true) {
      inflate.call(this, data, fin, callback);
      return;
    }
    const key = data.toString('latin1');
    let text = inflated.get(key);
    if (!text) {
      try {
        text = zlib.inflateRawSync(Buffer.concat([data, TAIL]), {
          windowBits: typeof windowBits === 'number' ? windowBits : 15,
          finishFlush: zlib.constants.Z_SYNC_FLUSH,
        });
      } catch (error) {
        queueMicrotask(() => callback(error as Error));
        return;
      }
      if (inflated.size >= KEPT) inflated.clear();
      inflated.set(key, text);
    }
    const message = text;
    // Never synchronously: ws's receiver expects the answer in a later turn.
    queueMicrotask(() => callback(null, message));
  };
}
