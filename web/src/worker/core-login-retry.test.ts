import { CODE, type WebSocketConstructor } from '@pipstream/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { until } from '../test-support/until.js';
import { createFoldedBatches, type FoldedBatches, foldBatch } from './batch-fold.js';
import type { LiveApi } from './contract.js';
import { createLiveCore } from './core.js';

/**
 * A gateway stand-in on a real socket: it answers the n-th `login` with `answer(token, n)`
 * (none when undefined), pongs, and records the frames it gets.
 */
async function gatewayAnswering(answer: (token: string, n: number) => number | undefined) {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  const received: string[] = [];
  let answered = 0;
  wss.on('connection', (socket) => {
    socket.on('message', (data) => {
      const text = data.toString();
      if (text === 'ping') {
        socket.send('pong');
        return;
      }
      const frame = JSON.parse(text) as { type: string; token?: string; param?: string };
      received.push([frame.type, frame.token ?? frame.param].filter(Boolean).join(' '));
      if (frame.type !== 'login') return;
      const code = answer(frame.token ?? '', answered++);
      if (code !== undefined) socket.send(JSON.stringify({ type: 'login_result', code, msg: '' }));
    });
  });
  const { port } = wss.address() as { port: number };
  return {
    wsUrl: `ws://127.0.0.1:${port}/v1/ws`,
    received,
    logins: () => received.filter((f) => f.startsWith('login')),
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A live core with quick login retries, its batches applied to a store of its own. */
function liveCore(): { core: LiveApi; state: FoldedBatches } {
  const state = createFoldedBatches();
  const core = createLiveCore({
    WebSocketImpl: WebSocket as unknown as WebSocketConstructor,
    socket: { loginRetry: { baseMs: 100, maxMs: 200 } },
  });
  core.onBatch((batch) => foldBatch(batch, state));
  cleanups.push(() => core.close());
  return { core, state };
}

describe('the live core, when the gateway refuses the login for its limits', () => {
  it('says account updates are paused, logs in again by itself, then resyncs', async () => {
    const codes = [CODE.SESSIONS_FULL, CODE.RATE_LIMITED, CODE.OK];
    const gateway = await gatewayAnswering((_token, n) => codes[Math.min(n, 2)]);
    cleanups.push(gateway.close);
    const { core, state } = liveCore();
    core.connect({ wsUrl: gateway.wsUrl, lang: 'en', token: 'tok-a' });

    await until(() => state.connection.accountPaused, 'the paused notice');
    expect(state.connection).toMatchObject({ state: 'live', loggedIn: false });
    const resyncs = state.orders.resyncSeq;
    await until(() => state.connection.loggedIn, 'the retried login accepted');
    expect(state.connection.accountPaused).toBe(false);
    expect(gateway.logins()).toEqual(['login tok-a', 'login tok-a', 'login tok-a']);
    // The pushes missed while paused are re-read over REST.
    await until(() => state.orders.resyncSeq > resyncs, 'a resync request');
    await until(() => gateway.received.includes('sub FOREX_TRADE'), 'the private topics');
  });

  it('drops the notice and the retries when the trader logs out or logs in as someone else', async () => {
    // tok-a is always refused for the limits; tok-b is let in.
    const gateway = await gatewayAnswering((token) =>
      token === 'tok-a' ? CODE.RATE_LIMITED : CODE.OK,
    );
    cleanups.push(gateway.close);
    const { core, state } = liveCore();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 500));
    core.connect({ wsUrl: gateway.wsUrl, lang: 'en', token: 'tok-a' });
    await until(() => state.connection.accountPaused, 'the paused notice');

    core.setToken('tok-b');
    await until(() => state.connection.loggedIn, 'tok-b logged in');
    expect(state.connection.accountPaused).toBe(false);
    const sent = gateway.logins().length;
    await settle();
    // tok-a is not tried again.
    expect(gateway.logins()).toHaveLength(sent);

    core.setToken('tok-a');
    await until(() => state.connection.accountPaused, 'tok-a paused again');
    core.setToken(null);
    await until(() => !state.connection.accountPaused, 'the notice gone on logout');
    const afterLogout = gateway.logins().length;
    await settle();
    expect(gateway.logins()).toHaveLength(afterLogout);
  });
});
