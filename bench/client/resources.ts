/**
 * What a benchmark starts side by side — processes, servers, a browser, temporary folders —
 * kept so that every one that did start is closed again, also when another one failed.
 */

/** Started things, closed in reverse order of their start. */
export interface Resources {
  /** Resolves `promise`'s value and registers `close` for it once it has started. */
  keep<T>(promise: Promise<T>, close: (value: T) => Promise<unknown>): Promise<T>;
  /** Closes everything kept so far; a failure to close one is reported and the rest still close. */
  closeAll(): Promise<void>;
}

export function createResources(): Resources {
  const closers: (() => Promise<unknown>)[] = [];
  return {
    async keep(promise, close) {
      const value = await promise;
      closers.push(() => close(value));
      return value;
    },
    async closeAll() {
      for (const close of closers.splice(0).reverse()) {
        try {
          await close();
        } catch (error) {
          console.error('could not close a benchmark resource:', error);
        }
      }
    },
  };
}

/**
 * Like `Promise.all`, but settles every promise before throwing the first failure, so nothing
 * still starting is left behind unregistered when another start fails.
 */
export async function allStarted<T extends readonly unknown[] | []>(
  promises: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const outcomes = await Promise.allSettled(promises as readonly unknown[]);
  for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
  return outcomes.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as {
    -readonly [K in keyof T]: Awaited<T[K]>;
  };
}
