/**
 * Ctrl-C in the middle of a run: the tool stops at once, closes its sockets, and still writes
 * and prints what it measured — and leaves no generator process behind.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { descendants } from '../../bench/lib/processes.js';
import { until } from '../../protocol/src/test-support/index.js';
import { resultSchema } from '../src/result/schema.js';
import {
  buildTool,
  type Gateway,
  startGateway,
  startTool,
  useCleanup,
} from './test-support/stack.js';

const cleanup = useCleanup();
let gateway: Gateway;
beforeAll(async () => {
  buildTool();
  gateway = await startGateway(cleanup);
}, 120_000);
afterAll(() => cleanup.clean());

it('stops on Ctrl-C, closing its sockets and writing what it measured', async () => {
  const dir = await cleanup.folder('pipstream-load-interrupt-');
  const file = join(dir, 'run.json');
  const { tool, finished } = startTool(cleanup, [
    gateway.url,
    ...['--sockets', '100', '--duration', '10m', '--json', file],
  ]);
  await until(
    () => `three progress lines with every socket open\n${tool.stderr()}`,
    () => tool.stderr().match(/open 100\/100/g)?.length ?? 0,
    (lines) => lines >= 3,
    60_000,
  );
  const generators = descendants(tool.pid).map(({ pid }) => pid);
  expect(generators.length).toBeGreaterThan(0);

  const pressed = Date.now();
  process.kill(tool.pid, 'SIGINT');
  const run = await finished;
  expect(Date.now() - pressed).toBeLessThan(20_000);
  expect(run.code, run.stderr).toBe(130);
  expect(run.stderr).toContain('stopping — closing the sockets and writing what was measured');
  expect(run.stdout).toContain('(stopped early by Ctrl-C)');

  const result = resultSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  expect(result.interrupted).toBe(true);
  expect(result.endedAt - result.startedAt).toBeLessThan(60_000);
  expect(result.sockets.browsersConnected).toBe(100);
  expect(result.frames.byKind.DAY_MARKET).toBeGreaterThan(100);
  await until(
    'the generator processes gone',
    () => generators.filter((pid) => existsSync(`/proc/${pid}`)),
    (left) => left.length === 0,
    10_000,
  );
});
