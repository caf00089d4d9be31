import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLOSE, CODE } from '@pipstream/protocol';
import { createMockUpstream, type MockUpstream } from '@pipstream/protocol/mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

const gatewayRoot = join(import.meta.dirname, '..');
const CLI = join(gatewayRoot, 'dist/cli.js');
const START_ALL = join(gatewayRoot, 'dist/start-all.js');

// These tests run the built gateway as a real process: build it first, so they never meet a
// stale build (`tsc -b` is incremental and quick when nothing changed).
beforeAll(() => {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-b', gatewayRoot], { stdio: 'inherit' });
}, 120_000);

let mock: MockUpstream;
beforeAll(async () => {
  mock = await createMockUpstream({ port: 0, data: ':memory:', tickMs: 100 });
});
afterAll(() => mock.close());

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface Run {
  readonly child: ChildProcess;
  readonly stdout: () => string;
  readonly stderr: () => string;
  readonly exited: Promise<number | null>;
}

/** Runs `script` with only `env` (and PATH) in its environment. */
function run(script: string, env: Record<string, string>): Run {
  const child = spawn(process.execPath, [script], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Resolves with the first capture of `pattern` in the child's stdout. */
async function printed(started: Run, pattern: RegExp, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(started.stdout());
    if (match?.[1]) return match[1];
    if (started.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(
        `not printed: ${pattern}\nstdout: ${started.stdout()}\nstderr: ${started.stderr()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Opens `count` browser sockets, 50 at a time, each recording the code it is closed with. */
async function openBrowsers(wsUrl: string, count: number) {
  const browsers: { socket: WebSocket; closed: Promise<number> }[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = Array.from({ length: Math.min(50, count - i) }, async () => {
      const socket = new WebSocket(wsUrl);
      const closed = new Promise<number>((resolve) => socket.once('close', resolve));
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      socket.send(JSON.stringify({ type: 'sub', param: 'DAY_MARKET' }));
      return { socket, closed };
    });
    browsers.push(...(await Promise.all(batch)));
  }
  return browsers;
}

describe('pipstream-gateway', () => {
  it('refuses to start on a bad variable, naming it, with exit code 2', async () => {
    const bad = run(CLI, { UPSTREAM_URL: mock.url, PORT: '80a', HARD_BUFFER_BYTES: '-1' });
    expect(await bad.exited).toBe(2);
    expect(bad.stderr()).toMatch(/PORT: expected a whole number/);
    expect(bad.stderr()).toMatch(/HARD_BUFFER_BYTES: expected a whole number/);

    const missing = run(CLI, { PORT: '0' });
    expect(await missing.exited).toBe(2);
    expect(missing.stderr()).toMatch(/UPSTREAM_URL is required/);
  });

  it('on SIGTERM closes 200 browsers with 1012 and exits 0 within 10 s', async () => {
    const gateway = run(CLI, {
      UPSTREAM_URL: mock.url,
      PORT: '0',
      HOST: '127.0.0.1',
      MAX_CONNECTIONS_PER_IP: '1000',
      LOG_LEVEL: 'warn',
    });
    const url = await printed(gateway, /listening on (http:\/\/[^ ]+) → upstream/);
    const browsers = await openBrowsers(`${url.replace('http', 'ws')}/v1/ws`, 200);
    // Every browser is live: each has had a tick relayed.
    await Promise.all(
      browsers.map(({ socket }) => new Promise((resolve) => socket.once('message', resolve))),
    );

    const started = Date.now();
    gateway.child.kill('SIGTERM');
    const codes = await Promise.all(browsers.map((b) => b.closed));
    const exitCode = await gateway.exited;

    expect(new Set(codes)).toEqual(new Set([CLOSE.SERVICE_RESTART]));
    expect(codes).toHaveLength(200);
    expect(exitCode).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 30_000);
});

describe('start-all (npm start)', () => {
  it('starts the embedded mock behind the gateway, prints the URL and stops both on SIGTERM', async () => {
    const data = mkdtempSync(join(tmpdir(), 'pipstream-start-all-'));
    dirs.push(data);
    const all = run(START_ALL, {
      PORT: '0',
      HOST: '127.0.0.1',
      MOCK_DATA: data,
      LOG_LEVEL: 'warn',
      WEB_DIR: join(data, 'no-web-build'),
    });
    const url = await printed(all, /open (http:\/\/[^ ]+)/);
    expect(all.stdout()).toMatch(/embedded mock upstream/);

    const areas = await fetch(`${url}/api/default/area_list`).then((r) => r.json());
    expect(areas.code).toBe(CODE.OK);
    const home = await fetch(url);
    expect(await home.text()).toMatch(/web build is not present/);
    // The mock keeps its database in MOCK_DATA.
    expect(readdirSync(data).length).toBeGreaterThan(0);

    all.child.kill('SIGTERM');
    expect(await all.exited).toBe(0);
  }, 30_000);
});
