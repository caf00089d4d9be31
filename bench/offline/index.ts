/**
 * `offline`: a repeat visit with no network, on a low-end phone (360×740, CPU slowed 4×). One
 * visit online first (the service worker installs, the device keeps the quotes and the
 * account), then the app is opened again offline and the time to its first quote on screen is
 * measured. Beside it, in the same run and the same phone: the same repeat visit online, and —
 * given `--reference-web DIR` (a build of main) — that build's repeat visit offline, which has
 * no service worker and shows nothing. Figures are printed and saved, never asserted.
 */
import type { Browser } from 'playwright-core';
import { fundedTrader, type Trader } from '../client/account.js';
import { initialJs } from '../client/initial-js.js';
import { launchChromium, openPhone } from '../client/phone.js';
import { firstQuoteMs, sessionScript } from '../client/probe.js';
import { startStack } from '../client/stack.js';
import type { Benchmark, BenchOptions, BenchResult } from '../lib/results.js';
import { table } from '../lib/results.js';
import { median, round } from '../lib/stats.js';

/** The throttle the figure is stated at. */
const CPU_SLOWDOWN = 4;
/** The aim for quotes on screen on an offline repeat visit, ms. */
const OFFLINE_AIM_MS = 1000;
/** How long a page may take to show a quote before it counts as showing none. */
const NO_QUOTE_MS = 10_000;

/** One phone's repeat visits: first quote online and offline, ms (`null`: none came). */
interface Round {
  readonly online: number | null;
  readonly offline: number | null;
}

const quoteOrNothing = (promise: Promise<number>) => promise.catch(() => null);

/**
 * A fresh phone: one visit online until the service worker is active and the device copy is
 * kept (when the build has them), then a repeat visit online and one offline.
 */
async function repeatVisits(browser: Browser, url: string, trader: Trader): Promise<Round> {
  const phone = await openPhone(browser, sessionScript(trader), CPU_SLOWDOWN);
  try {
    const { page, cdp, context } = phone;
    await page.goto(`${url}/?lang=en`);
    await firstQuoteMs(cdp, 30_000);
    await page.evaluate(async () => {
      const registration = await Promise.race([
        navigator.serviceWorker.ready,
        new Promise((resolve) => setTimeout(resolve, 15_000)),
      ]);
      if (!registration) return;
      // The quotes' copy is kept when the browser is idle after the first screen.
      for (let tries = 0; tries < 150; tries++) {
        const kept = await new Promise<boolean>((resolve) => {
          const opened = indexedDB.open('pipstream');
          opened.onerror = () => resolve(false);
          opened.onsuccess = () => {
            const db = opened.result;
            if (!db.objectStoreNames.contains('device-copy')) return resolve(false);
            const read = db.transaction('device-copy').objectStore('device-copy').get('quotes');
            read.onsuccess = () => resolve(read.result !== undefined);
            read.onerror = () => resolve(false);
          };
        });
        if (kept) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
    await page.reload();
    const online = await quoteOrNothing(firstQuoteMs(cdp, NO_QUOTE_MS));
    await context.setOffline(true);
    await page.reload().catch(() => undefined);
    const offline = await quoteOrNothing(firstQuoteMs(cdp, NO_QUOTE_MS));
    return { online, offline };
  } finally {
    await phone.context.close();
  }
}

const medianOf = (values: readonly (number | null)[]) => {
  const shown = values.filter((value): value is number => value !== null);
  return shown.length === values.length ? round(median(shown), 0) : null;
};

async function run({ quick, referenceWeb }: BenchOptions): Promise<BenchResult> {
  const rounds = quick ? 1 : 5;
  const stack = await startStack({ tickMs: 500, referenceWebDir: referenceWeb });
  const browser = await launchChromium();
  try {
    const trader = await fundedTrader(stack.baseUrl, stack.mockUrl, 5);
    const runs: { build: Round; reference?: Round }[] = [];
    for (let round = 0; round < rounds; round++) {
      const build = await repeatVisits(browser, stack.baseUrl, trader);
      const reference = stack.referenceUrl
        ? await repeatVisits(browser, stack.referenceUrl, trader)
        : undefined;
      runs.push({ build, reference });
    }
    const summary = {
      offlineFirstQuoteMs: medianOf(runs.map((one) => one.build.offline)),
      onlineFirstQuoteMs: medianOf(runs.map((one) => one.build.online)),
      referenceOfflineFirstQuoteMs: stack.referenceUrl
        ? medianOf(runs.map((one) => one.reference?.offline ?? null))
        : undefined,
      referenceOnlineFirstQuoteMs: stack.referenceUrl
        ? medianOf(runs.map((one) => one.reference?.online ?? null))
        : undefined,
      initialJsKb: round(initialJs(new URL('../../web/dist/', import.meta.url).pathname).kb, 1),
    };
    const shown = (ms: number | null | undefined) => (ms == null ? 'no quote' : `${ms} ms`);
    const rows = [
      ['this build', shown(summary.onlineFirstQuoteMs), shown(summary.offlineFirstQuoteMs)],
      ...(stack.referenceUrl
        ? [
            [
              'reference build',
              shown(summary.referenceOnlineFirstQuoteMs),
              shown(summary.referenceOfflineFirstQuoteMs),
            ],
          ]
        : []),
    ];
    const markdown = [
      `Repeat visit at ${CPU_SLOWDOWN}× CPU, first quote on screen from navigation (median of ${rounds}; aim offline ≤ ${OFFLINE_AIM_MS} ms). Initial JS ${summary.initialJsKb} KB gzipped.`,
      '',
      table(['build', 'online', 'offline'], rows),
    ].join('\n');
    return {
      name: 'offline',
      quick,
      params: { rounds, cpuSlowdown: CPU_SLOWDOWN, reference: referenceWeb ?? null },
      summary,
      runs,
      markdown,
    };
  } finally {
    await browser.close();
    await stack.close();
  }
}

export const benchmark: Benchmark = { name: 'offline', run };
