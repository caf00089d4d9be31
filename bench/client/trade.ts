/**
 * `trade`: the client bench's trade-screen scenario. Chromium at 360×740 and 4× CPU slow-down
 * on `/trade` with a 1-minute chart ticking (the mock steps every 100 ms), logged in: the chart
 * with three indicators (MA 5/10/20/60, Bollinger Bands, MACD), ten order lines (three
 * holdings with SL and TP, the first one's stop trailing; one pending order) and five drawings
 * against the plain chart of the same screen: no indicator, and a funded trader with no order,
 * so what the holdings cost (their live P&L on the labels, the account figures moving with
 * them) is charged to the chart. Visits
 * interleave, in one run. Figures are printed and saved, never asserted.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  DEFAULT_INDICATORS,
  formatPrice,
  type IndicatorSettings,
  type Instrument,
  ORDER_MODE,
  ORDER_SIDE,
} from '@pipstream/protocol';
import type { Browser, CDPSession } from 'playwright-core';
import type { Benchmark, BenchOptions, BenchResult } from '../lib/results.js';
import { type FundedAccount, fundedAccount, type Trader } from './account.js';
import { type WindowFigures, windowFigures } from './figures.js';
import { launchChromium, openPhone } from './phone.js';
import {
  firstQuoteMs,
  recordWindow,
  type SettleRule,
  sessionScript,
  waitForStartUp,
} from './probe.js';
import { allStarted, createResources } from './resources.js';
import { type Stack, startStack } from './stack.js';
import { tradeReport } from './trade-report.js';

const TICK_MS = 100;
const THROTTLE = 4;
/** The chart's instrument. */
const CHART_CODE = 'EURUSD';
/** Three holdings with SL and TP (nine lines) and a pending order's target: ten lines. */
const HOLDINGS = 3;
const ORDER_LINES = HOLDINGS * 3 + 1;
/** Stop levels this many price steps away: near enough to draw, far enough not to be hit. */
const LEVEL_STEPS = 150;

/** Three indicators: MA (5, 10, 20, 60), Bollinger Bands (20, 2) and MACD (12, 26, 9). */
const THREE_INDICATORS: IndicatorSettings = {
  ...DEFAULT_INDICATORS,
  ma: { ...DEFAULT_INDICATORS.ma, on: true },
  boll: { ...DEFAULT_INDICATORS.boll, on: true },
  macd: { ...DEFAULT_INDICATORS.macd, on: true },
};

/** Where the app keeps a device's indicators (web `chart/indicator-store.ts`). */
const INDICATORS_KEY = 'pipstream.chart.indicators';
/** Where the app keeps a device's trailing stops (web `state/trailing-stops.ts`). */
const TRAILING_KEY = 'pipstream.trailing-stops';
/**
 * The first holding trails its stop this many pips behind the price, moving it by whole pips:
 * near enough that the mock's walk moves it now and then during a run.
 */
const TRAILING = { distancePips: 15, stepPips: 1 } as const;

/** Where the app keeps a device's drawings (web `chart/drawings/drawing-store.ts`). */
const DRAWINGS_KEY = 'pipstream.chart.drawings';
const DRAWINGS = 5;

/**
 * A script that keeps five drawings on `instrument` before the app starts: three horizontal
 * lines around its price and two trend lines across the last half hour, dated by the page's
 * own clock so they fall on the candles in view.
 */
function fiveDrawings(instrument: Instrument): string {
  const price = instrument.ForexQuotations.Close;
  const step = 10 ** -instrument.PricePrecision;
  const level = (steps: number) =>
    Number(formatPrice(price + steps * step, instrument.PricePrecision));
  const horizontal = [-60, 20, 90].map((steps, n) => ({
    id: `h${n}`,
    kind: 'horizontal',
    price: level(steps),
  }));
  const trends = [
    [-1800, -40, -300, 40],
    [-1500, 60, -120, -30],
  ].map(([from, low, to, high], n) => ({
    n,
    from,
    low: level(low ?? 0),
    to,
    high: level(high ?? 0),
  }));
  return `if (window === window.top) {
  const now = Math.floor(Date.now() / 1000);
  const trends = ${JSON.stringify(trends)}.map((t) => ({ id: 't' + t.n, kind: 'trend', from: { time: now + t.from, price: t.low }, to: { time: now + t.to, price: t.high } }));
  localStorage.setItem(${JSON.stringify(DRAWINGS_KEY)}, JSON.stringify({ ${JSON.stringify(
    String(instrument.Id),
  )}: [...${JSON.stringify(horizontal)}, ...trends] }));
}`;
}

interface Plan {
  readonly rounds: number;
  readonly warmUp: boolean;
  readonly windowMs: number;
  /**
   * When a page's start-up is over once its chart is up (late chunks, the login's check, the
   * account's reads): the client bench's rule, the same for both pages.
   */
  readonly startUp: SettleRule;
  readonly readyTimeoutMs: number;
}

const FULL: Plan = {
  rounds: 8,
  warmUp: true,
  windowMs: 10_000,
  startUp: { minMs: 1_000, quietMs: 1_000, maxMs: 15_000 },
  readyTimeoutMs: 60_000,
};
const QUICK: Plan = {
  rounds: 1,
  warmUp: false,
  windowMs: 3_000,
  startUp: { minMs: 750, quietMs: 500, maxMs: 3_000 },
  readyTimeoutMs: 60_000,
};

/** One window's figures, and how many order lines the chart drew in it. */
type TradeWindow = WindowFigures & { readonly orderLines: number };

/** The two traders: one holding the orders on the chart's instrument, one with none. */
interface Traders {
  readonly chart: Trader;
  readonly plain: Trader;
  readonly instrument: Instrument;
  /** The chart trader's holding whose stop trails. */
  readonly trailingOrderId: number;
}

/**
 * Opens the scenario's orders on `instrument` for `account`; resolves the first holding's id
 * (the one that trails its stop).
 */
async function openOrders({ api }: FundedAccount, instrument: Instrument): Promise<number> {
  const price = instrument.ForexQuotations.Close;
  const step = 10 ** -instrument.PricePrecision;
  const at = (steps: number) =>
    Number(formatPrice(price + steps * step, instrument.PricePrecision));
  const multiple = (instrument.HasForexMultiple[0] as { Value: number }).Value;
  const holdings: number[] = [];
  for (let i = 0; i < HOLDINGS; i++) {
    const order = await api.call('submit', {
      type: ORDER_SIDE.BUY,
      cont: instrument.ForexMinCont,
      forex_id: instrument.Id,
      status: ORDER_MODE.MARKET,
      target_price: 0,
      stop_loss_price: at(-LEVEL_STEPS - 20 * i),
      target_profit_price: at(LEVEL_STEPS + 20 * i),
      multiple,
    });
    holdings.push(order.Id);
  }
  // A sell waiting well above the price: it does not fill during the run.
  await api.call('submit', {
    type: ORDER_SIDE.SELL,
    cont: instrument.ForexMinCont,
    forex_id: instrument.Id,
    status: ORDER_MODE.PENDING,
    target_price: at(LEVEL_STEPS * 2),
    stop_loss_price: 0,
    target_profit_price: 0,
    multiple,
  });
  return holdings[0] as number;
}

async function makeTraders(stack: Stack): Promise<Traders> {
  const [chart, plain] = await Promise.all([
    fundedAccount(stack.baseUrl, stack.mockUrl),
    fundedAccount(stack.baseUrl, stack.mockUrl),
  ]);
  const list = await chart.api.call('tradeList');
  const find = (code: string) => {
    const instrument = list.find((item) => item.Code === code);
    if (!instrument) throw new Error(`no instrument ${code}`);
    return instrument;
  };
  const instrument = find(CHART_CODE);
  const trailingOrderId = await openOrders(chart, instrument);
  return { chart: chart.session, plain: plain.session, instrument, trailingOrderId };
}

/** What the page shows of the chart, read with a bare CDP evaluate (no injected helpers). */
async function chartState(cdp: CDPSession) {
  const { result } = await cdp.send('Runtime.evaluate', {
    expression: `JSON.stringify({
      drawn: !!document.querySelector('.chart:not(.chart-pending) .chart-pane-main canvas'),
      lines: document.querySelectorAll('.chart-line').length,
      trailing: document.querySelectorAll('.chart-line-trailing').length,
      drawings: document.querySelectorAll('.chart-drawing-grip').length,
      account: /[0-9]/.test(document.querySelector('[data-testid="trade-available"]')?.textContent ?? ''),
      indicators: (document.querySelector('[data-line="macd.signal"]')?.textContent ?? '') !== '',
    })`,
    returnByValue: true,
  });
  return JSON.parse(String(result.value)) as {
    drawn: boolean;
    lines: number;
    indicators: boolean;
    account: boolean;
    trailing: number;
    drawings: number;
  };
}

/**
 * Waits until the chart and the account's figures are up (and for `full`, the indicators and
 * every order line).
 */
async function waitForChart(cdp: CDPSession, full: boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await chartState(cdp);
    const complete =
      !full ||
      (state.indicators &&
        state.lines >= ORDER_LINES &&
        state.trailing > 0 &&
        state.drawings >= DRAWINGS);
    if (state.drawn && state.account && complete) return state;
    if (Date.now() > deadline)
      throw new Error(`the chart was not up in time: ${JSON.stringify(state)}`);
    await sleep(100);
  }
}

/** One visit: a cold phone on `/trade`, the chart up, a settle, one measured window. */
async function visit(
  browser: Browser,
  stack: Stack,
  traders: Traders,
  full: boolean,
  plan: Plan,
  measured: boolean,
): Promise<TradeWindow | undefined> {
  const trader = full ? traders.chart : traders.plain;
  const settings = full ? THREE_INDICATORS : DEFAULT_INDICATORS;
  const kept: Record<string, unknown> = { [INDICATORS_KEY]: settings };
  if (full) {
    kept[TRAILING_KEY] = [
      { ...TRAILING, orderId: traders.trailingOrderId, setAt: Date.now(), uid: trader.user.uid },
    ];
  }
  const drawings = full ? `\n${fiveDrawings(traders.instrument)}` : '';
  const init = `${sessionScript(trader)}\nif (window === window.top) for (const [key, value] of Object.entries(${JSON.stringify(
    kept,
  )})) localStorage.setItem(key, JSON.stringify(value));${drawings}`;
  const phone = await openPhone(browser, init, THROTTLE);
  try {
    await phone.page.goto(`${stack.baseUrl}/trade?id=${traders.instrument.Id}&lang=en`);
    await firstQuoteMs(phone.cdp, plan.readyTimeoutMs);
    const ready = await waitForChart(phone.cdp, full, plan.readyTimeoutMs);
    const startsAfterMs = await waitForStartUp(phone.cdp, plan.startUp);
    if (!measured) return undefined;
    const sample = await recordWindow(phone.page, phone.cdp, plan.windowMs);
    const lines = (await chartState(phone.cdp)).lines;
    return {
      ...windowFigures(full ? 'trade chart' : 'trade plain', THROTTLE, sample),
      startsAfterMs,
      orderLines: Math.min(lines, ready.lines),
    };
  } finally {
    await phone.context.close();
  }
}

async function run({ quick }: BenchOptions): Promise<BenchResult> {
  const plan = quick ? QUICK : FULL;
  const resources = createResources();
  try {
    const [stack, browser] = await allStarted([
      resources.keep(startStack({ tickMs: TICK_MS }), (s) => s.close()),
      resources.keep(launchChromium(), (b) => b.close()),
    ]);
    const traders = await makeTraders(stack);
    if (plan.warmUp) {
      await visit(browser, stack, traders, true, plan, false);
      await visit(browser, stack, traders, false, plan, false);
    }
    const windows: TradeWindow[] = [];
    for (let round = 0; round < plan.rounds; round++) {
      for (const full of [true, false]) {
        const figures = await visit(browser, stack, traders, full, plan, true);
        if (figures) windows.push(figures);
      }
    }
    const params = {
      browser: `Chromium ${browser.version()}`,
      throttle: THROTTLE,
      tickMs: TICK_MS,
      instrument: CHART_CODE,
      period: '1min',
      indicators: 'MA 5/10/20/60, BOLL 20/2, MACD 12/26/9',
      trailingStop: `${TRAILING.distancePips} pips behind the price, moved by ${TRAILING.stepPips} pip at least`,
      orderLines: ORDER_LINES,
      drawings: DRAWINGS,
      rounds: plan.rounds,
      windowMs: plan.windowMs,
      startUp: plan.startUp,
      viewport: '360×740 @2x, touch',
    };
    const { summary, markdown } = tradeReport({
      windows,
      throttle: THROTTLE,
      notes: [
        `\`/trade?id=${CHART_CODE}\` on the 1-minute chart, logged in, the mock stepping every ${TICK_MS} ms (a DAY_MARKET frame each step, and a candle frame of the chart's instrument whenever the step moves it).`,
        `Chart: ${params.indicators}, ${ORDER_LINES} order lines (${HOLDINGS} buys with SL and TP, the first trailing its stop ${params.trailingStop}, so the live worker moves it through the API now and then; 1 pending sell) and ${DRAWINGS} drawings (3 horizontal lines, 2 trend lines) on ${CHART_CODE}; plain chart: no indicator and a funded trader with no order, so what the holdings cost (their P&L labels, the account figures moving with them) is charged to the chart.`,
        `${plan.rounds} visits per page, each a cold phone context. A window of ${plan.windowMs / 1000} s starts once the page's start-up is over, by one rule for both pages: the chart and the account's figures up (the indicators and every line too, for the chart), then at least ${plan.startUp.minMs / 1000} s and no request finished for ${plan.startUp.quietMs / 1000} s (${plan.startUp.maxMs / 1000} s at most).`,
        'Scripting, busy time and heap are the main thread’s (CDP Performance.getMetrics); the indicators are computed in the live worker, which is not in them.',
      ],
    });
    return { name: 'trade', quick, params, summary, runs: windows, markdown };
  } finally {
    await resources.closeAll();
  }
}

export const benchmark: Benchmark = { name: 'trade', run };
