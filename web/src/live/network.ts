/**
 * Tells the live worker what the browser says of its network. The page hears `online` and
 * `offline` at once; the worker's socket would take three missed heartbeats (11–16 s) to notice
 * a dead connection, and meanwhile frozen prices would read as live.
 */

/** What the watcher needs; the app passes the window and the worker, tests stand-ins. */
export interface NetworkDeps {
  readonly target: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  readonly onLine: () => boolean;
  readonly tell: (online: boolean) => unknown;
}

/** Tells the current state now and on every change; returns the function that stops it. */
export function watchNetwork(deps: NetworkDeps): () => void {
  const tell = () => {
    Promise.resolve(deps.tell(deps.onLine())).catch((error: unknown) =>
      console.warn('live: the network state was not handed to the worker', error),
    );
  };
  tell();
  deps.target.addEventListener('online', tell);
  deps.target.addEventListener('offline', tell);
  return () => {
    deps.target.removeEventListener('online', tell);
    deps.target.removeEventListener('offline', tell);
  };
}
