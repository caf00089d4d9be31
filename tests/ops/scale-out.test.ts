/**
 * docker-compose.yml's topology without Docker, on 127.0.0.1 (test-support/topology.ts): the
 * mock, three gateway replicas and Debian's nginx running deploy/nginx.conf.template. Browsers
 * are the protocol's socket client over `ws`, as the web app's worker runs it; one address's
 * sockets and logins come from 127.0.0.2 and 127.0.0.3, which loopback also answers.
 */
import { request } from 'node:http';
import {
  CLOSE,
  CODE,
  createRestClient,
  createSocketClient,
  type Instrument,
  type RestClient,
  routes,
  type SocketClient,
} from '@pipstream/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { minimumMarketBuy, until } from '../../protocol/src/test-support/index.js';
import { figuresOf, type Replica, startTopology, type Topology } from './test-support/topology.js';

/** Public browsers; one logged-in browser comes on top. */
const PUBLIC_BROWSERS = 10;
/** "Within a few seconds": from a replica's SIGTERM to every browser live on the others. */
const MOVE_BUDGET_MS = 5000;
const REPLICAS = 3;
/**
 * The cluster's limits, smaller than compose's defaults so that a test reaches them, given as a
 * `.env` file would give them: compose hands them to nginx, whose template renders them. The
 * socket limit leaves room for the browsers above, all from 127.0.0.1.
 */
const CLUSTER = {
  CLUSTER_MAX_CONNECTIONS_PER_IP: '12',
  CLUSTER_LOGIN_RATE_PER_IP: '1',
  CLUSTER_LOGIN_BURST_PER_IP: '2',
};
/** Each replica's own limit, the second line: the same as the cluster's. */
const REPLICA_LIMITS = { MAX_CONNECTIONS_PER_IP: CLUSTER.CLUSTER_MAX_CONNECTIONS_PER_IP };

/** A browser: the protocol's socket client through nginx, and what it went through. */
interface Browser {
  readonly client: SocketClient;
  readonly disconnectCodes: (number | undefined)[];
  /** Arrival time of each DAY_MARKET frame. */
  readonly quotes: number[];
}

let topology: Topology;
const browsers: Browser[] = [];
let replicas: readonly Replica[];
let base: string;

/** The mock's control API (loopback, as in its container). */
async function control<T>(path: string, body?: object): Promise<T> {
  const res = await fetch(`${topology.mockUrl}/__control${path}`, {
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

/** An HTTP answer: its status and body. */
interface Answer {
  readonly status: number;
  readonly body: string;
}

/** A socket opened through nginx from `address`: the open socket, or the refusal's answer. */
function socketFrom(address: string): Promise<WebSocket | Answer> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/v1/ws`, { localAddress: address });
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    socket.once('error', reject);
  });
}

/** A GET through nginx from `address`. */
function getFrom(address: string, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { localAddress: address }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    req.once('error', reject);
    req.end();
  });
}

/** Whether `answer` is a cluster limit's refusal: a 429 with the gateway's envelope. */
function refusedByLimit(answer: Answer): boolean {
  let envelope: { code?: unknown; msg?: unknown } = {};
  try {
    envelope = JSON.parse(answer.body);
  } catch {
    return false;
  }
  return (
    answer.status === 429 && envelope.code === CODE.RATE_LIMITED && typeof envelope.msg === 'string'
  );
}

beforeAll(async () => {
  topology = await startTopology({
    replicas: REPLICAS,
    nginx: true,
    hostEnv: CLUSTER,
    replicaEnv: REPLICA_LIMITS,
  });
  replicas = topology.replicas;
  base = topology.base;
}, 180_000);

afterAll(async () => {
  for (const browser of browsers) browser.client.close();
  await topology?.stop();
}, 30_000);

describe('the compose topology without Docker: mock, three gateways, nginx', () => {
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

  it('spreads browsers over the replicas, each holding one public upstream connection', async () => {
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
    expect(figures.map((f) => f.privateUpstream).sort()).toEqual([0, 0, 1]);
    // The upstream's own count: one public connection per replica, one for the user.
    expect(await control('/sockets')).toEqual({ open: replicas.length + 1 });
  });

  it("holds one address to the cluster's socket limit with three replicas, not three times it", async () => {
    const limit = Number(CLUSTER.CLUSTER_MAX_CONNECTIONS_PER_IP);
    const before = await Promise.all(replicas.map(figuresOf));
    const held = (figures: { clients: number }[]) => figures.reduce((sum, f) => sum + f.clients, 0);
    // One at a time, as many as each replica alone would admit from one address: the rate of
    // new sockets (CLUSTER_CONNECTION_BURST_PER_IP, 1000) never refuses them, only the count.
    const opened: WebSocket[] = [];
    const refused: Answer[] = [];
    for (let i = 0; i < REPLICAS * limit; i++) {
      const outcome = await socketFrom('127.0.0.2');
      if (outcome instanceof WebSocket) opened.push(outcome);
      else refused.push(outcome);
    }
    try {
      expect(opened).toHaveLength(limit);
      expect(refused).toHaveLength((REPLICAS - 1) * limit);
      expect(refused.every(refusedByLimit)).toBe(true);
      // Balanced over the replicas, each far from its own limit: the cluster's refused them.
      const during = await Promise.all(replicas.map(figuresOf));
      expect(held(during) - held(before)).toBe(limit);
      for (const [at, figures] of during.entries()) {
        expect(figures.clients - (before[at]?.clients ?? 0)).toBeLessThan(limit);
      }
      // Other addresses are not held back by it.
      const other = await socketFrom('127.0.0.4');
      expect(other).toBeInstanceOf(WebSocket);
      opened.push(other as WebSocket);
      // One socket closed lets one more in.
      opened.shift()?.close();
      const next = await until(
        'a socket from 127.0.0.2 once one closed',
        () => socketFrom('127.0.0.2'),
        (outcome) => outcome instanceof WebSocket,
      );
      opened.push(next as WebSocket);
    } finally {
      for (const socket of opened) socket.close();
    }
    await until(
      'the replicas back to the browsers they had',
      async () => held(await Promise.all(replicas.map(figuresOf))),
      (clients) => clients === held(before),
    );
  });

  it("paces one address's logins for the cluster, with the gateway's envelope", async () => {
    const burst = Number(CLUSTER.CLUSTER_LOGIN_BURST_PER_IP);
    const perSecond = Number(CLUSTER.CLUSTER_LOGIN_RATE_PER_IP);
    const startedAt = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 4 * (burst + 1) }, () =>
        getFrom('127.0.0.3', routes.createAccountDemoForU.path),
      ),
    );
    const elapsedS = (Date.now() - startedAt) / 1000;
    const accepted = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    // The burst and the first, then one more for each second the calls took.
    expect(accepted.length).toBeGreaterThanOrEqual(burst + 1);
    expect(accepted.length).toBeLessThanOrEqual(burst + 1 + Math.ceil(elapsedS * perSecond));
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every(refusedByLimit)).toBe(true);
    // Another address logs in meanwhile.
    expect((await getFrom('127.0.0.5', routes.createAccountDemoForU.path)).status).toBe(200);
  });

  it("moves a stopped replica's browsers to the others within seconds, losing no private frame", async () => {
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
    const survivors = replicas.filter((replica) => replica !== victim);
    const moving = figures[victimAt]?.clients ?? 0;
    /** The survivors' figures, added up. */
    const survivorFigures = async () => {
      const each = await Promise.all(survivors.map(figuresOf));
      return {
        clients: each.reduce((sum, f) => sum + f.clients, 0),
        publicUpstream: each.reduce((sum, f) => sum + f.publicUpstream, 0),
        privateUpstream: each.reduce((sum, f) => sum + f.privateUpstream, 0),
      };
    };

    const stoppedAt = Date.now();
    process.kill(victim.process.pid, 'SIGTERM');
    await until(
      'every browser live on the surviving replicas',
      async () => ({
        served: (await survivorFigures()).clients,
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
    expect(exitedMs).toBeLessThan(topology.drainMs);
    console.info(
      `[ops] ${moving} browsers moved in ${movedMs} ms; the stopped replica exited 0 after ${exitedMs} ms`,
    );

    // One public connection per survivor; the user's session moved with it.
    expect(await survivorFigures()).toMatchObject({
      publicUpstream: survivors.length,
      privateUpstream: 1,
    });
    await until(
      `the upstream holding ${survivors.length + 1} sockets`,
      () => control<{ open: number }>('/sockets'),
      (sockets) => sockets.open === survivors.length + 1,
    );

    // Quotes flow to every browser again, through the survivors.
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
