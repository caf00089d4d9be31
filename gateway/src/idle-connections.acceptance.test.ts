import { connect, type Socket } from 'node:net';
import { createMockUpstream, type MockUpstream } from '@pipstream/protocol/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from './realtime/test-support/harness.js';
import { buildGateway, type Gateway } from './server.js';
import { testConfig } from './test-support/config.js';

const CAP = 50;
const KEPT_ALIVE = 150;
const SILENT = 150;

let mock: MockUpstream;
let gateway: Gateway;
let port: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  mock = await createMockUpstream({ port: 0, host: '127.0.0.1', data: ':memory:', tickMs: 500 });
  gateway = buildGateway(testConfig(mock.url, { MAX_IDLE_CONNECTIONS_PER_IP: String(CAP) }));
  port = Number(new URL(await gateway.listen({ port: 0, host: '127.0.0.1' })).port);
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await gateway.close();
  await mock.close();
});

/** A connection from `localAddress`; `closed` tells whether the gateway has ended it. */
function open(localAddress: string) {
  const socket = connect({ host: '127.0.0.1', port, localAddress });
  sockets.push(socket);
  const state = { closed: false, answered: '' };
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    state.answered += chunk;
  });
  socket.on('close', () => {
    state.closed = true;
  });
  socket.on('error', () => {});
  return { socket, state };
}

describe('one client holding idle HTTP connections (real gateway)', () => {
  it(`keeps at most ${CAP} of them; other addresses are served`, async () => {
    const kept = Array.from({ length: KEPT_ALIVE }, () => open('127.0.0.2'));
    for (const { socket } of kept) socket.write('GET /healthz HTTP/1.1\r\nHost: gateway\r\n\r\n');
    await waitFor(
      () => kept.every(({ state }) => state.closed || state.answered.includes('"ok":true')),
      'the keep-alive requests answered',
      10_000,
    );
    // And connections that never send anything at all.
    const silent = Array.from({ length: SILENT }, () => open('127.0.0.2'));
    const all = [...kept, ...silent];
    await waitFor(
      () => all.filter(({ state }) => !state.closed).length <= CAP,
      `at most ${CAP} left open`,
      5000,
    ).catch(() => undefined);
    const stillOpen = all.filter(({ state }) => !state.closed).length;
    const closed = (await gateway.metrics.idleConnectionsClosed.get()).values[0]?.value ?? 0;
    console.info(
      `[idle connections] ${KEPT_ALIVE} kept alive after a request and ${SILENT} silent from ` +
        `one address: ${stillOpen} left open, ${closed} closed by the gateway`,
    );
    expect(stillOpen).toBeLessThanOrEqual(CAP);
    expect(closed).toBeGreaterThanOrEqual(KEPT_ALIVE + SILENT - CAP);
    // Another address is not held to that one's count.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  }, 20_000);
});
