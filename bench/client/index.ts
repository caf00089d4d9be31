/**
 * `client`: the web app on a low-end phone (Debian Chromium, 360×740, CPU slowed 4× and 6×)
 * during a tick storm — 300 instruments at 10 Hz and 20 open positions — against the baseline
 * page that does the obvious thing, interleaved in one run. Figures are printed and saved,
 * never asserted.
 */
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import type { Benchmark, BenchOptions, BenchResult } from '../lib/results.js';
import { fundedTrader, type Trader } from './account.js';
import { buildBaseline } from './baseline/build.js';
import { type BaselinePage, serveBaseline } from './baseline/serve.js';
import type { WindowFigures } from './figures.js';
import { initialJs } from './initial-js.js';
import { type FirstQuotePair, pairedMarkdown, pairedSummary } from './paired.js';
import { launchChromium } from './phone.js';
import { clientReport } from './report.js';
import { allStarted, createResources } from './resources.js';
import { type VisitPlan, visitApp, visitBaseline, visitFirstQuote } from './sessions.js';
import { type Stack, startStack } from './stack.js';

const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** The storm: 300 instruments, one DAY_MARKET frame every 100 ms. */
const INSTRUMENTS = 300;
const TICK_MS = 100;
const POSITIONS = 20;
/** The throttle the Targets are stated at. */
const TARGET_THROTTLE = 4;
/** How much later this build's first quote may come than the reference's, ms. */
const PAIRED_BUDGET_MS = 150;

interface Plan extends VisitPlan {
  /** Visits of each page (app, baseline) in turn. */
  readonly rounds: number;
  /** One unmeasured load of each page first, so neither pays for a cold browser alone. */
  readonly warmUp: boolean;
  /** Rounds of the paired first quote, when a reference build is given. */
  readonly pairs: number;
}

const FULL: Plan = {
  rounds: 5,
  warmUp: true,
  pairs: 12,
  quoteThrottles: [4, 6],
  orderThrottles: [4],
  windowMs: { 4: 10_000, 6: 3_000 },
  orderWindowMs: 5_000,
  startUp: { minMs: 1_000, quietMs: 1_000, maxMs: 15_000 },
  settleMs: 500,
  readyTimeoutMs: 30_000,
};

const QUICK: Plan = {
  rounds: 1,
  warmUp: false,
  pairs: 2,
  quoteThrottles: [4],
  orderThrottles: [4],
  windowMs: { 4: 2_000 },
  orderWindowMs: 1_500,
  startUp: { minMs: 750, quietMs: 500, maxMs: 3_000 },
  settleMs: 250,
  readyTimeoutMs: 30_000,
};

async function measure(
  browser: Browser,
  stack: Stack,
  trader: Trader,
  baseline: BaselinePage,
  plan: Plan,
) {
  if (plan.warmUp) {
    const load = { ...plan, quoteThrottles: [], orderThrottles: [] };
    await visitApp(browser, stack.baseUrl, trader, load);
    await visitBaseline(browser, baseline.url, load);
  }
  const windows: WindowFigures[] = [];
  for (let round = 0; round < plan.rounds; round++) {
    windows.push(...(await visitApp(browser, stack.baseUrl, trader, plan)));
    windows.push(...(await visitBaseline(browser, baseline.url, plan)));
  }
  return windows;
}

/**
 * This build's first quote and the reference build's, round by round in alternating order
 * (the first round unmeasured when the plan warms up).
 */
async function measurePairs(
  browser: Browser,
  appUrl: string,
  referenceUrl: string,
  trader: Trader,
  plan: Plan,
): Promise<FirstQuotePair[]> {
  const visit = (url: string) =>
    visitFirstQuote(browser, url, trader, TARGET_THROTTLE, plan.readyTimeoutMs);
  if (plan.warmUp) {
    await visit(appUrl);
    await visit(referenceUrl);
  }
  const pairs: FirstQuotePair[] = [];
  for (let round = 1; round <= plan.pairs; round++) {
    const appFirst = round % 2 === 1;
    const first = await visit(appFirst ? appUrl : referenceUrl);
    const second = await visit(appFirst ? referenceUrl : appUrl);
    const [appMs, referenceMs] = appFirst ? [first, second] : [second, first];
    pairs.push({ round, appMs: Math.round(appMs), referenceMs: Math.round(referenceMs) });
  }
  return pairs;
}

async function run({ quick, referenceWeb }: BenchOptions): Promise<BenchResult> {
  const plan = quick ? QUICK : FULL;
  const initial = initialJs(WEB_DIST);
  const resources = createResources();
  try {
    // Independent set-up steps run side by side: the quick run is mostly set-up.
    const [stack, browser, built] = await allStarted([
      resources.keep(
        startStack({ tickMs: TICK_MS, instruments: INSTRUMENTS, referenceWebDir: referenceWeb }),
        (s) => s.close(),
      ),
      resources.keep(launchChromium(), (b) => b.close()),
      resources.keep(buildBaseline(), (b) => b.remove()),
    ]);
    const [baseline, trader] = await allStarted([
      resources.keep(serveBaseline(built.dir, stack.baseUrl), (page) => page.close()),
      fundedTrader(stack.baseUrl, stack.mockUrl, POSITIONS),
    ]);
    const pairs =
      stack.referenceUrl === undefined
        ? undefined
        : await measurePairs(browser, stack.baseUrl, stack.referenceUrl, trader, plan);
    const windows = await measure(browser, stack, trader, baseline, plan);
    const browserName = `Chromium ${browser.version()}`;
    const params = {
      browser: browserName,
      instruments: stack.instruments,
      tickMs: TICK_MS,
      positions: POSITIONS,
      viewport: '360×740 @2x, touch',
      rounds: plan.rounds,
      quoteThrottles: plan.quoteThrottles,
      orderThrottles: plan.orderThrottles,
      windowMs: plan.windowMs,
      orderWindowMs: plan.orderWindowMs,
      startUp: plan.startUp,
      initialJsFiles: initial.files,
    };
    const { summary, markdown } = clientReport({
      windows,
      throttles: plan.quoteThrottles,
      orderThrottles: plan.orderThrottles,
      initialJsKB: initial.kb,
      baselineScriptKB: built.scriptKB,
      targetThrottle: TARGET_THROTTLE,
      notes: [
        `${stack.instruments} instruments, one DAY_MARKET frame every ${TICK_MS} ms through the gateway; the mock lists ~60, the rest are synthetic copies added between mock and gateway (bench/client/wide-market.ts).`,
        `A funded user with ${POSITIONS} open positions, logged in; \`/order\` is reached from \`/\` in the same tab.`,
        `${plan.rounds} visits per page; quote windows of ${Object.entries(plan.windowMs)
          .map(([rate, ms]) => `${ms / 1000} s at ${rate}×`)
          .join(
            ', ',
          )}, holdings windows of ${plan.orderWindowMs / 1000} s; a window starts ${plan.settleMs / 1000} s after a change of throttle.`,
        `A page's first window starts once its start-up is over, by one rule for every page: at least ${plan.startUp.minMs / 1000} s after its first figure, and no request (script, fetch, image) finished for ${plan.startUp.quietMs / 1000} s — or ${plan.startUp.maxMs / 1000} s after the figure at most. The table's "start-up s" is that wait: the work a page defers past its first screen is not charged to the tick storm, and is shown here instead.`,
        `${browserName} with the browser tests' flags (tests/browser/test-support/browser.ts): without the desktop UI it would preload beside every new window.`,
        'Scripting, busy time and heap are the main thread’s (CDP Performance.getMetrics); the app’s worker is not in them — that is the point of it.',
      ],
    });
    if (pairs === undefined || referenceWeb === undefined) {
      return { name: 'client', quick, params, summary, runs: windows, markdown };
    }
    const paired = pairedSummary(pairs, PAIRED_BUDGET_MS);
    const pairedText = pairedMarkdown(paired, pairs, {
      rate: TARGET_THROTTLE,
      reference: `\`${referenceWeb}\``,
    });
    return {
      name: 'client',
      quick,
      params: { ...params, referenceWeb, pairs: plan.pairs },
      summary: { ...summary, firstQuotePaired: paired },
      runs: [...windows, ...pairs],
      markdown: `${markdown}\n\n${pairedText}`,
    };
  } finally {
    await resources.closeAll();
  }
}

export const benchmark: Benchmark = { name: 'client', run };
