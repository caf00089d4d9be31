import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  /** Longest wait for in-flight requests before connections are cut (SHUTDOWN_GRACE_MS). */
  readonly graceMs: number;
  /** Signals that start the shutdown; default SIGTERM and SIGINT. */
  readonly signals?: readonly NodeJS.Signals[];
  /** Ends the process; default `process.exit`. */
  readonly exit?: (code: number) => void;
}

/** How a shutdown ended: everything finished, or the grace ran out and connections were cut. */
export type ShutdownOutcome = 'drained' | 'forced';

/**
 * Closes `app` within `graceMs`: `app.close()` tells every browser socket 1012 (the gateway's
 * preClose hook), stops accepting connections, answers 503 to new requests on open ones, waits
 * for in-flight requests and then closes the upstream connections. When the grace runs out,
 * every remaining connection is cut.
 */
export async function closeWithin(app: FastifyInstance, graceMs: number): Promise<ShutdownOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<ShutdownOutcome>((resolve) => {
    timer = setTimeout(() => resolve('forced'), graceMs);
  });
  const closed = app.close().then(
    (): ShutdownOutcome => 'drained',
    (error: unknown): ShutdownOutcome => {
      app.log.error({ err: error }, 'error while closing');
      return 'drained';
    },
  );
  const outcome = await Promise.race([closed, expired]);
  clearTimeout(timer);
  if (outcome === 'forced') {
    app.log.warn({ graceMs }, 'grace period over: cutting the remaining connections');
    app.server.closeAllConnections();
  }
  return outcome;
}

/**
 * On SIGTERM or SIGINT, closes `app` gracefully (`closeWithin`) and exits 0 — also when the
 * grace ran out and connections were cut: the process did what an orchestrator asked, within
 * the time it was given, so this is not a failure (this project's choice). A second signal
 * while closing changes nothing; the grace bounds the wait.
 *
 * @returns a function that removes the signal handlers.
 */
export function installShutdown(app: FastifyInstance, options: ShutdownOptions): () => void {
  const { graceMs, signals = ['SIGTERM', 'SIGINT'], exit = (code) => process.exit(code) } = options;
  let started = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (started) return;
    started = true;
    app.log.info({ signal, graceMs }, 'shutting down');
    void closeWithin(app, graceMs).then((outcome) => {
      app.log.info({ outcome }, 'stopped');
      exit(0);
    });
  };
  for (const signal of signals) process.on(signal, onSignal);
  return () => {
    for (const signal of signals) process.off(signal, onSignal);
  };
}
