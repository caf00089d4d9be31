/**
 * Wraps a loader so concurrent callers share one run, and a failed run is forgotten (the next
 * caller tries again) while a successful one is kept.
 */
export function sharedLoad<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

/** Like `sharedLoad`, but every call after a settled run starts a new one (a refresh). */
export function singleFlight<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().finally(() => {
      pending = undefined;
    });
    return pending;
  };
}
