import { describe, expect, it } from 'vitest';
import { type FirstScreenDeps, firstScreenShown } from './first-screen.js';

/** A hand-driven clock, store and idle queue. */
function harness(opensOnQuotes: boolean) {
  let loaded = false;
  const listeners = new Set<() => void>();
  const idle: { task: () => void; timeoutMs: number }[] = [];
  const timers: { ms: number; task: () => void; cancelled: boolean }[] = [];
  const deps: FirstScreenDeps = {
    opensOnQuotes,
    loaded: () => loaded,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    whenIdle: (task, timeoutMs) => idle.push({ task, timeoutMs }),
    after: (ms, task) => {
      const timer = { ms, task, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    deadlineMs: 3000,
    idleTimeoutMs: 1000,
  };
  let shown = false;
  const settled = () => new Promise<boolean>((resolve) => setTimeout(() => resolve(shown), 0));
  return {
    start: () => {
      void firstScreenShown(deps).then(() => {
        shown = true;
      });
    },
    settled,
    load: () => {
      loaded = true;
      for (const listener of listeners) listener();
    },
    listeners,
    idle,
    timers,
  };
}

describe('firstScreenShown', () => {
  it('resolves at once when the page opens on a screen without quotes', async () => {
    const page = harness(false);
    page.start();
    expect(await page.settled()).toBe(true);
    expect(page.listeners.size).toBe(0);
  });

  it('waits for the trade list, then for an idle moment', async () => {
    const page = harness(true);
    page.start();
    expect(await page.settled()).toBe(false);
    page.load();
    expect(await page.settled()).toBe(false);
    expect(page.idle).toHaveLength(1);
    expect(page.idle[0]?.timeoutMs).toBe(1000);
    // The list is in: nothing listens any more and the deadline is off.
    expect(page.listeners.size).toBe(0);
    expect(page.timers[0]?.cancelled).toBe(true);
    page.idle[0]?.task();
    expect(await page.settled()).toBe(true);
  });

  it('does not wait when the list is already in', async () => {
    const page = harness(true);
    page.load();
    page.start();
    expect(page.idle).toHaveLength(1);
    page.idle[0]?.task();
    expect(await page.settled()).toBe(true);
  });

  it('resolves at the deadline when the list never comes', async () => {
    const page = harness(true);
    page.start();
    const [deadline] = page.timers;
    expect(deadline?.ms).toBe(3000);
    deadline?.task();
    expect(await page.settled()).toBe(true);
    expect(page.listeners.size).toBe(0);
    // A list arriving later asks for no idle moment.
    page.load();
    expect(page.idle).toHaveLength(0);
  });
});
