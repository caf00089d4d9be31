import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { waitFor } from '../../protocol/src/test-support/index.js';
import { type Feeder, startFeeder } from './feeder.js';
import { dayMarketKey, frameType, klineKey } from './frame-keys.js';

let feeder: Feeder;
const sockets: WebSocket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await feeder?.close();
});

/** An upstream client like the gateway's public connection, keeping every text frame. */
async function connect() {
  const socket = new WebSocket(feeder.wsUrl);
  sockets.push(socket);
  const frames: { text: string; binary: boolean }[] = [];
  socket.on('message', (data: Buffer, binary) => frames.push({ text: data.toString(), binary }));
  await once(socket, 'open');
  return { socket, frames };
}

describe('the feeder (upstream protocol)', () => {
  it('answers ping with pong and publishes DAY_MARKET as text frames with logged keys', async () => {
    feeder = await startFeeder({ instruments: 20, ticksPerFrame: 5, ticksPerSecond: 100 });
    const { socket, frames } = await connect();
    socket.send('ping');
    socket.send(JSON.stringify({ type: 'sub', param: 'DAY_MARKET' }));
    await waitFor(() => feeder.holders('DAY_MARKET') === 1, 'one DAY_MARKET holder', 10_000);
    feeder.start();
    await feeder.ticks(3);
    feeder.stop();
    await waitFor(() => frames.length >= 4, 'four frames', 10_000);
    expect(frames[0]).toEqual({ text: 'pong', binary: false });
    const ticks = frames.slice(1).map((f) => Buffer.from(f.text));
    expect(frames.every((f) => !f.binary)).toBe(true);
    expect(ticks.map(frameType)).toEqual(['DAY_MARKET', 'DAY_MARKET', 'DAY_MARKET']);
    expect(ticks.map(dayMarketKey)).toEqual([...feeder.sentAt.keys()]);
    expect(feeder.lastKeys().dayMarket).toBe(dayMarketKey(ticks[2] as Buffer));
  });

  it('sends a subscriber the latest values at once, with their old keys', async () => {
    feeder = await startFeeder({ instruments: 20, ticksPerFrame: 5, ticksPerSecond: 100 });
    const first = await connect();
    first.socket.send(JSON.stringify({ type: 'sub', param: 'DAY_MARKET' }));
    first.socket.send(JSON.stringify({ type: 'sub', param: 'KLINE.SYM003.1min' }));
    await waitFor(() => feeder.topicsHeld() === 2, 'two topics held', 10_000);
    feeder.start();
    await feeder.ticks(2);
    feeder.stop();
    const { dayMarket, kline } = feeder.lastKeys();

    const late = await connect();
    late.socket.send(JSON.stringify({ type: 'sub', param: 'DAY_MARKET' }));
    late.socket.send(JSON.stringify({ type: 'sub', param: 'KLINE.SYM003.1min' }));
    await waitFor(() => late.frames.length === 2, 'two frames to the late client', 10_000);
    const [quotes, candle] = late.frames.map((f) => Buffer.from(f.text));
    expect(dayMarketKey(quotes as Buffer)).toBe(dayMarket);
    expect(klineKey(candle as Buffer)).toBe(kline);
  });

  it('goes silent while keeping the connection, and drops every connection on cue', async () => {
    feeder = await startFeeder({ instruments: 20, ticksPerFrame: 5, ticksPerSecond: 100 });
    const { socket, frames } = await connect();
    socket.send(JSON.stringify({ type: 'sub', param: 'DAY_MARKET' }));
    await waitFor(() => feeder.holders('DAY_MARKET') === 1, 'one DAY_MARKET holder', 10_000);
    feeder.silence();
    feeder.start();
    socket.send('ping');
    const other = await connect();
    other.socket.send(JSON.stringify({ type: 'sub', param: 'DAY_MARKET' }));
    await waitFor(() => other.frames.length >= 2, 'two frames to the other client', 10_000);
    expect(frames).toEqual([]);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    expect(feeder.openConnections()).toBe(2);

    const closed = once(socket, 'close');
    expect(feeder.dropAll()).toBe(2);
    await closed;
    await connect();
    expect(feeder.accepted()).toBe(3);
  });

  it('refuses connections while killed, and takes them again on its port once revived', async () => {
    feeder = await startFeeder({ instruments: 20, ticksPerFrame: 5, ticksPerSecond: 100 });
    const { socket } = await connect();
    const closed = once(socket, 'close');
    expect(await feeder.kill()).toBe(1);
    await closed;
    await expect(connect()).rejects.toThrow(/ECONNREFUSED/);
    await feeder.revive();
    await connect();
    expect(feeder.accepted()).toBe(2);
  });
});
