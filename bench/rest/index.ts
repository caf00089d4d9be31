/**
 * REST benchmark: autocannon -c 100 against the mock upstream directly, through nginx
 * as a plain reverse proxy, through a bare @fastify/http-proxy (the package the gateway's proxy
 * is built on, with nothing around it) and through the gateway — interleaved run by run — for
 * a token-carrying call and for the public cached call. Figures are printed and saved, never
 * asserted; its Targets are printed next to them.
 */
import type { Benchmark, BenchOptions, BenchResult } from '../lib/results.js';
import { runFigures, summarise, summaryMarkdown } from './figures.js';
import { type LoadJob, startLoader } from './load.js';
import {
  CALLS,
  type CallName,
  loginBenchUser,
  type MeasuredCall,
  measuredCalls,
} from './session.js';
import {
  GATEWAY_ENV,
  MOCK_OPTIONS,
  type Stack,
  startStack,
  TARGETS,
  type TargetName,
} from './stack.js';

/**
 * How much load: the full run, and the quick one (same code, ≈ 10 s in all). The first run warms
 * up longer: the targets' JIT is cold then, and stays warm for the later runs.
 */
const FULL = {
  runs: 5,
  connections: 100,
  firstWarmupSeconds: 3,
  warmupSeconds: 1,
  durationSeconds: 5,
};
const QUICK = {
  runs: 1,
  connections: 100,
  firstWarmupSeconds: 0.5,
  warmupSeconds: 0.5,
  durationSeconds: 1,
};
type Load = typeof FULL;

const LABELS: Record<CallName, { title: string; request: string }> = {
  token: {
    title: 'Token call',
    request:
      '`GET /v1/api/main/wallet/getBalance` with `authorization` and `lang`: always forwarded',
  },
  cached: {
    title: 'Cached public call',
    request: "`GET /v1/api/forex/trade_list` with `lang`, no token: the gateway's micro-cache",
  },
};

/** Where a job sits in the schedule, carried in its id. */
interface JobPlace {
  readonly run: number;
  readonly call: CallName;
  readonly target: TargetName;
}

/**
 * The schedule: run after run, each call against every target back to back, so that whatever
 * else the machine does meanwhile weighs on all of them alike.
 */
function schedule(
  load: Load,
  stack: Stack,
  calls: Record<CallName, MeasuredCall>,
): { jobs: LoadJob[]; places: Map<string, JobPlace> } {
  const jobs: LoadJob[] = [];
  const places = new Map<string, JobPlace>();
  for (let run = 1; run <= load.runs; run++) {
    for (const call of CALLS) {
      for (const target of TARGETS) {
        const id = `${run}:${call}:${target}`;
        places.set(id, { run, call, target });
        jobs.push({
          id,
          url: `${stack.targets[target].url}${calls[call].path}`,
          headers: calls[call].headers,
          connections: load.connections,
          warmupSeconds: run === 1 ? load.firstWarmupSeconds : load.warmupSeconds,
          durationSeconds: load.durationSeconds,
          cpuPids: { proxy: stack.targets[target].proxyPids, mock: [stack.mockPid] },
        });
      }
    }
  }
  return { jobs, places };
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** One request per call and target before any load: each must answer 200 with code 1. */
async function checkAnswers(stack: Stack, calls: Record<CallName, MeasuredCall>) {
  for (const call of CALLS) {
    for (const target of TARGETS) {
      const url = `${stack.targets[target].url}${calls[call].path}`;
      const response = await fetch(url, { headers: calls[call].headers });
      const text = await response.text();
      const code = response.ok ? (JSON.parse(text) as { code?: unknown }).code : undefined;
      if (code !== 1) {
        throw new Error(`${target} ${call}: HTTP ${response.status} ${text.slice(0, 200)}`);
      }
    }
  }
}

/** The first lines of the markdown: what was measured, how. */
function setupText(load: Load): string {
  return [
    `autocannon -c ${load.connections} from a child process of its own; ${load.runs} run(s), each`,
    'measuring direct, nginx, http-proxy and gateway back to back for each call, for',
    `${load.durationSeconds} s after ${load.warmupSeconds} s of warm-up (${load.firstWarmupSeconds} s in the first run).`,
    `The mock runs from the build with \`${MOCK_OPTIONS.join(' ')}\`; nginx (Debian) has one`,
    'worker, keep-alive upstream connections and no access log; http-proxy is a bare',
    '@fastify/http-proxy with its defaults in a Fastify without a logger',
    '(bench/rest/bare-http-proxy.ts); the gateway runs from the build with `LOG_LEVEL=warn`',
    '(no request log either) and its default `CACHE_TTL_MS`. Load generator, mock and proxy',
    "share the machine's cores. Figures are medians of the runs.",
  ].join('\n');
}

async function run({ quick }: BenchOptions): Promise<BenchResult> {
  const load = quick ? QUICK : FULL;
  // The load process loads autocannon while the targets start.
  const loader = await startLoader();
  let stack: Stack | undefined;
  try {
    stack = await startStack();
    const calls = measuredCalls(await loginBenchUser(stack.mockUrl));
    await checkAnswers(stack, calls);
    const { jobs, places } = schedule(load, stack, calls);
    const plannedMs = sum(jobs.map((job) => job.warmupSeconds + job.durationSeconds)) * 1000;
    const measurements = await loader.run(jobs, plannedMs * 1.5 + 30_000, (done) => {
      const rate = Math.round(done.requests / done.seconds);
      process.stderr.write(`rest ${done.id}: ${rate} req/s, p99 ${done.p99Ms} ms\n`);
    });
    const runs = measurements.map((measurement) => {
      const place = places.get(measurement.id);
      if (!place) throw new Error(`the load process measured an unknown job ${measurement.id}`);
      return runFigures(place, measurement);
    });

    const summary = summarise(runs);
    return {
      name: 'rest',
      quick,
      params: {
        ...load,
        order: `run → call (${CALLS.join(', ')}) → target (${TARGETS.join(', ')})`,
        calls: { token: calls.token.path, cached: calls.cached.path },
        headers: {
          token: Object.keys(calls.token.headers),
          cached: Object.keys(calls.cached.headers),
        },
        loader: 'autocannon programmatic API in one child process (bench/rest/load-process.ts)',
        mock: MOCK_OPTIONS.join(' '),
        nginx: 'worker_processes 1, keepalive 128, proxy_http_version 1.1, access_log off',
        httpProxy: '@fastify/http-proxy defaults, Fastify logger off',
        gateway: GATEWAY_ENV,
      },
      summary,
      runs,
      markdown: summaryMarkdown(summary, LABELS, setupText(load)),
    };
  } finally {
    await Promise.all([loader.stop(), stack?.stop()]);
  }
}

export const benchmark: Benchmark = { name: 'rest', run };
