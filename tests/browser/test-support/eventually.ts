import { expect } from 'vitest';
import { UI_TIMEOUT_MS } from './browser.js';

/** What `expect.poll(read)` gives: the matchers, each resolving once it held. */
type PolledAssertion<T> = ReturnType<typeof expect.poll<T>>;

/**
 * `expect.poll(read)` with the patience of the rest of the harness (`UI_TIMEOUT_MS`) rather than
 * Vitest's default second: a figure that waits on a REST re-read and a socket push can take
 * longer than that on a loaded 2-core machine.
 */
export function eventually<T>(read: () => T): PolledAssertion<T> {
  return expect.poll(read, { timeout: UI_TIMEOUT_MS });
}
