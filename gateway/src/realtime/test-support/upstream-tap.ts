/**
 * A transparent relay between the gateway and a real upstream (the mock) that records what
 * crosses it, so acceptance tests can count the gateway's upstream connections and
 * subscriptions against the real thing. Closing either side closes the other, so the mock's
 * "drop every socket" reaches the gateway as a dropped connection.
 */
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';

export interface TappedConnection {
  /** Frames the gateway sent, in order. */
  readonly sent: string[];
  /** Topics this connection holds upstream, from its sub/unsub frames. */
  readonly topics: Set<string>;
  /** Arrival time (performance.now()) of each upstream DAY_MARKET frame, with its text. */
  readonly ticks: { readonly at: number; readonly text: string }[];
  /** Every frame the upstream sent, in order. */
  readonly received: string[];
  /** Whether the gateway logged in on it: a private connection. */
  loggedIn: boolean;
  closed: boolean;
}

export interface UpstreamTap {
  /** Point the gateway here. */
  readonly url: string;
  readonly connections: readonly TappedConnection[];
  /** Open connections that never logged in: the gateway's shared public connection. */
  publicOpen(): TappedConnection[];
  privateOpen(): TappedConnection[];
  close(): Promise<void>;
}

export async function startUpstreamTap(targetUrl: string): Promise<UpstreamTap> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/v1/ws' });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const connections: TappedConnection[] = [];
  const upstreams = new Set<WebSocket>();

  wss.on('connection', (downstream, request) => {
    const connection: TappedConnection = {
      sent: [],
      topics: new Set(),
      ticks: [],
      received: [],
      loggedIn: false,
      closed: false,
    };
    connections.push(connection);
    const lang = request.headers.lang;
    const upstream = new WebSocket(
      targetUrl,
      typeof lang === 'string' ? { headers: { lang } } : {},
    );
    upstreams.add(upstream);
    const queued: string[] = [];
    const end = () => {
      connection.closed = true;
      upstreams.delete(upstream);
      downstream.terminate();
      upstream.terminate();
    };
    upstream.on('open', () => {
      for (const text of queued.splice(0)) upstream.send(text);
    });
    upstream.on('message', (data) => {
      const text = data.toString();
      connection.received.push(text);
      if (text.startsWith('{"type":"DAY_MARKET"'))
        connection.ticks.push({ at: performance.now(), text });
      downstream.send(text);
    });
    downstream.on('message', (data) => {
      const text = data.toString();
      connection.sent.push(text);
      if (text !== 'ping') {
        const frame = JSON.parse(text) as { type: string; param?: string };
        if (frame.type === 'login') connection.loggedIn = true;
        if (frame.type === 'sub' && frame.param) connection.topics.add(frame.param);
        if (frame.type === 'unsub' && frame.param) connection.topics.delete(frame.param);
      }
      if (upstream.readyState === WebSocket.OPEN) upstream.send(text);
      else queued.push(text);
    });
    upstream.on('close', end);
    upstream.on('error', end);
    downstream.on('close', end);
    downstream.on('error', end);
  });

  return {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/v1/ws`,
    connections,
    publicOpen: () => connections.filter((c) => !c.closed && !c.loggedIn),
    privateOpen: () => connections.filter((c) => !c.closed && c.loggedIn),
    async close() {
      for (const upstream of upstreams) upstream.terminate();
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
