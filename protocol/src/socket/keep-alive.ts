import { KEEP_ALIVE_MS } from './frames.js';

/** A socket a server keeps alive: whether anything went down it since the last sweep. */
export interface KeptAlive {
  /** Set by every write to the socket; the sweep clears it. */
  wroteSinceSweep: boolean;
}

/**
 * Keeps `sockets` (a live collection: sockets come and go) from falling silent, for a socket
 * server: one timer for all of them, sweeping every `KEEP_ALIVE_MS / 2`. A socket nothing was
 * written to since the previous sweep gets `sendKeepAlive` (which writes, and so marks it), so
 * no socket goes much longer than `KEEP_ALIVE_MS` without a frame, and one that carries a feed
 * gets none. The cost on the write path is one flag set per write. Returns the function that
 * stops the sweep.
 */
export function startKeepAlive<S extends KeptAlive>(
  sockets: Iterable<S>,
  sendKeepAlive: (socket: S) => void,
  everyMs: number = KEEP_ALIVE_MS / 2,
): () => void {
  const timer = setInterval(() => {
    for (const socket of sockets) {
      const quiet = !socket.wroteSinceSweep;
      socket.wroteSinceSweep = false;
      if (quiet) sendKeepAlive(socket);
    }
  }, everyMs);
  // A server's own timers must not keep a process alive that is otherwise done.
  (timer as { unref?: () => void }).unref?.();
  return () => clearInterval(timer);
}
