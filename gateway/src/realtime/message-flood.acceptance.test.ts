import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { CLOSE } from '@pipstream/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_DEFAULTS } from './options.js';
import {
  type Gateway,
  openBrowser,
  sleep,
  startGateway,
  type TestBrowser,
  waitFor,
} from './test-support/harness.js';
import { startTappedMock, type TappedMock } from './test-support/mock.js';

const BROWSERS = 20;
/** How long each side of the comparison watches ticks. */
const WATCH_MS = 2500;
/** How long a frame sent in the window may take to arrive before it counts as never. */
const SETTLE_MS = 1000;

let upstream: TappedMock;
let gateway: Gateway;
const browsers: TestBrowser[] = [];

beforeAll(async () => {
  upstream = await startTappedMock({ tickMs: 50 });
  // The production message budget; the hub's other timings are the tests' quick ones.
  gateway = await startGateway(upstream.tap.url, {
    socketMessages: REALTIME_DEFAULTS.socketMessages,
  });
  await waitFor(() => gateway.hub.ready(), 'the hub to be ready');
  for (let i = 0; i < BROWSERS; i++) {
    const b = await openBrowser(gateway.wsUrl);
    b.send({ type: 'sub', param: 'DAY_MARKET' });
    browsers.push(b);
  }
  await Promise.all(browsers.map((b) => b.next((f) => f.type === 'DAY_MARKET')));
});

afterAll(async () => {
  for (const b of browsers) b.close();
  await gateway.close();
  await upstream.close();
});

/**
 * The p99, over every browser and every DAY_MARKET frame that reached the gateway's upstream
 * connection (the tap's clock) in `[from, to)`, of the time until the browser had it; one it
 * never had counts as never.
 */
function tickLatencyP99(from: number, to: number): number {
  const sent = new Map<string, number>();
  for (const connection of upstream.tap.connections) {
    for (const tick of connection.ticks)
      if (tick.at >= from && tick.at < to) sent.set(tick.text, tick.at);
  }
  expect(sent.size).toBeGreaterThan(10);
  const latencies: number[] = [];
  for (const b of browsers) {
    const arrivals = new Map<string, number>();
    b.texts.forEach((text, i) => {
      arrivals.set(text, b.arrivals[i] ?? 0);
    });
    for (const [text, at] of sent) {
      latencies.push((arrivals.get(text) ?? Number.POSITIVE_INFINITY) - at);
    }
  }
  latencies.sort((a, b) => a - b);
  return latencies[Math.ceil(latencies.length * 0.99) - 1] ?? 0;
}

/**
 * A socket that sends `ping` as fast as it can, from a thread of its own (the other core), so
 * the flood costs the test's own event loop nothing: only the gateway's handling of it counts.
 */
function startFlooder(url: string) {
  const ws = createRequire(import.meta.url).resolve('ws');
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads');
    const WebSocket = require(workerData.ws);
    const socket = new WebSocket(workerData.url);
    let sent = 0;
    const flood = () => {
      if (socket.readyState !== WebSocket.OPEN) return;
      for (let i = 0; i < 200; i++) socket.send('ping');
      sent += 200;
      if (socket.bufferedAmount > 1 << 20) setTimeout(flood, 1);
      else setImmediate(flood);
    };
    socket.on('open', () => { parentPort.postMessage({ open: true }); flood(); });
    socket.on('close', (code) => parentPort.postMessage({ closed: code, sent }));
    socket.on('error', () => {});
    parentPort.on('message', () => socket.terminate());
    `,
    { eval: true, workerData: { url, ws } },
  );
  let closed: (value: { code: number; sent: number }) => void = () => {};
  const closedWith = new Promise<{ code: number; sent: number }>((resolve) => {
    closed = resolve;
  });
  const opened = new Promise<void>((resolve) => {
    worker.on('message', (message: { open?: boolean; closed?: number; sent?: number }) => {
      if (message.open) resolve();
      if (message.closed !== undefined) closed({ code: message.closed, sent: message.sent ?? 0 });
    });
  });
  return {
    opened,
    closedWith,
    async stop() {
      worker.postMessage('stop');
      await sleep(50);
      await worker.terminate();
    },
  };
}

describe('a socket flooding the gateway with frames (mock upstream)', () => {
  it("is cut at its message budget; the other browsers' ticks stay on time", async () => {
    const quietFrom = performance.now();
    await sleep(WATCH_MS);
    const quietTo = performance.now();
    // Time for the last frames sent to arrive, late ones included.
    await sleep(SETTLE_MS);
    const quiet = tickLatencyP99(quietFrom, quietTo);

    const flooder = startFlooder(gateway.wsUrl);
    try {
      await flooder.opened;
      const floodFrom = performance.now();
      await sleep(WATCH_MS);
      const floodTo = performance.now();
      await sleep(SETTLE_MS);
      const flooded = tickLatencyP99(floodFrom, floodTo);
      const cut = await Promise.race([flooder.closedWith, sleep(2000).then(() => undefined)]);
      const budgetCloses = await gateway.metrics.messageBudgetCloses.get();
      console.info(
        `[message flood] ${BROWSERS} browsers' p99 tick latency ${quiet.toFixed(1)} ms alone, ` +
          `${flooded.toFixed(1)} ms with a socket sending pings as fast as it can; the flooder ` +
          `${cut ? `closed ${cut.code} after sending ${cut.sent} frames` : 'still connected'}`,
      );
      expect(cut?.code).toBe(CLOSE.TOO_MANY_MESSAGES);
      expect(budgetCloses.values[0]?.value).toBe(1);
      // Twice the quiet p99, with 40 ms of slack: a loopback p99 of a few ms moves by tens of ms
      // when the suite's other files share the machine's cores, whatever happens here, and an
      // unbudgeted flood cost hundreds.
      expect(flooded).toBeLessThanOrEqual(Math.max(2 * quiet, quiet + 40));
    } finally {
      await flooder.stop();
    }
  }, 30_000);
});
