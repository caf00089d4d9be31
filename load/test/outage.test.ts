/**
 * The upstream killed in the middle of a run: the gateway keeps its browsers and tells them the
 * upstream went down and came back, the quotes stop and resume — gaps in every socket's feed —
 * and the reference socket, on the upstream itself, has to reconnect. The report shows all of
 * it, and a threshold of no gaps fails, named.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sleep, stop, until } from '../../protocol/src/test-support/index.js';
import { resultSchema } from '../src/result/schema.js';
import { buildTool, startGateway, startMock, startTool, useCleanup } from './test-support/stack.js';

const SOCKETS = 100;
const OUTAGE_MS = 3000;

const cleanup = useCleanup();
beforeAll(buildTool, 120_000);
afterAll(() => cleanup.clean());

it('shows a killed upstream as gaps, reconnections and a failed --max-gaps', async () => {
  const data = await cleanup.folder('pipstream-load-outage-');
  const mock = await startMock(cleanup, data);
  const gateway = await startGateway(cleanup, { upstreamUrl: mock.url });
  const file = join(data, 'run.json');
  const { tool, finished } = startTool(cleanup, [
    gateway.url,
    ...['--sockets', String(SOCKETS), '--duration', '15s', '--reference', mock.url],
    ...['--gap', '2s', '--max-gaps', '0', '--json', file],
  ]);
  await until(
    () => `all ${SOCKETS} sockets open\n${tool.stderr()}`,
    () => tool.stderr(),
    (text) => text.includes(`open ${SOCKETS}/${SOCKETS}`),
    30_000,
  );
  await sleep(1000);
  await stop(mock.process, 'SIGKILL');
  await sleep(OUTAGE_MS);
  await startMock(cleanup, data, mock.port);

  const run = await finished;
  expect(run.code, run.stderr).toBe(1);
  expect(run.stderr).toMatch(/threshold failed: --max-gaps 0: gaps in the quote feed was \d+/);
  const result = resultSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  // Every socket's quotes stopped for the outage and came back.
  expect(result.sockets.gaps).toBeGreaterThanOrEqual(SOCKETS);
  expect(result.sockets.upstreamDown).toBeGreaterThanOrEqual(SOCKETS);
  expect(result.sockets.upstreamUp).toBeGreaterThanOrEqual(SOCKETS);
  expect(result.reference.reconnects).toBeGreaterThanOrEqual(1);
  expect(run.stdout).toMatch(/gaps\s+[1-9][\d ]* \(p50/);
  expect(run.stdout).toMatch(/upstream lost \/ back \(as told\)\s+[1-9][\d ]* \/ [1-9]/);
  expect(run.stdout).toMatch(/reference socket[\s\S]*reconnections\s+[1-9]/);
  // Quotes flowed again once the upstream was back.
  const lastSeconds = result.series.slice(-4, -1);
  expect(lastSeconds.every((second) => second.frames > 0)).toBe(true);
});
