import { CODE } from '@pipstream/protocol';
import { createMockUpstream, type MockUpstream } from '@pipstream/protocol/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type TestBrowser, waitFor } from './realtime/test-support/harness.js';
import { demoUser } from './realtime/test-support/mock.js';
import { buildGateway, type Gateway } from './server.js';
import { testConfig } from './test-support/config.js';

const SOCKETS_PER_NETWORK = 4;
const SESSIONS_PER_NETWORK = 2;

let mock: MockUpstream;
let gateway: Gateway;
let wsUrl: string;
const browsers: TestBrowser[] = [];

beforeAll(async () => {
  mock = await createMockUpstream({ port: 0, host: '127.0.0.1', data: ':memory:', tickMs: 500 });
  // Behind a balancer at 127.0.0.1 that names each browser's address in X-Forwarded-For.
  gateway = buildGateway(
    testConfig(mock.url, {
      TRUST_PROXY: '127.0.0.1',
      MAX_CONNECTIONS_PER_IP: String(SOCKETS_PER_NETWORK),
      MAX_PRIVATE_SESSIONS_PER_IP: String(SESSIONS_PER_NETWORK),
      // The logins' pace past that burst is not what is counted here: the sessions are.
      LOGIN_RATE_PER_IP: '1000',
    }),
  );
  const base = await gateway.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `${base.replace(/^http/, 'ws')}/v1/ws`;
  await waitFor(() => gateway.realtime.ready(), 'the hub to be ready', 5000);
});

afterAll(async () => {
  for (const b of browsers) b.close();
  await gateway.close();
  await mock.close();
});

/** A browser socket from `address`, as the balancer forwards it; rejects when refused. */
async function from(address: string): Promise<TestBrowser> {
  const b = await openBrowser(wsUrl, { headers: { 'x-forwarded-for': address }, pingMs: 1000 });
  browsers.push(b);
  return b;
}

describe('one IPv6 host rotating through its /64 (real gateway, mock upstream)', () => {
  it("is held to one address's sockets and sessions; the next /64 is another address", async () => {
    const host = (n: number) => `2001:db8:1:2::${n.toString(16)}`;
    const sockets: TestBrowser[] = [];
    for (let n = 1; n <= SOCKETS_PER_NETWORK; n++) sockets.push(await from(host(n)));
    // A new address of the same /64 counts as the same address: refused at the handshake.
    await expect(from(host(0xbeef))).rejects.toThrow(/429/);

    // Each socket logs in with an account of its own, from a different address of the /64.
    const answers = [];
    for (const b of sockets) {
      b.send({ type: 'login', token: (await demoUser(mock)).token });
      answers.push((await b.next((f) => f.type === 'login_result', 5000)).code);
    }
    expect(answers.slice(0, SESSIONS_PER_NETWORK)).toEqual([CODE.OK, CODE.OK]);
    expect(answers.slice(SESSIONS_PER_NETWORK)).toEqual([CODE.SESSIONS_FULL, CODE.SESSIONS_FULL]);

    // The neighbouring /64 is another site: its socket and its login are let in.
    const neighbour = await from('2001:db8:1:3::1');
    neighbour.send({ type: 'login', token: (await demoUser(mock)).token });
    expect(await neighbour.next((f) => f.type === 'login_result', 5000)).toMatchObject({
      code: CODE.OK,
    });
  }, 20_000);
});
