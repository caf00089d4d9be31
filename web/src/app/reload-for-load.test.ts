import { describe, expect, it } from 'vitest';
import { RELOAD_GAP_MS, reloadsForLoad } from './reload-for-load.js';

describe('a load the page cannot retry in place', () => {
  const failure = 'TypeError: Failed to fetch dynamically imported module: /assets/Orders-1.js';
  const now = 10 * RELOAD_GAP_MS;

  it('reloads the page only while the connection answers', () => {
    // The connection answers: the browser kept the failure, or a deploy replaced the chunk.
    expect(reloadsForLoad(true, failure, undefined, now)).toBe(true);
    // No signal: a reload would only show the browser's error page.
    expect(reloadsForLoad(false, failure, undefined, now)).toBe(false);
  });

  it('reloads once per gap for the same failure, and for another at once', () => {
    const last = { failure, at: now - 1000 };
    // The same load failing again after its reload: no loop.
    expect(reloadsForLoad(true, failure, last, now)).toBe(false);
    expect(reloadsForLoad(true, failure, last, last.at + RELOAD_GAP_MS)).toBe(true);
    // Another screen that failed since: its own reload.
    const other = failure.replace('Orders', 'UserCenter');
    expect(reloadsForLoad(true, other, last, now)).toBe(true);
  });
});
