/**
 * Waiting on a condition in tests and benchmarks: polled, with a deadline that names what was
 * awaited, never a fixed sleep standing in for it.
 */

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `condition` every `everyMs` until it holds; rejects naming `what` after `timeoutMs`. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 3000,
  everyMs = 5,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

/**
 * Polls `read` until `accept` takes its value, or fails after `timeoutMs` naming `what` (text,
 * or a function giving it then, e.g. with a process's output) and the last value read or the
 * last error thrown. Resolves the accepted value.
 */
export async function until<T>(
  what: string | (() => string),
  read: () => T | Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let failure: unknown;
  for (;;) {
    try {
      last = await read();
      failure = undefined;
      if (accept(last)) return last;
    } catch (error) {
      failure = error;
    }
    if (Date.now() > deadline) {
      const seen = failure === undefined ? JSON.stringify(last) : String(failure);
      const described = typeof what === 'string' ? what : what();
      throw new Error(`${described}: not within ${timeoutMs} ms (last: ${seen})`);
    }
    await sleep(50);
  }
}
