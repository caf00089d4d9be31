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
