import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../envelope.js';
import { KEEP_ALIVE, KEEP_ALIVE_MS } from '../../socket/frames.js';
import type { MockUpstream } from '../server.js';
import { control, demoUser, openSocket, startMock } from './test-support.js';

let mock: MockUpstream;
beforeAll(async () => {
  mock = await startMock({ tickMs: 100 });
});
afterAll(() => mock.close());

async function firstOpenInstrument(api: Awaited<ReturnType<typeof demoUser>>['api']) {
  const list = await api.call('tradeList', {});
  const found = list.find((i) => i.MarketStatus === 1 && i.HasForexMultiple.length > 0);
  if (!found) throw new Error('no open instrument');
  return found;
}

describe('mock socket /v1/ws', () => {
  it('pushes DAY_MARKET within 1 s of subscribing, snapshot first', async () => {
    const socket = await openSocket(mock);
    const started = Date.now();
    socket.send({ type: 'sub', param: 'DAY_MARKET' });
    const frame = await socket.next((f) => f.type === 'DAY_MARKET', 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(Array.isArray(frame.data)).toBe(true);
    socket.close();
  });

  it('sends a quiet socket a keep-alive within KEEP_ALIVE_MS, and a ticking one none', async () => {
    const socket = await openSocket(mock);
    const opened = Date.now();
    await socket.next((f) => f.type === KEEP_ALIVE, 2 * KEEP_ALIVE_MS);
    expect(Date.now() - opened).toBeLessThanOrEqual(KEEP_ALIVE_MS + 500);
    // Subscribed to a ticking feed (every 100 ms here), the socket gets no keep-alive at all.
    socket.send({ type: 'sub', param: 'DAY_MARKET' });
    await socket.next((f) => f.type === 'DAY_MARKET');
    const before = socket.frames.length;
    await new Promise((resolve) => setTimeout(resolve, 3 * KEEP_ALIVE_MS));
    expect(socket.frames.slice(before).filter((f) => f.type === KEEP_ALIVE)).toEqual([]);
    socket.close();
  });

  it('answers ping with pong and refuses private topics before login', async () => {
    const socket = await openSocket(mock);
    socket.send('ping');
    await socket.next((f) => f.type === 'pong');
    socket.send({ type: 'sub', param: 'FOREX_TRADE' });
    const error = await socket.next((f) => f.type === 'error');
    expect(error.code).toBe(CODE.INVALID_INPUT);
    socket.send({ type: 'login', token: 'not-a-token' });
    const refused = await socket.next((f) => f.type === 'login_result');
    expect(refused.code).not.toBe(1);
    socket.close();
  });

  it("delivers a user's FOREX_TRADE and FOREX_CLOSED to that user only", async () => {
    const alice = await demoUser(mock);
    const bob = await demoUser(mock);
    const instrument = await firstOpenInstrument(alice.api);
    const sockets = [await openSocket(mock), await openSocket(mock)] as const;
    for (const [socket, user] of [
      [sockets[0], alice],
      [sockets[1], bob],
    ] as const) {
      socket.send({ type: 'login', token: user.session.token });
      const result = await socket.next((f) => f.type === 'login_result');
      expect(result.code).toBe(1);
      socket.send({ type: 'sub', param: 'FOREX_TRADE' });
      socket.send({ type: 'sub', param: 'FOREX_CLOSED' });
    }
    const order = await alice.api.call('submit', {
      type: 1,
      cont: instrument.ForexMinCont,
      forex_id: instrument.Id,
      status: 1,
      multiple: instrument.HasForexMultiple[0]?.Value ?? 1,
    });
    // Move the price so the engine revalues Alice's position at once.
    await control(mock, '/market/price', {
      id: instrument.Id,
      price: instrument.ForexQuotations.Close * 1.001,
    });
    const trade = await sockets[0].next(
      (f) => f.type === 'FOREX_TRADE' && JSON.stringify(f.data).includes(`"Id":${order.Id}`),
    );
    expect(trade.code).toBe(1);
    await alice.api.call('close', { id: order.Id });
    const closed = await sockets[0].next((f) => f.type === 'FOREX_CLOSED');
    expect(closed.data).toEqual([order.Id]);
    await new Promise((r) => setTimeout(r, 300));
    expect(
      sockets[1].frames.filter((f) => f.type === 'FOREX_TRADE' || f.type === 'FOREX_CLOSED'),
    ).toEqual([]);
    for (const s of sockets) s.close();
  });

  it('pushes the current candle on KLINE.{code}.{period}', async () => {
    const { api } = await demoUser(mock);
    const instrument = await firstOpenInstrument(api);
    const socket = await openSocket(mock);
    const topic = `KLINE.${instrument.Code}.1min`;
    socket.send({ type: 'sub', param: topic });
    const frame = await socket.next((f) => f.type === topic);
    expect(frame.data).toMatchObject({ Time: expect.any(Number), Close: expect.any(Number) });
    socket.close();
  });
});
