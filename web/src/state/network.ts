/**
 * What the browser says of its network, for the reads that could only fail without one
 * (docs/product.md#opening-with-no-signal): they are not asked for while it says offline, and
 * are asked for once it says the network is back.
 */

/** Whether the browser says it has no network; never outside a browser (unit tests, the build). */
export function browserOffline(): boolean {
  return globalThis.navigator?.onLine === false;
}

/**
 * Runs `task` once, the next time the browser says the network is back. The same function
 * handed over again is still run once (the browser keeps one listener per function).
 */
export function whenBackOnline(task: () => void): void {
  if (typeof window !== 'undefined') window.addEventListener('online', task, { once: true });
}
