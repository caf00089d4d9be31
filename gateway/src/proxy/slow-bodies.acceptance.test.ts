import { connect, type Socket } from 'node:net';
import { createMockUpstream, type MockUpstream } from '@pipstream/protocol/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control, demoUser } from '../realtime/test-support/mock.js';
import { buildGateway, type Gateway } from '../server.js';
import { testConfig } from '../test-support/config.js';
import { POOL_CONNECTIONS, PROXY_DEFAULTS } from './limits.js';

/** Short, so that "at the deadline" is a bound worth checking and the test stays quick. */
const TIMEOUT_MS = 3000;
/** More slow POSTs than the upstream pool has connections. */
const ATTACKERS = POOL_CONNECTIONS + 44;
/** Token calls timed on each side of the comparison. */
const CALLS = 200;
/** A normal call that takes this long is counted as lost: the figure is already damning. */
const GIVE_UP_MS = 3 * TIMEOUT_MS;
/** Calls stuck upstream at once from one address: more than its share of the pool. */
const STUCK = PROXY_DEFAULTS.upstreamPerAddress + 36;

let mock: MockUpstream;
let gateway: Gateway;
let base: string;
let token: string;

beforeAll(async () => {
  mock = await createMockUpstream({ port: 0, host: '127.0.0.1', data: ':memory:', tickMs: 500 });
  gateway = buildGateway(testConfig(mock.url, { PROXY_TIMEOUT_MS: String(TIMEOUT_MS) }));
  base = await gateway.listen({ port: 0, host: '127.0.0.1' });
  token = (await demoUser(mock)).token;
});

afterAll(async () => {
  await gateway.close();
  await mock.close();
});

/** One normal token call through the gateway: its status and how long it took. */
async function tokenCall(): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  try {
    const res = await fetch(`${base}/api/user/info`, {
      headers: { authorization: token },
      signal: AbortSignal.timeout(GIVE_UP_MS),
    });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: Number.POSITIVE_INFINITY };
  }
}

/** The p99 of `CALLS` sequential token calls; a lost call ends the round as a lost p99. */
async function p99OfTokenCalls(): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const { status, ms } = await tokenCall();
    expect(status === 200 || status === 0).toBe(true);
    times.push(ms);
    if (!Number.isFinite(ms)) break;
  }
  times.sort((a, b) => a - b);
  return times.length < CALLS
    ? Number.POSITIVE_INFINITY
    : (times[Math.ceil(CALLS * 0.99) - 1] ?? 0);
}

/**
 * `ATTACKERS` POSTs from 127.0.0.2, each declaring a 60 KB body and sending a byte every 500 ms:
 * before the fix, every one of them held an upstream connection for as long as it trickled.
 */
function startSlowPosts(): { stop(): void } {
  const { port } = new URL(base);
  const sockets: Socket[] = [];
  for (let i = 0; i < ATTACKERS; i++) {
    const socket = connect({ host: '127.0.0.1', port: Number(port), localAddress: '127.0.0.2' });
    socket.on('error', () => {});
    socket.write(
      'POST /api/user/loginForU HTTP/1.1\r\nHost: gateway\r\n' +
        'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 61440\r\n\r\na',
    );
    sockets.push(socket);
  }
  const trickle = setInterval(() => {
    for (const socket of sockets) if (socket.writable) socket.write('a');
  }, 500);
  return {
    stop() {
      clearInterval(trickle);
      for (const socket of sockets) socket.destroy();
    },
  };
}

describe('slow request bodies against the REST proxy (real gateway, mock upstream)', () => {
  it('keeps a normal token call quick and times a stuck one out at the deadline', async () => {
    const idle = await p99OfTokenCalls();
    const attack = startSlowPosts();
    try {
      // Every attacking request is in by now, its first byte of body sent.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const attacked = await p99OfTokenCalls();

      // The upstream answers nothing in time now: calls from one address, more than its share
      // of the pool, some of them waiting for a connection all the while.
      await control(mock, '/faults', { latencyMs: 3 * TIMEOUT_MS });
      const stuck = await Promise.all(Array.from({ length: STUCK }, () => tokenCall()));
      await control(mock, '/faults/clear');

      const statuses = new Set(stuck.map((call) => call.status));
      const slowest = Math.max(...stuck.map((call) => call.ms));
      const quickest = Math.min(...stuck.map((call) => call.ms));
      console.info(
        `[slow bodies] token call p99 idle ${idle.toFixed(1)} ms, with ${ATTACKERS} slow POSTs ` +
          `${attacked.toFixed(1)} ms; ${STUCK} calls stuck upstream answered ${[...statuses]} ` +
          `between ${quickest.toFixed(0)} and ${slowest.toFixed(0)} ms (deadline ${TIMEOUT_MS} ms)`,
      );
      // Twice the idle p99; on a loaded machine a few ms of scheduling noise on top of a
      // loopback p99 of a few ms is not the attack, so 20 ms of slack (the attack cost seconds).
      expect(attacked).toBeLessThanOrEqual(Math.max(2 * idle, idle + 20));
      expect([...statuses]).toEqual([504]);
      expect(quickest).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
      // From arrival: those that waited for their address's turn are answered with the others,
      // not given the deadline again once sent (which would take them past twice the deadline).
      // Compared with the quickest, so that a loaded machine's lag, common to all, is not held
      // against the bound.
      expect(slowest - quickest).toBeLessThan(TIMEOUT_MS / 2);
      expect(slowest).toBeLessThan(2 * TIMEOUT_MS);
    } finally {
      attack.stop();
    }
  }, 30_000);
});
