/**
 * A scripted upstream socket for the hub's unit tests: it speaks the protocol like the mock
 * (login, sub/unsub, ping → pong, a snapshot on sub) and lets a test count connections and
 * subscriptions, publish exactly the frames it wants, stop answering pings or drop sockets.
 */
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

export interface FakeConnection {
  readonly socket: WebSocket;
  /** Every text frame received, in order. */
  readonly received: string[];
  /** Topics this connection holds. */
  readonly topics: Set<string>;
  /** The token of the last accepted login. */
  token: string | undefined;
  /** Handshake headers. */
  readonly headers: Record<string, string | string[] | undefined>;
  closed: boolean;
}

export interface FakeUpstreamOptions {
  /** Default 0: a free port. */
  port?: number;
  /** Frame text sent to a new subscriber of `topic`, if any (the mock's snapshot). */
  snapshot?: (topic: string) => string | undefined;
  /** Whether a token logs in (default: it starts with "good"). */
  accepts?: (token: string) => boolean;
}

export interface FakeUpstream {
  readonly url: string;
  readonly connections: readonly FakeConnection[];
  /** Connections open now. */
  open(): FakeConnection[];
  /** Open connections that never logged in: the gateway's public one. */
  publicOpen(): FakeConnection[];
  /** Sends `frame` to every open connection holding `topic` (only `token`'s, when given). */
  publish(topic: string, frame: string, token?: string): number;
  /** While false, `ping` goes unanswered. */
  answerPings: boolean;
  /** Terminates every open connection. */
  dropAll(): void;
  close(): Promise<void>;
}

export async function startFakeUpstream(options: FakeUpstreamOptions = {}): Promise<FakeUpstream> {
  const accepts = options.accepts ?? ((token: string) => token.startsWith('good'));
  const wss = new WebSocketServer({ host: '127.0.0.1', port: options.port ?? 0, path: '/v1/ws' });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const connections: FakeConnection[] = [];

  const fake: FakeUpstream = {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/v1/ws`,
    connections,
    answerPings: true,
    open: () => connections.filter((c) => !c.closed),
    publicOpen: () => connections.filter((c) => !c.closed && !c.received.some(isLogin)),
    publish(topic, frame, token) {
      let sent = 0;
      for (const connection of connections) {
        if (connection.closed || !connection.topics.has(topic)) continue;
        if (token !== undefined && connection.token !== token) continue;
        connection.socket.send(frame);
        sent++;
      }
      return sent;
    },
    dropAll() {
      for (const connection of connections) if (!connection.closed) connection.socket.terminate();
    },
    async close() {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };

  wss.on('connection', (socket, request) => {
    const connection: FakeConnection = {
      socket,
      received: [],
      topics: new Set(),
      token: undefined,
      headers: request.headers,
      closed: false,
    };
    connections.push(connection);
    socket.on('close', () => {
      connection.closed = true;
    });
    socket.on('message', (data) => {
      const text = data.toString();
      connection.received.push(text);
      if (text === 'ping') {
        if (fake.answerPings) socket.send('pong');
        return;
      }
      const frame = JSON.parse(text) as { type: string; param?: string; token?: string };
      if (frame.type === 'login' && frame.token !== undefined) {
        const ok = accepts(frame.token);
        connection.token = ok ? frame.token : undefined;
        socket.send(
          JSON.stringify({ type: 'login_result', code: ok ? 1 : 999, msg: ok ? 'ok' : 'no' }),
        );
      } else if (frame.type === 'logout') {
        connection.token = undefined;
      } else if (frame.type === 'sub' && frame.param !== undefined) {
        connection.topics.add(frame.param);
        const snapshot = options.snapshot?.(frame.param);
        if (snapshot !== undefined) socket.send(snapshot);
      } else if (frame.type === 'unsub' && frame.param !== undefined) {
        connection.topics.delete(frame.param);
      }
    });
  });
  return fake;
}

function isLogin(text: string): boolean {
  return text.startsWith('{"type":"login"');
}

/** Sub and unsub frames a connection received, as `sub X` / `unsub X` lines. */
export function subscriptionLog(connection: FakeConnection): string[] {
  return connection.received
    .filter((text) => text.startsWith('{"type":"sub"') || text.startsWith('{"type":"unsub"'))
    .map((text) => {
      const frame = JSON.parse(text) as { type: string; param: string };
      return `${frame.type} ${frame.param}`;
    });
}
