/**
 * What the load tool's tests run: the tool as the command an engineer types (its built bin),
 * against the gateway started as `npm start` starts it (gateway/dist/start-all.js, with its
 * embedded mock, or in front of a mock of its own that a test can kill), all on 127.0.0.1 and
 * every process stopped by its PID.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printed, type Started, start, stop } from '../../../protocol/src/test-support/index.js';

export const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const TOOL = join(REPO, 'load/bin/pipstream-load.js');
const START_ALL = join(REPO, 'gateway/dist/start-all.js');
const MOCK = join(REPO, 'protocol/bin/pipstream-mock.js');

/** Builds the tool (and the gateway and protocol it stands on) as `npm install` does. */
export function buildTool(): void {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-b', join(REPO, 'load'), join(REPO, 'gateway')], {
    stdio: 'inherit',
  });
}

/** Processes and folders a test file started, to stop and remove after it. */
export function useCleanup() {
  const processes: Started[] = [];
  const folders: string[] = [];
  return {
    processes,
    async folder(prefix: string) {
      const dir = await mkdtemp(join(tmpdir(), prefix));
      folders.push(dir);
      return dir;
    },
    async clean() {
      await Promise.all(processes.map((started) => stop(started, 'SIGTERM', 5000)));
      await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
    },
  };
}

export interface Gateway {
  readonly process: Started;
  readonly url: string;
  readonly metricsUrl: string;
}

/**
 * `npm start`'s gateway on a free loopback port: its own mock (data in `dir`) unless
 * `upstreamUrl` names one. Its settings are npm start's own (limits included); it serves a
 * stand-in page, the web build being no part of these tests.
 */
export async function startGateway(
  cleanup: ReturnType<typeof useCleanup>,
  options: { readonly upstreamUrl?: string } = {},
): Promise<Gateway> {
  const dir = await cleanup.folder('pipstream-load-gateway-');
  const web = join(dir, 'web');
  await mkdir(web);
  await writeFile(join(web, 'index.html'), '<!doctype html><title>Pipstream</title>\n');
  const gateway = start('gateway', process.execPath, [START_ALL], {
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      METRICS_PORT: '0',
      MOCK_DATA: join(dir, 'data'),
      WEB_DIR: web,
      LOG_LEVEL: 'warn',
      ...(options.upstreamUrl && { UPSTREAM_URL: options.upstreamUrl }),
    },
  });
  cleanup.processes.push(gateway);
  const url = await printed(gateway, /open (http:\/\/\S+) —/, 60_000);
  const metricsUrl = await printed(gateway, /metrics at (http:\/\/\S+)/);
  return { process: gateway, url, metricsUrl };
}

/** A mock upstream of its own (on `port`, or a free one), with its data in `dir`. */
export async function startMock(cleanup: ReturnType<typeof useCleanup>, dir: string, port = 0) {
  const mock = start('mock', process.execPath, [
    MOCK,
    ...['--host', '127.0.0.1', '--port', String(port), '--data', dir],
  ]);
  cleanup.processes.push(mock);
  const url = await printed(mock, /listening on (http:\/\/\S+)/, 60_000);
  return { process: mock, url, port: Number(new URL(url).port) };
}

/**
 * A counter of the gateway's /metrics (with its labels as written there). A labelled counter
 * shows only once something was counted under its labels: until then it reads 0.
 */
export async function metric(metricsUrl: string, series: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** The tool's run: its exit code and what it printed. */
export interface ToolRun {
  readonly code: number | string;
  readonly stdout: string;
  readonly stderr: string;
}

/** Starts `pipstream-load args…`; `finished` resolves once it has exited. */
export function startTool(cleanup: ReturnType<typeof useCleanup>, args: readonly string[]) {
  const tool = start('pipstream-load', process.execPath, [TOOL, ...args], { cwd: REPO });
  cleanup.processes.push(tool);
  const finished: Promise<ToolRun> = tool.exited.then((code) => ({
    code,
    stdout: tool.stdout(),
    stderr: tool.stderr(),
  }));
  return { tool, finished };
}

export function runTool(cleanup: ReturnType<typeof useCleanup>, args: readonly string[]) {
  return startTool(cleanup, args).finished;
}
