import type { AddressInfo } from 'node:net';
import { DEFAULT_BACKOFF, PING, PONG } from '@pipstream/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { createMetrics } from '../../ops/metrics.js';
import { silentLog, waitFor } from '../test-support/harness.js';
import { openUpstreamSocket, type UpstreamLoss, type UpstreamSocket } from './upstream-socket.js';

const HEARTBEAT_MS = 300;
const PONG_DEADLINE_MS = 40;

/** An upstream that notes when each ping arrives and answers it after `pongDelayMs`, if at all. */
async function startPingedUpstream() {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  const upstream = {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pings: [] as number[],
    /** `undefined`: pings go unanswered. */
    pongDelayMs: 0 as number | undefined,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
  server.on('connection', (socket) => {
    socket.on('message', (data) => {
      if (data.toString() !== PING) return;
      upstream.pings.push(performance.now());
      const delay = upstream.pongDelayMs;
      if (delay !== undefined) setTimeout(() => socket.send(PONG), delay);
    });
  });
  return upstream;
}

let upstream: Awaited<ReturnType<typeof startPingedUpstream>> | undefined;
let socket: UpstreamSocket | undefined;

afterEach(async () => {
  socket?.close();
  await upstream?.close();
});

/** Opens an upstream socket to `url`; resolves its losses, with when they happened. */
function open(url: string) {
  const losses: { reason: UpstreamLoss; at: number }[] = [];
  let opened = 0;
  socket = openUpstreamSocket({
    url,
    kind: 'public',
    heartbeatMs: HEARTBEAT_MS,
    pongDeadlineMs: PONG_DEADLINE_MS,
    connectTimeoutMs: 1000,
    backoff: DEFAULT_BACKOFF,
    random: () => 0.5,
    metrics: createMetrics(),
    log: silentLog,
    logContext: {},
    onOpen: () => opened++,
    onFrame: () => {},
    onDown: (reason) => losses.push({ reason, at: performance.now() }),
  });
  return { losses, opened: () => opened };
}

describe('upstream socket heartbeat', () => {
  it('lets a silent upstream go at the deadline of its third missed pong, not at the next ping', async () => {
    upstream = await startPingedUpstream();
    const { losses, opened } = open(upstream.url);
    await waitFor(() => opened() === 1, 'the connection to open');
    upstream.pongDelayMs = undefined;
    const silentFrom = upstream.pings.length;
    await waitFor(() => losses.length > 0, 'the silent upstream to be let go', 3000);
    const [loss] = losses;
    const thirdMissed = upstream.pings[silentFrom + 2] as number;
    expect(loss?.reason).toBe('heartbeat');
    expect(upstream.pings.length).toBe(silentFrom + 3);
    // At the third ping's deadline; the next ping (where the old check sat) is 300 ms later.
    expect(loss?.at).toBeGreaterThanOrEqual(thirdMissed + PONG_DEADLINE_MS - 5);
    expect(loss?.at).toBeLessThan(thirdMissed + HEARTBEAT_MS / 2);
  });

  it('keeps a slow upstream whose every pong comes back past the deadline', async () => {
    upstream = await startPingedUpstream();
    upstream.pongDelayMs = PONG_DEADLINE_MS * 3;
    const { losses, opened } = open(upstream.url);
    await waitFor(() => opened() === 1, 'the connection to open');
    await waitFor(() => upstream !== undefined && upstream.pings.length >= 6, 'six pings', 4000);
    expect(losses).toEqual([]);
    expect(opened()).toBe(1);
  });
});
