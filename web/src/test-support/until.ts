/** For unit tests: waits for a condition, or for the tasks already queued, never for a time. */
import { vi } from 'vitest';

/** Resolves once `check` passes; fails naming `what` after `timeoutMs`. */
export async function until(check: () => boolean, what: string, timeoutMs = 4000): Promise<void> {
  await vi.waitFor(
    () => {
      if (!check()) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: timeoutMs, interval: 10 },
  );
}

/** Resolves after the tasks queued so far (timers of 0 ms, settled fetches) have run. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
