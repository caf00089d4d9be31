/**
 * Page benchmark: autocannon -c 100 on the gateway's `GET /`, the quotes painted into the page
 * (gateway/src/web/first-screen), against the build's static `index.html` it replaces, served by
 * the same gateway — interleaved run by run. Both uncompressed (autocannon asks for no
 * encoding). The aim: the painted page at ≥ 0.5× the static one's requests per second.
 */
import { FIRST_SCREEN_DATA_ID } from '@pipstream/protocol';
import { freePort, type Started, waitForHttp } from '../lib/processes.js';
import type { Benchmark, BenchOptions, BenchResult } from '../lib/results.js';
import { table } from '../lib/results.js';
import { type LoadJob, startLoader } from '../rest/load.js';
import { GATEWAY_ENV, MOCK_OPTIONS, startBenchGateway, startBenchMock } from '../rest/stack.js';
import { PAGES, type PageName, type PageRun, summarisePages } from './figures.js';

const FULL = { runs: 5, connections: 100, warmupSeconds: 1, durationSeconds: 5 };
const QUICK = { runs: 1, connections: 100, warmupSeconds: 0.5, durationSeconds: 1 };

const PATHS: Record<PageName, string> = { painted: '/?lang=en', static: '/index.html' };

/** Asks for `/` until the gateway paints it (it reads the trade list and holds the quotes). */
async function untilPainted(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const html = await (await fetch(url)).text();
    if (html.includes(FIRST_SCREEN_DATA_ID)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the gateway never painted ${url}`);
}

async function run({ quick }: BenchOptions): Promise<BenchResult> {
  const load = quick ? QUICK : FULL;
  const loader = await startLoader();
  const started: Started[] = [];
  try {
    const [mockPort, gatewayPort] = await Promise.all([freePort(), freePort()]);
    const mockUrl = `http://127.0.0.1:${mockPort}`;
    const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    const mock = startBenchMock(mockPort);
    started.push(mock);
    const gateway = startBenchGateway(gatewayPort, mockUrl);
    started.push(gateway);
    await waitForHttp(`${mockUrl}/healthz`, mock);
    await waitForHttp(`${gatewayUrl}/healthz`, gateway);
    await untilPainted(`${gatewayUrl}${PATHS.painted}`);

    const jobs: LoadJob[] = [];
    for (let round = 1; round <= load.runs; round++) {
      for (const page of PAGES) {
        jobs.push({
          id: `${round}:${page}`,
          url: `${gatewayUrl}${PATHS[page]}`,
          headers: {},
          connections: load.connections,
          warmupSeconds: load.warmupSeconds,
          durationSeconds: load.durationSeconds,
          cpuPids: { gateway: [gateway.pid] },
        });
      }
    }
    const plannedMs = jobs.length * (load.warmupSeconds + load.durationSeconds) * 1000;
    const measurements = await loader.run(jobs, plannedMs * 1.5 + 30_000, (done) => {
      process.stderr.write(`page ${done.id}: ${Math.round(done.requests / done.seconds)} req/s\n`);
    });
    const runs: PageRun[] = measurements.map((measurement) => {
      const [round, page] = measurement.id.split(':');
      return {
        run: Number(round),
        page: page as PageName,
        requestsPerSecond: measurement.requests / measurement.seconds,
        p99Ms: measurement.p99Ms,
        non2xx: measurement.non2xx,
      };
    });
    const summary = summarisePages(runs);
    const markdown = [
      `autocannon -c ${load.connections}, ${load.runs} run(s) of ${load.durationSeconds} s after`,
      `${load.warmupSeconds} s of warm-up, the two pages back to back in each; one gateway (the`,
      'build, `LOG_LEVEL=warn`) in front of the mock; medians.',
      '',
      table(
        ['page', 'req/s', 'p99 ms'],
        [
          [
            '`GET /` with the first screen painted',
            summary.paintedRequestsPerSecond,
            summary.paintedP99Ms,
          ],
          ['`GET /index.html` (static)', summary.staticRequestsPerSecond, summary.staticP99Ms],
          [
            `painted ÷ static (aim ≥ ${summary.aim})`,
            summary.paintedVsStatic,
            summary.met ? 'met' : 'not met',
          ],
        ],
      ),
    ].join('\n');
    return {
      name: 'page',
      quick,
      params: { ...load, paths: PATHS, mock: MOCK_OPTIONS.join(' '), gateway: GATEWAY_ENV },
      summary,
      runs,
      markdown,
    };
  } finally {
    await loader.stop();
    for (const child of started.reverse()) await child.stop();
  }
}

export const benchmark: Benchmark = { name: 'page', run };
