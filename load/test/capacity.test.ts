/**
 * The acceptance run: 2 000 browser sockets and a REST mix for 30 s against the gateway as
 * `npm start` runs it (its defaults: 1 000 sockets an address, so the sockets leave from four
 * loopback addresses, as phones come from many). What the tool counts must be what the
 * gateway says it sent, and its two generators' own results must add up to its report.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHistogram } from '../src/histogram.js';
import { type Result, resultSchema } from '../src/result/schema.js';
import {
  buildTool,
  type Gateway,
  metric,
  runTool,
  startGateway,
  type ToolRun,
  useCleanup,
} from './test-support/stack.js';

const SOCKETS = 2000;
const REST_RATE = 40;
const REST_CONNECTIONS = 4;
const FRAMES_SENT = 'gateway_messages_out_total{destination="browser"}';
const PROXY_OUTCOMES = ['upstream', 'cache', 'error'];

const cleanup = useCleanup();
let gateway: Gateway;
let run: ToolRun;
let result: Result;
let dir: string;
let framesSent: number;
let proxied: number;

const proxiedTotal = async (metricsUrl: string) => {
  let total = 0;
  for (const outcome of PROXY_OUTCOMES) {
    total += await metric(
      metricsUrl,
      `gateway_proxy_request_duration_seconds_count{outcome="${outcome}"}`,
    );
  }
  return total;
};

const readResult = (file: string) => resultSchema.parse(JSON.parse(readFileSync(file, 'utf8')));

beforeAll(async () => {
  buildTool();
  gateway = await startGateway(cleanup);
  dir = await cleanup.folder('pipstream-load-capacity-');
  const framesBefore = await metric(gateway.metricsUrl, FRAMES_SENT);
  const proxiedBefore = await proxiedTotal(gateway.metricsUrl);
  run = await runTool(cleanup, [
    gateway.url,
    ...['--sockets', String(SOCKETS), '--ramp', '400/s', '--duration', '30s'],
    ...['--source', '127.0.0.1-4', '--generators', '2'],
    ...['--rest-rate', String(REST_RATE), '--rest-connections', String(REST_CONNECTIONS)],
    ...['--json', join(dir, 'run.json'), '--parts', join(dir, 'parts'), '--quiet'],
  ]);
  // The gateway adds up its counters once per event-loop turn: read them once it has.
  await new Promise((resolve) => setTimeout(resolve, 500));
  framesSent = (await metric(gateway.metricsUrl, FRAMES_SENT)) - framesBefore;
  proxied = (await proxiedTotal(gateway.metricsUrl)) - proxiedBefore;
  // The figures of the run, for whoever reads the test's output.
  console.log(run.stdout);
  result = readResult(join(dir, 'run.json'));
}, 240_000);

afterAll(() => cleanup.clean());

describe('2 000 sockets and a REST mix for 30 s against npm start', () => {
  it('runs to its end and opens every socket', () => {
    expect(run.code, run.stderr).toBe(0);
    expect(result.interrupted).toBe(false);
    expect(result.sockets.browsersConnected, JSON.stringify(result.sockets.notOpen)).toBe(SOCKETS);
    expect(result.sockets.refused).toEqual({});
    expect(result.frames.byKind.DAY_MARKET).toBeGreaterThan(SOCKETS * 30);
  });

  it('received what the gateway says it sent its browsers, within 0.1 %', () => {
    const received = result.frames.received + result.reference.received;
    console.log(`frames received ${received}, the gateway's count ${framesSent}`);
    expect(Math.abs(received - framesSent) / framesSent).toBeLessThanOrEqual(0.001);
  });

  it('answered the REST mix on every route, each answer the gateway counted', () => {
    const routes = Object.values(result.rest);
    expect(Object.keys(result.rest).sort()).toEqual([
      'categories',
      'close',
      'companyStatus',
      'forexDetail',
      'getBalance',
      'myDeal',
      'submit',
      'tradeList',
      'userInfo',
    ]);
    expect(routes.every((route) => route.answers > 0)).toBe(true);
    const answers = routes.reduce((sum, route) => sum + route.answers, 0);
    expect(answers).toBeGreaterThan(REST_RATE * 20);
    // Before the load: the trade list read once and a demo account opened for each of 20.
    const setup = 1 + 20;
    const unanswered = routes.reduce(
      (sum, route) => sum + Object.values(route.errors).reduce((a, b) => a + b, 0),
      0,
    );
    expect(Math.abs(proxied - setup - answers)).toBeLessThanOrEqual(REST_CONNECTIONS + unanswered);
  });

  it('reports its generators’ CPU', () => {
    const [machine] = result.machines;
    expect(machine?.generators.map((g) => g.name)).toEqual([
      'generator 1',
      'generator 2',
      'the run (reference socket)',
    ]);
    expect(machine?.generators.every((g) => g.cpuSeconds > 0 && g.wallSeconds >= 30)).toBe(true);
    expect(machine?.hostBusy).toBeGreaterThan(0);
    expect(run.stdout).toMatch(/generator 1 \d+ %, generator 2 \d+ %/);
  });

  it("adds its two generators' half-runs, merged, into exactly its own counts", async () => {
    const parts = ['generator-1.json', 'generator-2.json'].map((name) => join(dir, 'parts', name));
    const halves = parts.map(readResult);
    expect(halves.map((half) => half.sockets.planned)).toEqual([SOCKETS / 2, SOCKETS / 2]);
    const merged = await runTool(cleanup, ['merge', ...parts, '--json', join(dir, 'merged.json')]);
    expect(merged.code, merged.stderr).toBe(0);
    const sum = readResult(join(dir, 'merged.json'));
    const distribution = (encoded: string) =>
      decodeHistogram(encoded).outputPercentileDistribution();
    const counts = (one: Result) => ({
      sockets: {
        ...one.sockets,
        firstTick: distribution(one.sockets.firstTick),
        gapLength: distribution(one.sockets.gapLength),
      },
      frames: { ...one.frames, added: distribution(one.frames.added) },
      rest: Object.entries(one.rest).map(([name, route]) => [
        name,
        { ...route, latency: distribution(route.latency) },
      ]),
      series: one.series.map((second) => ({
        ...second,
        added: distribution(second.added),
        rest: distribution(second.rest),
      })),
    });
    expect(counts(sum)).toEqual(counts(result));
    // The printed report of the merge is the run's own, figure for figure.
    const table = (text: string) =>
      text.slice(text.indexOf('\n\nsockets'), text.indexOf('\n\ngenerators'));
    expect(table(merged.stdout)).toBe(table(run.stdout));
  });
});
