/**
 * docker-compose.yml's topology without Docker, on 127.0.0.1: the mock upstream (its compose
 * command), two gateway replicas (the image's command, compose's environment) and Debian's
 * nginx running deploy/nginx.conf with only its ports, upstream servers and resolver rewritten.
 * Browsers are the protocol's socket client over `ws`, as the web app's worker runs it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import {
  CLOSE,
  createRestClient,
  createSocketClient,
  type Instrument,
  type RestClient,
  routes,
  type SocketClient,
} from '@pipstream/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { minimumMarketBuy } from '../../protocol/src/test-support/orders.js';
import {
  commandOf,
  execForm,
  instructions,
  localNginxConf,
  parseCompose,
  parseDockerfile,
  REPO,
  readDeployFiles,
  runtimeStage,
  service,
  serviceEnv,
} from './test-support/deploy-files.js';
import { freePort, printed, type Started, start, stop, until } from './test-support/processes.js';

/** Public browsers; one logged-in browser comes on top. */
const PUBLIC_BROWSERS = 10;
/** "Within a few seconds": from a replica's SIGTERM to every browser live on the other. */
const MOVE_BUDGET_MS = 5000;

/** nginx from PATH or Debian's /usr/sbin; `.ci/run` installs it where it is missing. */
function findNginx(): string {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  const found = dirs.map((dir) => join(dir, 'nginx')).find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      'nginx is not installed: `bash .ci/run` installs it (apt-get install -y nginx-light)',
    );
  }
  return found;
}

/** `args` with the value after each flag of `values` replaced; every flag must be there. */
function withFlags(args: readonly string[], values: Record<string, string>): string[] {
  const changed = [...args];
  for (const [flag, value] of Object.entries(values)) {
    const at = changed.indexOf(flag);
    if (at === -1 || at + 1 >= changed.length) throw new Error(`no ${flag} in ${args.join(' ')}`);
    changed[at + 1] = value;
  }
  return changed;
}

interface Replica {
  readonly process: Started;
  readonly url: string;
  /** Its /metrics, on a port of its own (as Prometheus scrapes it). */
  readonly metricsUrl: string;
}

interface ReplicaFigures {
  readonly clients: number;
  readonly publicUpstream: number;
  readonly privateUpstream: number;
}

/** A replica's own count of browsers and upstream connections, from its /metrics. */
async function figuresOf(replica: Replica): Promise<ReplicaFigures> {
  const text = await (await fetch(replica.metricsUrl)).text();
  const value = (series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? 0 : Number(line.slice(series.length + 1));
  };
  return {
    clients: value('gateway_clients'),
    publicUpstream: value('gateway_upstream_connections{kind="public"}'),
    privateUpstream: value('gateway_upstream_connections{kind="private"}'),
  };
}

/** A browser: the protocol's socket client through nginx, and what it went through. */
interface Browser {
  readonly client: SocketClient;
  readonly disconnectCodes: (number | undefined)[];
  /** Arrival time of each DAY_MARKET frame. */
  readonly quotes: number[];
}

const tmpDirs: string[] = [];
const processes: Started[] = [];
const browsers: Browser[] = [];
let mockUrl: string;
const replicas: Replica[] = [];
let base: string;
let drainMs: number;

/** The mock's control API (loopback, as in its container). */
async function control<T>(path: string, body?: object): Promise<T> {
  const res = await fetch(`${mockUrl}/__control${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 1) throw new Error(`control ${path}: ${answer.msg}`);
  return answer.data;
}

/** Product calls through nginx, as a phone makes them. */
function api(token?: string): RestClient<typeof routes> {
  return createRestClient(routes, { baseUrl: base, getLang: () => 'en', getToken: () => token });
}

function openBrowser(token?: string): Browser {
  const client = createSocketClient({
    url: `${base.replace('http', 'ws')}/v1/ws`,
    WebSocketImpl: WebSocket,
    ...(token && { token }),
  });
  const browser: Browser = { client, disconnectCodes: [], quotes: [] };
  client.on('disconnect', ({ code }) => browser.disconnectCodes.push(code));
  client.onTopic('DAY_MARKET', () => browser.quotes.push(Date.now()));
  client.subscribe('DAY_MARKET');
  if (token) client.subscribeMany(['FOREX_TRADE', 'FOREX_CLOSED']);
  client.connect();
  browsers.push(browser);
  return browser;
}

beforeAll(async () => {
  const nginx = findNginx();
  // The replicas run the built gateway, as the image does: build first (incremental, quick when
  // nothing changed), so they never run a stale build.
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-b', join(REPO, 'gateway')], { stdio: 'inherit' });

  const files = await readDeployFiles();
  const compose = parseCompose(files.compose);
  const work = await mkdtemp(join(tmpdir(), 'pipstream-ops-'));
  tmpDirs.push(work);

  // The mock, with compose's command and environment; loopback and a free port here.
  const mockService = service(compose, 'mock');
  const [, ...mockArgs] = commandOf(mockService) ?? [];
  const mock = start(
    'mock',
    process.execPath,
    withFlags(mockArgs, { '--host': '127.0.0.1', '--port': '0', '--data': join(work, 'mock') }),
    { cwd: REPO, env: serviceEnv(mockService) },
  );
  processes.push(mock);
  mockUrl = await printed(mock, /listening on (http:\/\/\S+)/);

  // Two replicas: the image's command; compose's environment with UPSTREAM_URL set on the
  // host (the one-variable switch), each on its own free port and serving a stand-in page.
  const web = join(work, 'web');
  await mkdir(web);
  await writeFile(join(web, 'index.html'), '<!doctype html><title>Pipstream</title>\n');
  const [, ...gatewayArgs] =
    execForm(
      instructions(runtimeStage(parseDockerfile(files.dockerfile)), 'CMD').at(-1)?.args ?? '',
    ) ?? [];
  const gatewayEnv = serviceEnv(service(compose, 'gateway'), { UPSTREAM_URL: mockUrl });
  drainMs = Number(gatewayEnv.SHUTDOWN_GRACE_MS);
  for (const name of ['gateway-1', 'gateway-2']) {
    const replica = start(name, process.execPath, gatewayArgs, {
      cwd: REPO,
      env: {
        ...gatewayEnv,
        PORT: '0',
        HOST: '127.0.0.1',
        // Loopback here; compose's METRICS_HOST and TRUST_PROXY name container addresses.
        METRICS_PORT: '0',
        METRICS_HOST: '127.0.0.1',
        TRUST_PROXY: '127.0.0.1',
        WEB_DIR: web,
        LOG_LEVEL: 'warn',
      },
    });
    processes.push(replica);
    const url = await printed(replica, /listening on (http:\/\/\S+) →/);
    const metricsUrl = await printed(replica, /metrics at (http:\/\/\S+)/);
    replicas.push({ process: replica, url, metricsUrl });
  }

  // nginx as root runs its workers as nobody: its folder must be readable by them.
  const nginxDir = await mkdtemp(join(tmpdir(), 'pipstream-ops-nginx-'));
  tmpDirs.push(nginxDir);
  await chmod(nginxDir, 0o755);
  const listenPort = await freePort();
  const conf = localNginxConf(files.nginx, {
    listenPort,
    gatewayPorts: replicas.map((replica) => Number(new URL(replica.url).port)),
    tempDir: join(nginxDir, 'temp'),
  });
  await mkdir(join(nginxDir, 'temp'));
  await writeFile(join(nginxDir, 'nginx.conf'), conf);
  const pid = join(nginxDir, 'nginx.pid');
  // nginx opens its access log, `/dev/stdout`, by name: that works on a file, not on the socket
  // Node hands a child for a pipe.
  const accessLog = await open(join(nginxDir, 'access.log'), 'a');
  const balancer = start(
    'nginx',
    nginx,
    [
      '-p',
      nginxDir,
      '-e',
      'stderr',
      '-c',
      join(nginxDir, 'nginx.conf'),
      '-g',
      `daemon off; pid ${pid}; error_log stderr;`,
    ],
    { stdoutFd: accessLog.fd },
  );
  await accessLog.close();
  processes.push(balancer);
  base = `http://127.0.0.1:${listenPort}`;
  await until(
    () => `nginx on ${base} (exited: ${!balancer.running}, stderr: ${balancer.stderr()})`,
    async () => (await fetch(`${base}/readyz`)).status,
    (status) => status === 200,
  );
}, 180_000);

afterAll(async () => {
  for (const browser of browsers) browser.client.close();
  await Promise.all(processes.map((started) => stop(started, 'SIGTERM', 5000)));
  for (const dir of tmpDirs) await rm(dir, { recursive: true, force: true });
}, 30_000);

describe('the compose topology without Docker: mock, two gateways, nginx', () => {
  let token: string;
  let instrument: Instrument;

  it('serves REST through nginx: the app, a public call and a logged-in call', async () => {
    const page = await fetch(`${base}/`);
    expect(await page.text()).toContain('<title>Pipstream</title>');
    // Each replica is scraped on its own metrics port, never through the balancer nor on the
    // port the balancer reaches.
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    for (const replica of replicas)
      expect((await fetch(`${replica.url}/metrics`)).status).toBe(404);

    const list = await api().call('tradeList');
    const eurusd = list.find((item) => item.Code === 'EURUSD');
    if (!eurusd) throw new Error('no EURUSD in the trade list');
    // Status 1: open, whatever the simulated trading hours say.
    instrument = await control<Instrument>('/market/status', { id: eurusd.Id, status: 1 });

    token = (await api().call('createAccountDemoForU', {})).token;
    // The demo account's starting balance: the call reached the upstream as this user.
    const { balance } = await api(token).call('getBalance');
    expect(Number(balance)).toBe(100_000);
  });

  it('spreads browsers over both replicas, each holding one public upstream connection', async () => {
    for (let i = 0; i < PUBLIC_BROWSERS; i++) openBrowser();
    const user = openBrowser(token);
    await until(
      'every browser quoted',
      () => browsers.filter((b) => b.quotes.length > 0).length,
      (quoted) => quoted === browsers.length,
    );
    await until('the user logged in', () => user.client.loggedIn, Boolean);

    const figures = await Promise.all(replicas.map(figuresOf));
    expect(figures.reduce((sum, f) => sum + f.clients, 0)).toBe(browsers.length);
    for (const replica of figures) {
      expect(replica.clients).toBeGreaterThan(0);
      expect(replica.publicUpstream).toBe(1);
    }
    expect(figures.map((f) => f.privateUpstream).sort()).toEqual([0, 1]);
    // The upstream's own count: one public connection per replica, one for the user.
    expect(await control('/sockets')).toEqual({ open: replicas.length + 1 });
  });

  it("moves a stopped replica's browsers to the other within seconds, losing no private frame", async () => {
    const user = browsers.at(-1) as Browser;
    const orders = api(token);
    const buy = () => orders.call('submit', minimumMarketBuy(instrument));
    let step = 0;
    // Moves the price a little each time, so the engine pushes the holdings' new values.
    const nudge = async () => {
      step++;
      const price = instrument.ForexQuotations.Close * (1 + (step % 2 === 0 ? 1 : -1) * 0.0004);
      await control('/market/price', { id: instrument.Id, price });
    };
    /** From now on, whether `topic` brought the user a frame whose data `carries` accepts. */
    const watch = (topic: 'FOREX_TRADE' | 'FOREX_CLOSED', carries: (data: unknown) => boolean) => {
      let seen = false;
      const stopWatching = user.client.onTopic(topic, ({ frame }) => {
        if (!carries(frame.data)) return;
        seen = true;
        stopWatching();
      });
      return () => seen;
    };
    const holds = (id: number) => (data: unknown) =>
      Array.isArray(data) && data.some((row: { Id?: number }) => row.Id === id);
    /** Nudges the price every 400 ms until FOREX_TRADE carries order `id`. */
    const tradePush = async (id: number) => {
      const seen = watch('FOREX_TRADE', holds(id));
      let nudgedAt = 0;
      await until(
        `FOREX_TRADE for order ${id}`,
        async () => {
          if (!seen() && Date.now() - nudgedAt > 400) {
            nudgedAt = Date.now();
            await nudge();
          }
          return seen();
        },
        Boolean,
      );
    };

    // Before: the user's position is pushed through its replica.
    const before = await buy();
    await tradePush(before.Id);

    const figures = await Promise.all(replicas.map(figuresOf));
    const victimAt = figures.findIndex((f) => f.privateUpstream === 1);
    const victim = replicas[victimAt] as Replica;
    const survivor = replicas[1 - victimAt] as Replica;
    const moving = figures[victimAt]?.clients ?? 0;

    const stoppedAt = Date.now();
    process.kill(victim.process.pid, 'SIGTERM');
    await until(
      'every browser live on the surviving replica',
      async () => ({
        served: (await figuresOf(survivor)).clients,
        open: browsers.every((b) => b.client.state === 'open'),
        loggedIn: user.client.loggedIn,
      }),
      (now) => now.served === browsers.length && now.open && now.loggedIn,
      MOVE_BUDGET_MS,
    );
    const movedMs = Date.now() - stoppedAt;
    const exit = await victim.process.exited;
    const exitedMs = Date.now() - stoppedAt;

    // Told "service restart" once each, and only those of the stopped replica.
    const codes = browsers.flatMap((b) => b.disconnectCodes);
    expect(codes).toEqual(Array.from({ length: moving }, () => CLOSE.SERVICE_RESTART));
    expect(exit).toBe(0);
    expect(exitedMs).toBeLessThan(drainMs);
    console.info(
      `[ops] ${moving} browsers moved in ${movedMs} ms; the stopped replica exited 0 after ${exitedMs} ms`,
    );

    const after = await figuresOf(survivor);
    expect(after).toMatchObject({ publicUpstream: 1, privateUpstream: 1 });
    await until(
      'the upstream holding 2 sockets',
      () => control('/sockets'),
      (s) => {
        return (s as { open: number }).open === 2;
      },
    );

    // Quotes flow to every browser again, through the survivor.
    const movedAt = Date.now();
    await until(
      'a quote on every browser after the move',
      () => browsers.filter((b) => (b.quotes.at(-1) ?? 0) > movedAt).length,
      (quoted) => quoted === browsers.length,
    );
    // The position opened before the move is still pushed; a new order placed through nginx
    // (a POST) is pushed, and its close too.
    await tradePush(before.Id);
    const later = await buy();
    await tradePush(later.Id);
    const closed = watch('FOREX_CLOSED', (data) => Array.isArray(data) && data.includes(later.Id));
    await orders.call('close', { id: later.Id });
    await until('FOREX_CLOSED for the new order', closed, Boolean);
  });
});
