/**
 * What the client benchmark reads inside the page: an init script that records the first
 * price on screen, long tasks and frame intervals, and the main thread's own counters over CDP
 * (`Performance.getMetrics`). The same probe goes into the app and the baseline page.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { CDPSession, Page } from 'playwright-core';

/**
 * The in-page recorder, as plain JavaScript text: a function handed to Playwright would be
 * serialised from tsx's output, which may name helpers that do not exist in the page.
 *
 * - `firstQuoteMs`: `performance.now()` (0 is navigation start) when an element
 *   `[data-testid="quote-price"]` (a quote row), `[data-testid="trade-price"]` (the trade
 *   screen's quote) or a price of the first screen the gateway painted into the page
 *   (`#first-screen .quote-price`) first shows a digit; its observer then disconnects, so it
 *   costs nothing during the windows.
 * - `lastResponseMs`: when the page's latest request (script, fetch, image…) finished, from
 *   Resource Timing: how the bench tells that a page's start-up work has settled. Observed
 *   from the first quote on (earlier entries come buffered), and long tasks from the first
 *   window on: an observer is bookkeeping on the main thread, kept out of the load measured.
 * - `start()` / `stop()`: one measuring window of long tasks (PerformanceObserver 'longtask',
 *   over 50 ms); `countFrames()` adds requestAnimationFrame intervals until `stop()`. The frame
 *   loop runs only then: its own callbacks are script on the page's main thread (≈ 25–30 ms/s
 *   at 4×, in either page), so the scripting counters are read while it sleeps.
 */
export const PROBE_SCRIPT = `(() => {
  if (window !== window.top) return;
  const probe = { firstQuoteMs: null, lastResponseMs: 0, recording: false, counting: false, since: 0, frames: [], longTasks: [] };
  let lastFrame = 0;
  const onFrame = (now) => {
    if (!probe.counting) return;
    if (lastFrame > 0) probe.frames.push(now - lastFrame);
    lastFrame = now;
    requestAnimationFrame(onFrame);
  };
  const longTasks = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (probe.recording && entry.startTime >= probe.since) probe.longTasks.push(entry.duration);
    }
  });
  const responses = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      probe.lastResponseMs = Math.max(probe.lastResponseMs, entry.responseEnd || entry.startTime + entry.duration);
    }
  });
  const showsPrice = () => {
    for (const element of document.querySelectorAll('[data-testid="quote-price"], [data-testid="trade-price"], #first-screen .quote-price')) {
      if (/[0-9]/.test(element.textContent || '')) return true;
    }
    return false;
  };
  const watcher = new MutationObserver(() => {
    if (probe.firstQuoteMs === null && showsPrice()) {
      probe.firstQuoteMs = performance.now();
      watcher.disconnect();
      responses.observe({ type: 'resource', buffered: true });
    }
  });
  watcher.observe(document, { childList: true, subtree: true, characterData: true });
  probe.start = () => {
    longTasks.observe({ type: 'longtask' });
    probe.frames = [];
    probe.longTasks = [];
    probe.since = performance.now();
    probe.recording = true;
  };
  probe.countFrames = () => {
    if (probe.counting) return;
    probe.counting = true;
    lastFrame = 0;
    requestAnimationFrame(onFrame);
  };
  probe.stop = () => {
    probe.recording = false;
    probe.counting = false;
    return { ms: performance.now() - probe.since, frames: probe.frames, longTasks: probe.longTasks };
  };
  Object.defineProperty(window, '__benchProbe', { value: probe });
})();`;

/**
 * An init script that logs the app in as `token`/`user` in English before its first script
 * runs, where the app keeps them (`pipstream.*` in localStorage, JSON-encoded).
 */
export function sessionScript(session: { token: string; user: unknown } | null): string {
  const entries: [string, unknown][] = [['pipstream.lang', 'en']];
  if (session) entries.push(['pipstream.token', session.token], ['pipstream.user', session.user]);
  const writes = entries.map(
    ([key, value]) =>
      `localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(JSON.stringify(value))});`,
  );
  return `if (window === window.top) { ${writes.join(' ')} }`;
}

/** The main thread's counters that a window reads: Chromium's `Performance.getMetrics`. */
export interface MainThreadMetrics {
  /** Seconds spent running script. */
  readonly ScriptDuration: number;
  /** Seconds the main thread was busy with any task. */
  readonly TaskDuration: number;
  /** Seconds of layout and of style recalculation. */
  readonly LayoutDuration: number;
  readonly RecalcStyleDuration: number;
  /** Bytes of the page's JS heap in use. */
  readonly JSHeapUsedSize: number;
}

export async function mainThreadMetrics(cdp: CDPSession): Promise<MainThreadMetrics> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const value = (name: keyof MainThreadMetrics) =>
    metrics.find((metric) => metric.name === name)?.value ?? Number.NaN;
  return {
    ScriptDuration: value('ScriptDuration'),
    TaskDuration: value('TaskDuration'),
    LayoutDuration: value('LayoutDuration'),
    RecalcStyleDuration: value('RecalcStyleDuration'),
    JSHeapUsedSize: value('JSHeapUsedSize'),
  };
}

/** What one measuring window recorded, before any statistics. */
export interface WindowSample {
  /** Length of the window as the page measured it (long tasks count over all of it). */
  readonly ms: number;
  /** requestAnimationFrame intervals of the window's second half, ms. */
  readonly frames: readonly number[];
  /** Durations of the long tasks that started in the window, ms. */
  readonly longTasks: readonly number[];
  /** Main-thread counters at the start and at the end of the window's first half… */
  readonly before: MainThreadMetrics;
  readonly after: MainThreadMetrics;
  /** …which lasted this long, ms. */
  readonly countersMs: number;
}

/**
 * Records one window of `ms` on `page` (whose probe is installed): long tasks throughout; the
 * main thread's counters over the first half, while the probe's frame loop sleeps (so the
 * probe's own script is not charged to the page); frame intervals over the second half.
 */
export async function recordWindow(page: Page, cdp: CDPSession, ms: number): Promise<WindowSample> {
  await page.evaluate('window.__benchProbe.start()');
  const before = await mainThreadMetrics(cdp);
  const countersFrom = performance.now();
  await sleep(ms / 2);
  const after = await mainThreadMetrics(cdp);
  const countersMs = performance.now() - countersFrom;
  await page.evaluate('window.__benchProbe.countFrames()');
  await sleep(ms / 2);
  const recorded = (await page.evaluate('window.__benchProbe.stop()')) as Pick<
    WindowSample,
    'ms' | 'frames' | 'longTasks'
  >;
  return { ...recorded, before, after, countersMs };
}

/**
 * `expression`'s value in the page, read by a bare CDP `Runtime.evaluate`, not Playwright's
 * `evaluate` or `waitForFunction`: they inject Playwright's own script into the page first,
 * ≈ 50–70 ms of the main thread at 4× in the middle of the load being measured.
 */
async function readInPage(cdp: CDPSession, expression: string): Promise<unknown> {
  const { result } = await cdp.send('Runtime.evaluate', { expression, returnByValue: true });
  return result.value;
}

/** How often the first price is looked for while a page loads, ms. */
const FIRST_QUOTE_POLL_MS = 25;

/**
 * Waits for the probe's first price and resolves its time from navigation start, ms (the probe
 * stamps it in the page; this only reads the stamp, see `readInPage`).
 */
export async function firstQuoteMs(cdp: CDPSession, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stamp = await readInPage(
      cdp,
      'window.__benchProbe ? window.__benchProbe.firstQuoteMs : null',
    );
    if (typeof stamp === 'number') return stamp;
    if (Date.now() > deadline) throw new Error(`no quote on screen within ${timeoutMs} ms`);
    await sleep(FIRST_QUOTE_POLL_MS);
  }
}

/** When a page's start-up counts as over, so that a window measures the page's steady state. */
export interface SettleRule {
  /** The least time after the page's first figure, ms. */
  readonly minMs: number;
  /** How long no request may have finished, ms. */
  readonly quietMs: number;
  /** The most time after the first figure: the window starts then anyway, ms. */
  readonly maxMs: number;
}

/**
 * Whether start-up is over `sinceFigureMs` after the page's first figure, its last request
 * having finished `sinceResponseMs` ago: both pages of a run are held to the same rule.
 */
export function startUpSettled(
  rule: SettleRule,
  sinceFigureMs: number,
  sinceResponseMs: number,
): boolean {
  if (sinceFigureMs >= rule.maxMs) return true;
  return sinceFigureMs >= rule.minMs && sinceResponseMs >= rule.quietMs;
}

/** How often a settling page is looked at, ms. */
const SETTLE_POLL_MS = 100;

/**
 * Waits until the page's start-up is over by `rule`, counted from now (the bench has just seen
 * the page's first figure), and resolves how long that took, ms. The app defers work it does
 * not need for its first screen (the REST client, the login's check, the holdings' read, the
 * logos); a window that started in the middle of it would charge start-up to the tick storm.
 */
export async function waitForStartUp(cdp: CDPSession, rule: SettleRule): Promise<number> {
  const from = performance.now();
  for (;;) {
    const sinceResponseMs = await readInPage(
      cdp,
      'performance.now() - window.__benchProbe.lastResponseMs',
    );
    const sinceFigureMs = performance.now() - from;
    if (startUpSettled(rule, sinceFigureMs, Number(sinceResponseMs))) return sinceFigureMs;
    await sleep(SETTLE_POLL_MS);
  }
}

/** Sets Chromium's CPU slow-down of the page (1 is none). */
export async function throttle(cdp: CDPSession, rate: number): Promise<void> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}
