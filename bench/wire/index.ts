/**
 * `wire`: what the quotes screen costs a phone on a metered plan. Chromium as a
 * phone at 4× CPU opens `/` as a visitor through two gateways in front of one mock upstream
 * (its own feed: all instruments, a tick every 500 ms): the gateway as shipped, which
 * negotiates permessage-deflate with the browser, and the same gateway with
 * `WS_PERMESSAGE_DEFLATE=false` — the uncompressed baseline, in the same run, visits
 * interleaved. A TCP relay before each gateway counts the bytes it sends down the page's
 * realtime socket; a trace of each window gives the web worker's script time; the page's
 * probe its long tasks. Figures are printed and saved, never asserted.
 */
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser } from 'playwright-core';
import { launchChromium, openPhone } from '../client/phone.js';
import {
  firstQuoteMs,
  mainThreadMetrics,
  type SettleRule,
  sessionScript,
  waitForStartUp,
} from '../client/probe.js';
import { allStarted, createResources } from '../client/resources.js';
import { startStack } from '../client/stack.js';
import { cpuSeconds, descendants } from '../lib/processes.js';
import type { Benchmark, BenchOptions, BenchResult } from '../lib/results.js';
import { round } from '../lib/stats.js';
import {
  compareWire,
  type VisitFigures,
  type VisitSample,
  visitFigures,
  type WireKind,
  wireMarkdown,
} from './figures.js';
import { type CountingRelay, startCountingRelay } from './relay.js';
import { type TraceEvent, workerTime } from './trace.js';

interface Plan {
  /** Visits of each gateway, in turn. */
  readonly rounds: number;
  readonly windowMs: number;
  readonly startUp: SettleRule;
  readonly readyTimeoutMs: number;
}

const FULL: Plan = {
  rounds: 3,
  windowMs: 30_000,
  startUp: { minMs: 1_000, quietMs: 1_000, maxMs: 15_000 },
  readyTimeoutMs: 30_000,
};

const QUICK: Plan = {
  rounds: 1,
  windowMs: 5_000,
  startUp: { minMs: 500, quietMs: 500, maxMs: 3_000 },
  readyTimeoutMs: 30_000,
};

/** The mock's own pace, as `npm start` runs it. */
const TICK_MS = 500;
/** The throttle the Targets are stated at. */
const THROTTLE = 4;

/** What Chromium's timeline draws, for the worker's script and tasks (trace.ts). */
const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'];

/**
 * CPU seconds of Chromium's network service (a process of its own on Linux, which the
 * browser's socket lives in: it inflates permessage-deflate before the page sees a message).
 */
function networkServiceCpu(): number {
  let seconds = 0;
  for (const { pid, command } of descendants(process.pid)) {
    if (!/chrom/i.test(command)) continue;
    try {
      const line = readFileSync(`/proc/${pid}/cmdline`, 'latin1');
      if (line.includes('network.mojom.NetworkService')) seconds += cpuSeconds(pid);
    } catch {
      // Gone meanwhile.
    }
  }
  return seconds;
}

async function visit(
  browser: Browser,
  relay: CountingRelay,
  kind: WireKind,
  plan: Plan,
): Promise<VisitSample> {
  const phone = await openPhone(browser, sessionScript(null), THROTTLE);
  try {
    await phone.page.goto(`${relay.url}/?lang=en`);
    await firstQuoteMs(phone.cdp, plan.readyTimeoutMs);
    await waitForStartUp(phone.cdp, plan.startUp);
    await browser.startTracing(phone.page, { categories: TRACE_CATEGORIES });
    await phone.page.evaluate('window.__benchProbe.start()');
    const bytesBefore = relay.counts();
    const mainBefore = await mainThreadMetrics(phone.cdp);
    const cpuBefore = networkServiceCpu();
    const started = performance.now();
    await sleep(plan.windowMs);
    const windowMs = performance.now() - started;
    const cpuAfter = networkServiceCpu();
    const mainAfter = await mainThreadMetrics(phone.cdp);
    const bytesAfter = relay.counts();
    const probe = (await phone.page.evaluate('window.__benchProbe.stop()')) as {
      longTasks: number[];
    };
    const trace = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: TraceEvent[];
    };
    const worker = workerTime(trace.traceEvents);
    return {
      kind,
      windowMs,
      socketBytes: bytesAfter.socket - bytesBefore.socket,
      allBytes: bytesAfter.all - bytesBefore.all,
      longTasks: probe.longTasks,
      workerScriptingMs: worker.scriptingMs,
      workerBusyMs: worker.busyMs,
      mainScriptingMs: (mainAfter.ScriptDuration - mainBefore.ScriptDuration) * 1000,
      networkCpuMs: (cpuAfter - cpuBefore) * 1000,
    };
  } finally {
    await phone.context.close();
  }
}

function logVisit(figures: VisitFigures, round_: number, plan: Plan) {
  const parts = [
    `${round(figures.socketBytesPerMinute, 0)} socket B/min`,
    `${figures.longTasks} long tasks`,
    `worker script ${round(figures.workerScriptingMsPerS, 2)} ms/s`,
    `worker busy ${round(figures.workerBusyMsPerS, 2)} ms/s`,
    `network service ${round(figures.networkCpuMsPerS, 1)} ms/s`,
  ];
  console.error(`[wire] ${figures.kind} visit ${round_ + 1}/${plan.rounds}: ${parts.join(', ')}`);
}

async function run({ quick }: BenchOptions): Promise<BenchResult> {
  const plan = quick ? QUICK : FULL;
  const resources = createResources();
  try {
    const [stack, browser] = await allStarted([
      resources.keep(
        startStack({
          tickMs: TICK_MS,
          moreGateways: { plain: { WS_PERMESSAGE_DEFLATE: 'false' } },
        }),
        (s) => s.close(),
      ),
      resources.keep(launchChromium(), (b) => b.close()),
    ]);
    const portOf = (url: string | undefined) => Number(new URL(url ?? '').port);
    const relays: Record<WireKind, CountingRelay> = {
      compressed: await resources.keep(startCountingRelay(portOf(stack.baseUrl)), (r) => r.close()),
      plain: await resources.keep(startCountingRelay(portOf(stack.more.plain)), (r) => r.close()),
    };
    const visits: VisitFigures[] = [];
    for (let index = 0; index < plan.rounds; index++) {
      for (const kind of ['compressed', 'plain'] as const) {
        const figures = visitFigures(await visit(browser, relays[kind], kind, plan));
        logVisit(figures, index, plan);
        visits.push(figures);
      }
    }
    const comparison = compareWire(visits);
    const params = {
      browser: `Chromium ${browser.version()}`,
      instruments: stack.instruments,
      tickMs: TICK_MS,
      throttle: THROTTLE,
      rounds: plan.rounds,
      windowMs: plan.windowMs,
      startUp: plan.startUp,
    };
    const described =
      `Chromium (${browser.version()}) as a phone at ${THROTTLE}× CPU on \`/\` as a visitor, ` +
      `${plan.rounds} visit(s) through each gateway, interleaved, windows of ${plan.windowMs / 1000} s ` +
      `after start-up; one mock upstream (${stack.instruments} instruments, a tick every ${TICK_MS} ms) ` +
      'behind the gateway as shipped ("compressed": permessage-deflate negotiated with the browser) ' +
      'and the same gateway with `WS_PERMESSAGE_DEFLATE=false` ("uncompressed"). Bytes are what ' +
      'each gateway sent down the connections, counted by a TCP relay (frame headers included). ' +
      "The worker's figures come from a trace of the window (its script events and tasks). " +
      'Chromium inflates in its network service, outside the page and unthrottled: its CPU ' +
      '(read from /proc; it also carries every other byte of the page) is the last row.';
    return {
      name: 'wire',
      quick,
      params,
      summary: comparison,
      runs: visits,
      markdown: wireMarkdown(comparison, described),
    };
  } finally {
    await resources.closeAll();
  }
}

export const benchmark: Benchmark = { name: 'wire', run };
