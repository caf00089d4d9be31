import { type ChildProcess, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLOSE, CODE } from '@pipstream/protocol';
import { createMockUpstream, type MockUpstream } from '@pipstream/protocol/mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { printed, type Started, start, waitFor } from '../../protocol/src/test-support/index.js';

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
const rawSockets: Socket[] = [];
afterEach(() => {
  for (const socket of rawSockets.splice(0)) socket.destroy();
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs `script` with only `env` (and PATH) in its environment; /metrics on a free port unless
 * `env` says otherwise, so that gateways of parallel tests never compete for the default one.
 */
function run(script: string, env: Record<string, string>): Started {
  const started = start(script, process.execPath, [script], { env: { METRICS_PORT: '0', ...env } });
  children.push(started.child);
  return started;
}

/** The gateway's CLI on a free loopback port in front of the mock, once it listens. */
async function listeningGateway(env: Record<string, string> = {}) {
  const gateway = run(CLI, {
    UPSTREAM_URL: mock.url,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...env,
  });
  const url = await printed(gateway, /listening on (http:\/\/[^ ]+) → upstream/);
  return { gateway, url };
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

const UPGRADE = [
  'GET /v1/ws HTTP/1.1',
  'Host: 127.0.0.1',
  'Upgrade: websocket',
  'Connection: Upgrade',
  'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
  'Sec-WebSocket-Version: 13',
  '',
  '',
].join('\r\n');

/**
 * A raw TCP connection to `port` that sends `text` and records what comes back, and whether
 * the server closed it; it never closes, nor answers, on its own.
 */
function rawConnection(port: number, text: string) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString('latin1');
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(text);
  rawSockets.push(socket);
  return { socket, received: () => received, closed };
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
    const { gateway, url } = await listeningGateway();
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

describe('pipstream-gateway metrics', () => {
  it('serves /metrics on METRICS_PORT, on loopback, and never on the public port', async () => {
    const { gateway, url } = await listeningGateway();
    const metricsUrl = await printed(gateway, /metrics at (http:\/\/\S+)/);
    expect(new URL(metricsUrl).hostname).toBe('127.0.0.1');
    expect(new URL(metricsUrl).port).not.toBe(new URL(url).port);

    expect((await fetch(`${url}/metrics`)).status).toBe(404);
    let text = '';
    // Scraped until the figures show the upstream connection the gateway opens at start.
    for (let tries = 0; tries < 100 && !text.includes('{kind="public"} 1'); tries++) {
      const scraped = await fetch(metricsUrl);
      expect(scraped.status).toBe(200);
      text = await scraped.text();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(text).toMatch(/^gateway_upstream_connections\{kind="public"\} 1$/m);
    gateway.child.kill('SIGTERM');
    expect(await gateway.exited).toBe(0);
  }, 20_000);

  it('refuses to start with METRICS_PORT equal to PORT', async () => {
    const bad = run(CLI, { UPSTREAM_URL: mock.url, PORT: '8080', METRICS_PORT: '8080' });
    expect(await bad.exited).toBe(2);
    expect(bad.stderr()).toMatch(/METRICS_PORT: must differ from PORT/);
  });
});

describe('pipstream-gateway draining', () => {
  it('answers a socket upgrade arriving during the drain with our 503, and exits within 2 s', async () => {
    const { gateway, url } = await listeningGateway();
    const port = Number(new URL(url).port);
    // A browser that never answers the close handshake: the drain waits up to a second for it,
    // and meanwhile the gateway still accepts connections.
    const stubborn = rawConnection(port, UPGRADE);
    await waitFor(() => stubborn.received().startsWith('HTTP/1.1 101'), 'the upgrade', 5000);

    const started = Date.now();
    gateway.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const late = rawConnection(port, UPGRADE);
    await waitFor(() => late.received().includes('}'), 'an answer to the late upgrade', 5000);
    const [head = '', body = ''] = late.received().split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 503/);
    expect(JSON.parse(body)).toEqual({ code: CODE.UPSTREAM_UNAVAILABLE, msg: 'server restarting' });
    // Its socket is closed by the gateway, not left half-open to hold the drain.
    await late.closed;

    expect(await gateway.exited).toBe(0);
    const exitedMs = Date.now() - started;
    console.info(`[drain] SIGTERM with an upgrade in flight: exited after ${exitedMs} ms`);
    expect(exitedMs).toBeLessThan(2000);
  }, 20_000);
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
