/**
 * A TCP relay in front of a gateway that counts the bytes the gateway sends down each
 * connection — what a phone's radio receives, frame headers and all — and tells the realtime
 * socket's connections (their first bytes are `GET /v1/ws`) from the page's HTTP ones.
 */
import type { AddressInfo, Socket } from 'node:net';
import { connect, createServer } from 'node:net';
import { SOCKET_PATH } from '@pipstream/protocol';

export interface RelayCounts {
  /** Bytes the gateway sent down realtime socket connections. */
  readonly socket: number;
  /** Bytes the gateway sent down every connection (the socket's and HTTP). */
  readonly all: number;
}

export interface CountingRelay {
  /** `http://127.0.0.1:port`: open the page here. */
  readonly url: string;
  counts(): RelayCounts;
  close(): Promise<void>;
}

const SOCKET_REQUEST = `GET ${SOCKET_PATH}`;

export async function startCountingRelay(gatewayPort: number): Promise<CountingRelay> {
  let socket = 0;
  let all = 0;
  const open = new Set<Socket>();
  const server = createServer((browser) => {
    const gateway = connect(gatewayPort, '127.0.0.1');
    let realtime: boolean | undefined;
    for (const end of [browser, gateway]) {
      open.add(end);
      end.on('close', () => open.delete(end));
      end.on('error', () => end.destroy());
    }
    browser.once('data', (first: Buffer) => {
      realtime = first.toString('latin1', 0, SOCKET_REQUEST.length) === SOCKET_REQUEST;
    });
    gateway.on('data', (chunk: Buffer) => {
      all += chunk.length;
      if (realtime) socket += chunk.length;
    });
    browser.on('close', () => gateway.destroy());
    gateway.on('close', () => browser.destroy());
    browser.pipe(gateway);
    gateway.pipe(browser);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts: () => ({ socket, all }),
    async close() {
      for (const end of open) end.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
