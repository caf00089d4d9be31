/**
 * One run, composed: read the target's market, get the traders' tokens, deal the browsers and
 * the REST rate to the generator processes, open the reference socket, run the window
 * (printing progress, forwarding reference frames), and add the generators' results into one,
 * with the reference socket's counts and how busy this machine was.
 */
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, hostname } from 'node:os';
import type { Topic } from '@pipstream/protocol';
import { DRAIN_MS, type GeneratorPlan, type Progress } from './generator/messages.js';
import { startGenerators } from './generator/pool.js';
import type { RestGroup, Scenario } from './options/scenario.js';
import { progressLine } from './report/progress.js';
import { needsTokens } from './rest/mix.js';
import { mergeResults } from './result/merge.js';
import type { Result } from './result/schema.js';
import { hostBusyBetween, readHostCpu } from './saturation.js';
import { openDemoAccounts, readTokens, SetupError } from './setup/accounts.js';
import { chartTopics, readInstruments, smallestOrder } from './setup/market.js';
import { browserPlans, deal, shareCount, splitWhole } from './setup/plans.js';
import { wallClockMs } from './sockets/frames.js';
import { openReference } from './sockets/reference.js';
import type { Target } from './target.js';

export interface RunOutput {
  /** Progress and notes (stderr). */
  note(line: string): void;
  /** The progress line, rewritten in place on a terminal. */
  progress(line: string): void;
}

/** How long the reference socket may take to see its first quote before the run starts. */
const FIRST_TICK_WAIT_MS = 5000;
const FORWARD_MS = 50;
const PROGRESS_MS = 1000;
/** Beyond the drain, what closing thousands of sockets and sending results may take. */
const RESULTS_SLACK_MS = 30_000;

/** Open files this process may hold: a generator holds one per socket. */
function openFileLimit(): number {
  const limits = '/proc/self/limits';
  if (!existsSync(limits)) return Number.POSITIVE_INFINITY;
  const line = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync(limits, 'utf8'));
  return line?.[1] === undefined || line[1] === 'unlimited'
    ? Number.POSITIVE_INFINITY
    : Number(line[1]);
}

/** The REST groups of a run: as asked, else all three with demo accounts and two with tokens. */
export function restGroups(scenario: Scenario): readonly RestGroup[] {
  if (scenario.rest) return scenario.rest;
  return scenario.tokens ? ['public', 'account'] : ['public', 'account', 'orders'];
}

async function tokensFor(scenario: Scenario, target: Target, groups: readonly RestGroup[]) {
  if (scenario.tokens) return readTokens(scenario.tokens);
  const loggedIn = shareCount(scenario.sockets, scenario.loggedIn);
  const restNeeds = scenario.restRate > 0 && needsTokens(groups) ? scenario.restConnections : 0;
  const wanted = Math.min(scenario.accounts, Math.max(loggedIn, restNeeds));
  return wanted === 0 ? [] : openDemoAccounts(target.restUrl, wanted, scenario.lang);
}

export async function runScenario(
  scenario: Scenario,
  target: Target,
  output: RunOutput,
  interrupted: Promise<void>,
): Promise<{ result: Result; parts: Result[] }> {
  // No more generators than sockets; a REST-only run keeps them all for its rate.
  const generatorCount = Math.max(
    1,
    Math.min(scenario.generators, scenario.sockets > 0 ? scenario.sockets : scenario.generators),
  );
  const perGenerator = Math.ceil(scenario.sockets / generatorCount) + 64;
  if (perGenerator > openFileLimit()) {
    throw new SetupError(
      `each generator would hold ${perGenerator} sockets, past this system's open files limit ` +
        `(${openFileLimit()}): raise \`ulimit -n\`, or use more --generators`,
    );
  }
  const instruments = await readInstruments(target.restUrl, scenario.lang);
  const topics = chartTopics(instruments, scenario.chartTopics);
  const groups = restGroups(scenario);
  const tokens = await tokensFor(scenario, target, groups);
  const order = groups.includes('orders') ? smallestOrder(instruments) : null;
  if (groups.includes('orders') && scenario.restRate > 0 && order === null) {
    output.note('no open instrument offers leverage: the REST mix places no order');
  }
  const browsers = browserPlans({
    sockets: scenario.sockets,
    charts: scenario.charts,
    chartTopics: topics,
    loggedIn: scenario.loggedIn,
    tokens,
    source: scenario.source,
  });
  const dealt = deal(browsers, generatorCount);
  const rates = splitWhole(scenario.restRate, generatorCount);
  const connections = splitWhole(
    Math.max(scenario.restConnections, generatorCount),
    generatorCount,
  );
  const watched = new Set<Topic>(['DAY_MARKET']);
  for (const browser of browsers) for (const topic of browser.topics) watched.add(topic);

  const pool = await startGenerators(generatorCount);
  const reference = openReference({
    url: target.referenceUrl,
    origin: target.origin,
    deflate: scenario.deflate,
    gapMs: scenario.gap,
    topics: [...watched],
  });
  const forwarder = setInterval(() => pool.references(reference.take()), FORWARD_MS);
  let progressTimer: NodeJS.Timeout | undefined;
  try {
    if (!(await reference.firstTick(FIRST_TICK_WAIT_MS))) {
      output.note(
        `no quote on the reference socket (${target.referenceUrl}) in ${FIRST_TICK_WAIT_MS / 1000} s: ` +
          'delivery and added latency will read "not measured" until one comes',
      );
    }
    const cpuBefore = readHostCpu();
    // This process holds the reference socket: a busy one would read its frames late.
    const ownCpuBefore = process.cpuUsage();
    const startAt = wallClockMs() + 200;
    const endAt = startAt + scenario.duration;
    const plans: GeneratorPlan[] = dealt.map((share, i) => ({
      name: `generator ${i + 1}`,
      socketUrl: target.socketUrl,
      origin: target.origin,
      deflate: scenario.deflate,
      gapMs: scenario.gap,
      lateMs: scenario.late,
      browsers: share,
      rampPerSecond: scenario.ramp / generatorCount,
      rest:
        (rates[i] ?? 0) >= 1
          ? {
              url: target.restUrl,
              rate: rates[i] ?? 0,
              connections: Math.max(1, connections[i] ?? 1),
              groups,
              tokens,
              order,
              lang: scenario.lang,
            }
          : null,
      startAt,
      endAt,
      target: target.restUrl,
      referenceUrl: target.referenceUrl,
      scenario: { ...scenario, tokens: scenario.tokens === undefined ? undefined : '(a file)' },
    }));
    pool.start(plans);

    let before: (Progress | undefined)[] = pool.generators.map(() => undefined);
    let lastAt = wallClockMs();
    progressTimer = setInterval(() => {
      const now = wallClockMs();
      const current = pool.generators.map((generator) => generator.progress);
      output.progress(
        progressLine({
          elapsedMs: Math.max(0, now - startAt),
          durationMs: scenario.duration,
          planned: scenario.sockets,
          generators: current,
          before,
          seconds: (now - lastAt) / 1000,
        }),
      );
      before = current;
      lastAt = now;
    }, PROGRESS_MS);

    const stopped = interrupted.then(() => pool.stop());
    const parts = await Promise.race([
      pool.results(scenario.duration + DRAIN_MS + RESULTS_SLACK_MS + (startAt - wallClockMs())),
      stopped.then(() => pool.results(DRAIN_MS + RESULTS_SLACK_MS)),
    ]);
    const cpuAfter = readHostCpu();
    const ownCpu = process.cpuUsage(ownCpuBefore);
    const run = {
      name: 'the run (reference socket)',
      cpuSeconds: (ownCpu.user + ownCpu.system) / 1e6,
      wallSeconds: (wallClockMs() - startAt) / 1000,
    };
    // Closed before its counts are read: the frames it receives while closing count too.
    await reference.close();
    const merged = mergeResults(parts);
    const host = hostname();
    return {
      parts,
      result: {
        ...merged,
        reference: {
          received: reference.recorder.framesReceived,
          connections: reference.recorder.connections,
          reconnects: reference.recorder.reconnects,
        },
        machines: merged.machines.map((machine) =>
          machine.host === host
            ? {
                ...machine,
                cores: availableParallelism(),
                hostBusy: hostBusyBetween(cpuBefore, cpuAfter),
                generators: [...machine.generators, run],
              }
            : machine,
        ),
      },
    };
  } finally {
    clearInterval(progressTimer);
    clearInterval(forwarder);
    await reference.close();
    await pool.close();
  }
}
