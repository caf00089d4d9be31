/**
 * A load-client process: many browser-like `ws` sockets in one Node process, commanded over
 * IPC (load-commands.ts). Each socket speaks the browser side of the protocol as the web
 * worker does — `sub` to its topics, a bare `ping` every HEARTBEAT_MS — or just receives, for
 * the raw ws baseline. Frames are read by key only (frame-keys.ts): the clients must stay far
 * lighter than the server they measure.
 */
import { BROWSER_OFFER } from '@pipstream/load/browser-offer';
import { shareInflation } from '@pipstream/load/shared-inflation';
import { HEARTBEAT_MS, PING } from '@pipstream/protocol';
import WebSocket from 'ws';
import { LatencyHistogram } from '../lib/stats.js';
import type { LastKeys } from './feeder.js';
import { dayMarketKey, frameType, klineKey, wallClockMs } from './frame-keys.js';
import type { LoadCommand, LoadReply } from './load-commands.js';

shareInflation();

interface Client {
  readonly socket: WebSocket;
  readonly topics: readonly string[];
  /** Topics that had a fresh frame since `fresh` was asked; `undefined` when not watched. */
  fresh: Set<string> | undefined;
}

/** Pings go to one slice of the sockets per slot, spreading the heartbeat over its interval. */
const PING_SLOTS = 50;

const clients: Client[] = [];
let closeCodes: Record<string, number> = {};
/** Key and arrival time of every DAY_MARKET frame, while recording. */
const receivedKeys: number[] = [];
const receivedAt: number[] = [];
let recording = false;
let heartbeat: NodeJS.Timeout | undefined;
let watch:
  | { after: LastKeys; watched: number; stale: number; freshAt: number[]; timer: NodeJS.Timeout }
  | undefined;

function reply(message: LoadReply) {
  process.send?.(message);
}

function onFrame(client: Client, frame: Buffer) {
  const at = wallClockMs();
  const type = frameType(frame);
  if (type === 'DAY_MARKET') {
    const key = dayMarketKey(frame);
    if (recording) {
      receivedKeys.push(key);
      receivedAt.push(at);
    }
    if (watch && key > watch.after.dayMarket) noteFresh(client, type, at);
  } else if (type?.startsWith('KLINE.')) {
    if (watch && klineKey(frame) > watch.after.kline) noteFresh(client, type, at);
  }
}

function noteFresh(client: Client, topic: string, at: number) {
  if (!watch || !client.fresh || client.fresh.has(topic)) return;
  client.fresh.add(topic);
  if (client.fresh.size < client.topics.length) return;
  client.fresh = undefined;
  watch.freshAt.push(at);
  if (--watch.stale === 0) endWatch();
}

function endWatch() {
  if (!watch) return;
  clearTimeout(watch.timer);
  const { stale, freshAt, watched } = watch;
  watch = undefined;
  for (const client of clients) client.fresh = undefined;
  reply({ type: 'fresh', freshAt, stale, watched });
}

function open(
  url: string,
  topics: readonly string[],
  options: { readonly deflate: boolean; readonly ping: boolean },
): Promise<Client> {
  return new Promise((resolve, reject) => {
    // UTF-8 validation is the client's cost, not the server's: skipped to keep clients light.
    const socket = new WebSocket(url, {
      perMessageDeflate: options.deflate && BROWSER_OFFER,
      skipUTF8Validation: true,
    });
    const client: Client = { socket, topics, fresh: undefined };
    socket.on('message', (data: Buffer) => onFrame(client, data));
    socket.on('error', reject);
    socket.once('open', () => {
      socket.on('close', (code) => {
        closeCodes[code] = (closeCodes[code] ?? 0) + 1;
      });
      for (const topic of topics) socket.send(JSON.stringify({ type: 'sub', param: topic }));
      // A first heartbeat at once: every socket has sent a frame (for a compressing one, the
      // server holds an inflater from then on) before the idle RSS is read.
      if (options.ping) socket.send(PING);
      resolve(client);
    });
  });
}

async function connect(command: Extract<LoadCommand, { type: 'connect' }>) {
  const started = performance.now();
  recording = command.record;
  // From the first socket on: the gateway closes a socket silent for three heartbeats, and
  // thousands of handshakes on a busy machine can take that long.
  if (command.ping) startHeartbeat();
  let next = 0;
  let failed = 0;
  const lane = async () => {
    while (next < command.topics.length) {
      const topics = command.topics[next++] ?? [];
      try {
        clients.push(await open(command.url, topics, command));
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: command.concurrency }, lane));
  reply({ type: 'connect', open: clients.length, failed, ms: performance.now() - started });
}

function startHeartbeat() {
  // A second wave of sockets joins the first one's heartbeat.
  if (heartbeat) return;
  let slot = 0;
  heartbeat = setInterval(() => {
    for (let i = slot; i < clients.length; i += PING_SLOTS) {
      const { socket } = clients[i] as Client;
      if (socket.readyState === WebSocket.OPEN) socket.send(PING);
    }
    slot = (slot + 1) % PING_SLOTS;
  }, HEARTBEAT_MS / PING_SLOTS);
}

function report(sentAt: readonly (readonly [number, number])[], until: number) {
  const sent = new Map(sentAt);
  const latency = new LatencyHistogram();
  let received = 0;
  for (let i = 0; i < receivedKeys.length; i++) {
    const sendTime = sent.get(receivedKeys[i] as number);
    if (sendTime === undefined || (receivedAt[i] as number) > until) continue;
    received++;
    latency.add((receivedAt[i] as number) - sendTime);
  }
  receivedKeys.length = 0;
  receivedAt.length = 0;
  const open = clients.filter((client) => client.socket.readyState === WebSocket.OPEN).length;
  reply({ type: 'report', received, latency: latency.toJSON(), open, closes: closeCodes });
}

function startWatch(after: LastKeys, deadlineMs: number) {
  let watched = 0;
  for (const client of clients) {
    const live = client.socket.readyState === WebSocket.OPEN && client.topics.length > 0;
    client.fresh = live ? new Set() : undefined;
    if (live) watched++;
  }
  watch = {
    after,
    watched,
    stale: watched,
    freshAt: [],
    timer: setTimeout(endWatch, deadlineMs),
  };
  reply({ type: 'armed' });
  if (watched === 0) endWatch();
}

function disconnect() {
  clearInterval(heartbeat);
  heartbeat = undefined;
  endWatch();
  for (const { socket } of clients) {
    // Closes this side starts are not the server's doing: not counted.
    socket.removeAllListeners('close');
    socket.removeAllListeners('message');
    socket.terminate();
  }
  clients.length = 0;
  receivedKeys.length = 0;
  receivedAt.length = 0;
  closeCodes = {};
  reply({ type: 'disconnect' });
}

process.on('message', (command: LoadCommand) => {
  switch (command.type) {
    case 'connect':
      void connect(command);
      return;
    case 'report':
      report(command.sentAt, command.until);
      return;
    case 'fresh':
      startWatch(command.after, command.deadlineMs);
      return;
    case 'disconnect':
      disconnect();
      return;
  }
});
reply({ type: 'ready' });
// An orphan would hold thousands of sockets: leave with the benchmark.
process.on('disconnect', () => process.exit(0));
