/**
 * One measured visit of a page, from a cold phone context to its windows: the app (quotes,
 * then holdings in the same tab, as a trader moves) or the baseline (quotes).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser } from 'playwright-core';
import type { Trader } from './account.js';
import { type LoadFigures, loadFigures, type WindowFigures, windowFigures } from './figures.js';
import { openPhone, type Phone } from './phone.js';
import {
  firstQuoteMs,
  mainThreadMetrics,
  recordWindow,
  type SettleRule,
  sessionScript,
  throttle,
  waitForStartUp,
} from './probe.js';

/** How long each part of a visit lasts. */
export interface VisitPlan {
  /** CPU slow-downs of the quote windows, in order; the first is also the load's. */
  readonly quoteThrottles: readonly number[];
  /** CPU slow-downs of the holdings windows (the app only). */
  readonly orderThrottles: readonly number[];
  /** Length of one quote window, ms, by CPU slow-down. */
  readonly windowMs: Readonly<Record<number, number>>;
  /** Length of one holdings window, ms. */
  readonly orderWindowMs: number;
  /** When a page's start-up is over, after its first figure (late chunks, REST reads). */
  readonly startUp: SettleRule;
  /** Time given after a change of throttle, before a window starts. */
  readonly settleMs: number;
  /** Longest wait for a page to show its first figure. */
  readonly readyTimeoutMs: number;
}

/** A holding row's P&L showing a number: the holdings page is up. (In the page; no eval.) */
const orderPnlShown = () =>
  Array.from(document.querySelectorAll('[data-testid^="order-pnl-"]')).some((element) =>
    /[0-9]/.test(element.textContent || ''),
  );

/**
 * The first window of a page waits for its start-up to be over (the same rule for both pages),
 * whose main-thread script is counted on its own.
 */
async function loadOver(
  phone: Phone,
  plan: VisitPlan,
  firstQuoteMs?: number,
): Promise<LoadFigures> {
  const before = await mainThreadMetrics(phone.cdp);
  const startsAfterMs = await waitForStartUp(phone.cdp, plan.startUp);
  const after = await mainThreadMetrics(phone.cdp);
  // The first quote belongs to the load, which ran at the first throttle.
  return loadFigures(startsAfterMs, before, after, firstQuoteMs);
}

/** A later window waits for the page to take its new throttle. */
async function afterThrottleChange(plan: VisitPlan): Promise<undefined> {
  await sleep(plan.settleMs);
  return undefined;
}

async function quoteWindows(
  phone: Phone,
  subject: 'app /' | 'baseline',
  loadMs: number,
  plan: VisitPlan,
): Promise<WindowFigures[]> {
  const windows: WindowFigures[] = [];
  for (const [index, rate] of plan.quoteThrottles.entries()) {
    await throttle(phone.cdp, rate);
    const load =
      index === 0 ? await loadOver(phone, plan, loadMs) : await afterThrottleChange(plan);
    const sample = await recordWindow(phone.page, phone.cdp, plan.windowMs[rate] ?? 0);
    windows.push(windowFigures(subject, rate, sample, load));
  }
  return windows;
}

async function withPhone<T>(
  browser: Browser,
  initScript: string,
  cpuSlowdown: number,
  use: (phone: Phone) => Promise<T>,
): Promise<T> {
  const phone = await openPhone(browser, initScript, cpuSlowdown);
  try {
    return await use(phone);
  } finally {
    await phone.context.close();
  }
}

/**
 * The app logged in as `trader`: `/` until its first quote, the quote windows, then `/order`
 * (an in-app navigation) until a P&L shows, and the holdings windows.
 */
export function visitApp(
  browser: Browser,
  baseUrl: string,
  trader: Trader,
  plan: VisitPlan,
): Promise<WindowFigures[]> {
  const [loadRate = 1] = plan.quoteThrottles;
  return withPhone(browser, sessionScript(trader), loadRate, async (phone) => {
    await phone.page.goto(`${baseUrl}/?lang=en`);
    const loadMs = await firstQuoteMs(phone.cdp, plan.readyTimeoutMs);
    const windows = await quoteWindows(phone, 'app /', loadMs, plan);
    if (plan.orderThrottles.length === 0) return windows;
    await phone.page.evaluate("history.pushState(null, '', '/order')");
    await phone.page.waitForFunction(orderPnlShown, undefined, {
      timeout: plan.readyTimeoutMs,
    });
    for (const [index, rate] of plan.orderThrottles.entries()) {
      await throttle(phone.cdp, rate);
      const load = index === 0 ? await loadOver(phone, plan) : await afterThrottleChange(plan);
      const sample = await recordWindow(phone.page, phone.cdp, plan.orderWindowMs);
      windows.push(windowFigures('app /order', rate, sample, load));
    }
    return windows;
  });
}

/** The baseline page at `url`: loaded until its first quote, then the quote windows. */
export function visitBaseline(
  browser: Browser,
  url: string,
  plan: VisitPlan,
): Promise<WindowFigures[]> {
  const [loadRate = 1] = plan.quoteThrottles;
  return withPhone(browser, sessionScript(null), loadRate, async (phone) => {
    await phone.page.goto(url);
    const loadMs = await firstQuoteMs(phone.cdp, plan.readyTimeoutMs);
    return quoteWindows(phone, 'baseline', loadMs, plan);
  });
}

/**
 * One cold visit of the app at `baseUrl` as `trader`, the CPU slowed `rate` times: the time
 * of its first quote on `/`, nothing more.
 */
export function visitFirstQuote(
  browser: Browser,
  baseUrl: string,
  trader: Trader,
  rate: number,
  timeoutMs: number,
): Promise<number> {
  return withPhone(browser, sessionScript(trader), rate, async (phone) => {
    await phone.page.goto(`${baseUrl}/?lang=en`);
    return firstQuoteMs(phone.cdp, timeoutMs);
  });
}
