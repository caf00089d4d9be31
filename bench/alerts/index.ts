/**
 * `alerts`: the app's quotes on a low-end phone (Debian Chromium, 360×740, CPU slowed 4×)
 * during the client benchmark's tick storm — 300 instruments at 10 Hz — with 20 price alerts
 * armed on the device, against the same build with none, visit by visit in one run. The worker
 * compares every tick with its instrument's alerts; the question is whether the main thread
 * (where a long task would show) feels any of it. Figures are printed and saved, never asserted.
 */
import type { Browser } from 'playwright-core';
import { loadFigures, mediansOf, type WindowFigures, windowFigures } from '../client/figures.js';
import { launchChromium, openPhone } from '../client/phone.js';
import {
  firstQuoteMs,
  mainThreadMetrics,
  recordWindow,
  sessionScript,
  waitForStartUp,
} from '../client/probe.js';
import { allStarted, createResources } from '../client/resources.js';
import { startStack } from '../client/stack.js';
import type { Benchmark, BenchOptions, BenchResult } from '../lib/results.js';
import { table } from '../lib/results.js';
import { round } from '../lib/stats.js';
import { alertsScript, armedAlerts, type ListedInstrument } from './armed.js';

const INSTRUMENTS = 300;
const TICK_MS = 100;
const ALERTS = 20;
const THROTTLE = 4;

interface Plan {
  readonly rounds: number;
  readonly windowMs: number;
  readonly startUp: { minMs: number; quietMs: number; maxMs: number };
  readonly readyTimeoutMs: number;
}

const FULL: Plan = {
  rounds: 5,
  windowMs: 10_000,
  startUp: { minMs: 1_000, quietMs: 1_000, maxMs: 15_000 },
  readyTimeoutMs: 30_000,
};
const QUICK: Plan = {
  rounds: 1,
  windowMs: 2_000,
  startUp: { minMs: 750, quietMs: 500, maxMs: 3_000 },
  readyTimeoutMs: 30_000,
};

type Variant = 'no alerts' | '20 alerts';
type AlertWindow = WindowFigures & { readonly variant: Variant; readonly alertsLeft: number };

/** One cold visit of `/` as a visitor, its start-up waited out, then one window at 4×. */
async function visit(
  browser: Browser,
  baseUrl: string,
  variant: Variant,
  script: string,
  plan: Plan,
): Promise<AlertWindow> {
  const phone = await openPhone(browser, `${sessionScript(null)}\n${script}`, THROTTLE);
  try {
    await phone.page.goto(`${baseUrl}/?lang=en`);
    const loadMs = await firstQuoteMs(phone.cdp, plan.readyTimeoutMs);
    const before = await mainThreadMetrics(phone.cdp);
    const startsAfterMs = await waitForStartUp(phone.cdp, plan.startUp);
    const after = await mainThreadMetrics(phone.cdp);
    const sample = await recordWindow(phone.page, phone.cdp, plan.windowMs);
    // Still armed at the end: none fired (a toast would be another cost) and none was lost.
    const alertsLeft = (await phone.page.evaluate(
      "JSON.parse(localStorage.getItem('pipstream.alerts') || '[]').filter((a) => a.firedAt === null).length",
    )) as number;
    const figures = windowFigures(
      'app /',
      THROTTLE,
      sample,
      loadFigures(startsAfterMs, before, after, loadMs),
    );
    return { ...figures, variant, alertsLeft };
  } finally {
    await phone.context.close();
  }
}

async function tradeList(baseUrl: string): Promise<ListedInstrument[]> {
  const answer = (await (await fetch(`${baseUrl}/v1/api/forex/trade_list`)).json()) as {
    data: ListedInstrument[];
  };
  return answer.data;
}

async function run({ quick }: BenchOptions): Promise<BenchResult> {
  const plan = quick ? QUICK : FULL;
  const resources = createResources();
  try {
    const [stack, browser] = await allStarted([
      resources.keep(startStack({ tickMs: TICK_MS, instruments: INSTRUMENTS }), (s) => s.close()),
      resources.keep(launchChromium(), (b) => b.close()),
    ]);
    const alerts = armedAlerts(await tradeList(stack.baseUrl), ALERTS);
    const scripts: Record<Variant, string> = {
      'no alerts': '',
      '20 alerts': alertsScript(alerts),
    };
    const windows: AlertWindow[] = [];
    for (let round = 0; round < plan.rounds; round++) {
      // Alternating order, so neither variant always meets a warmer or a colder machine.
      const order: Variant[] =
        round % 2 === 0 ? ['no alerts', '20 alerts'] : ['20 alerts', 'no alerts'];
      for (const variant of order) {
        windows.push(await visit(browser, stack.baseUrl, variant, scripts[variant], plan));
      }
    }
    const of = (variant: Variant) => {
      const chosen = windows.filter((w) => w.variant === variant);
      const medians = mediansOf(chosen, 'app /', THROTTLE);
      return {
        runs: chosen.length,
        runsWithLongTasks: medians.runsWithLongTasks,
        longTasks: chosen.reduce((sum, w) => sum + w.longTasks, 0),
        longestTaskMs: Math.max(0, ...chosen.map((w) => w.longestTaskMs)),
        scriptingMsPerS: round(medians.scriptingMsPerS, 1),
        busyMsPerS: round(medians.busyMsPerS, 1),
        frameP95Ms: round(medians.frameP95Ms, 1),
        alertsLeftMin: Math.min(...chosen.map((w) => w.alertsLeft)),
      };
    };
    const none = of('no alerts');
    const armed = of('20 alerts');
    const summary = { cpu4x: { 'no alerts': none, '20 alerts': armed } };
    const rows = (['no alerts', '20 alerts'] as const).map((variant) => {
      const figures = variant === 'no alerts' ? none : armed;
      return [
        variant,
        figures.runs,
        figures.longTasks,
        figures.longestTaskMs,
        figures.scriptingMsPerS,
        figures.busyMsPerS,
        figures.frameP95Ms,
        variant === 'no alerts' ? '–' : `${figures.alertsLeftMin}/${ALERTS}`,
      ];
    });
    const markdown = [
      `4× CPU, ${stack.instruments} instruments ticking every ${TICK_MS} ms, \`/\` as a visitor; windows of ${plan.windowMs / 1000} s after start-up, ${plan.rounds} visits each, alternating.`,
      '',
      table(
        [
          'page',
          'visits',
          'long tasks (all windows)',
          'longest task ms',
          'script ms/s',
          'busy ms/s',
          'frame p95 ms',
          'armed at the end',
        ],
        rows,
      ),
    ].join('\n');
    return {
      name: 'alerts',
      quick,
      params: {
        browser: `Chromium ${browser.version()}`,
        instruments: stack.instruments,
        tickMs: TICK_MS,
        alerts: ALERTS,
        throttle: THROTTLE,
        ...plan,
      },
      summary,
      runs: windows,
      markdown,
    };
  } finally {
    await resources.closeAll();
  }
}

export const benchmark: Benchmark = { name: 'alerts', run };
