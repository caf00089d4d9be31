/**
 * The real mock upstream for the hub's acceptance tests, seen through an upstream tap, plus the
 * REST and control calls the tests make on it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRestClient, type Instrument, routes } from '@pipstream/protocol';
import { createMockUpstream, type MockOptions, type MockUpstream } from '@pipstream/protocol/mock';
import { minimumMarketBuy } from '../../../../protocol/src/test-support/index.js';
import { startUpstreamTap, type UpstreamTap } from './upstream-tap.js';

export interface TappedMock {
  readonly mock: MockUpstream;
  readonly tap: UpstreamTap;
  close(): Promise<void>;
}

/** A throwaway mock (in-memory, ticking every `tickMs`) behind a tap. */
export async function startTappedMock(options: MockOptions = {}): Promise<TappedMock> {
  const mock = await createMockUpstream({ port: 0, data: ':memory:', tickMs: 100, ...options });
  const tap = await startUpstreamTap(mock.wsUrl);
  return {
    mock,
    tap,
    async close() {
      await tap.close();
      await mock.close();
    },
  };
}

/** A mock on disk that can be stopped and started again on its port, keeping its accounts. */
export interface RestartableMock {
  /** The mock running now (a new one after each `restart`). */
  readonly mock: MockUpstream;
  /** Stops it, as a killed upstream: its sockets drop, its port refuses. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  restart(): Promise<MockUpstream>;
  /** Stops it for good and removes its data. */
  close(): Promise<void>;
}

/** A mock upstream whose SQLite lives in a fresh temporary folder named after `name`. */
export async function startRestartableMock(name: string): Promise<RestartableMock> {
  const data = mkdtempSync(join(tmpdir(), `pipstream-${name}-`));
  const options = { host: '127.0.0.1', data, tickMs: 100 } as const;
  let mock = await createMockUpstream({ ...options, port: 0 });
  const port = Number(new URL(mock.url).port);
  let running = true;
  return {
    get mock() {
      return mock;
    },
    async stop() {
      running = false;
      await mock.close();
    },
    async restart() {
      mock = await createMockUpstream({ ...options, port });
      running = true;
      return mock;
    },
    async close() {
      if (running) await mock.close();
      running = false;
      rmSync(data, { recursive: true, force: true });
    },
  };
}

/** Calls the mock's control API; rejects unless it answers code 1. */
export async function control(
  mock: MockUpstream,
  path: string,
  body: unknown = {},
): Promise<unknown> {
  const res = await fetch(`${mock.url}/__control${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { code: number; msg: string; data: unknown };
  if (answer.code !== 1) throw new Error(`control ${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** Realtime sockets the mock holds open now (its control API's own count). */
export async function openSockets(mock: MockUpstream): Promise<number> {
  const res = await fetch(`${mock.url}/__control/sockets`);
  const answer = (await res.json()) as { code: number; data: { open: number } };
  if (answer.code !== 1) throw new Error(`control /sockets: ${answer.code}`);
  return answer.data.open;
}

/** A REST client on the mock, logged in once `setToken` is called. */
export function restClient(mock: MockUpstream) {
  let token: string | undefined;
  const client = createRestClient(routes, {
    baseUrl: mock.url,
    getToken: () => token,
    getLang: () => 'en',
  });
  return {
    call: client.call,
    setToken(next: string) {
      token = next;
    },
  };
}

/** A new demo account (GET /api/user/createAccountDemoForU) and a client logged in to it. */
export async function demoUser(mock: MockUpstream) {
  const api = restClient(mock);
  const session = await api.call('createAccountDemoForU', {});
  api.setToken(session.token);
  return { api, token: session.token };
}

/** Instruments open for trading now. */
export async function openInstruments(mock: MockUpstream): Promise<Instrument[]> {
  const list = await restClient(mock).call('tradeList', {});
  return list.filter((i) => i.MarketStatus === 1 && i.HasForexMultiple.length > 0);
}

/** Opens a market order of the smallest size on `instrument`; resolves its Id. */
export async function buyAtMarket(
  user: Awaited<ReturnType<typeof demoUser>>,
  instrument: Instrument,
): Promise<number> {
  const order = await user.api.call('submit', minimumMarketBuy(instrument));
  return order.Id;
}
