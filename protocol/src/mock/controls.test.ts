import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { control, startMock } from './e2e/test-support.js';
import type { MockUpstream } from './server.js';

let mock: MockUpstream;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(() => mock.close());

async function open(url: string): Promise<WebSocket> {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return socket;
}

describe('control /sockets', () => {
  it('counts the realtime sockets open now', async () => {
    expect(await control(mock, '/sockets')).toEqual({ open: 0 });
    const first = await open(mock.wsUrl);
    const second = await open(mock.wsUrl);
    expect(await control(mock, '/sockets')).toEqual({ open: 2 });

    const closed = new Promise((resolve) => first.once('close', resolve));
    first.close();
    await closed;
    await expect.poll(() => control(mock, '/sockets')).toEqual({ open: 1 });
    second.terminate();
  });
});

describe('control /sockets/drop', () => {
  it('drops every socket and answers new ones 503 for refuseMs, then accepts them again', async () => {
    const socket = await open(mock.wsUrl);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    expect(await control(mock, '/sockets/drop', { refuseMs: 60_000 })).toEqual({
      dropped: 1,
      refusingMs: 60_000,
    });
    await closed;
    await expect(open(mock.wsUrl)).rejects.toThrow(/503/);

    await control(mock, '/sockets/drop', { refuseMs: 0 });
    const again = await open(mock.wsUrl);
    expect(await control(mock, '/sockets')).toEqual({ open: 1 });
    again.terminate();
  });
});
