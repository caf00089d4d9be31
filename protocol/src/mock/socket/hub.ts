import type { IncomingMessage, Server } from 'node:http';
import { type WebSocket, WebSocketServer } from 'ws';
import { CODE } from '../../envelope.js';
import { explainIssues } from '../../schemas/explain.js';
import {
  type ClientFrame,
  clientFrameSchema,
  KEEP_ALIVE,
  PING,
  PONG,
  SOCKET_PATH,
} from '../../socket/frames.js';
import { type KeptAlive, startKeepAlive } from '../../socket/keep-alive.js';
import { isPrivateTopic, klineTopic, parseTopic, type Topic } from '../../socket/topics.js';
import type { MockEvents } from '../events.js';
import type { Faults } from '../faults.js';
import type { Authentication } from '../http/dispatch.js';
import type { MessageKey, Messages } from '../messages.js';

export interface SocketHubOptions {
  readonly server: Server;
  readonly events: MockEvents;
  readonly faults: Faults;
  readonly messages: Messages;
  readonly authenticate: (token: string) => Authentication;
  /** Whether a KLINE topic names a known instrument. */
  readonly knowsInstrument: (code: string) => boolean;
  /** Frames a new subscriber of `topic` gets at once (DAY_MARKET: the latest quotes). */
  readonly snapshot: (topic: Topic) => unknown | undefined;
  /** Largest accepted frame, in bytes. */
  readonly maxFrameBytes?: number;
}

interface Client extends KeptAlive {
  readonly socket: WebSocket;
  readonly lang: string;
  userId: number | undefined;
  readonly topics: Set<Topic>;
}

/** A buffer past this is not worth adding to: the client is not reading. */
const MAX_BUFFERED = 8 * 1024 * 1024;

/**
 * The mock's realtime socket at /v1/ws, per the protocol package: `login` with a token,
 * `sub`/`unsub` topics, bare `ping` → `pong`, private topics only after login, and `KEEP_ALIVE`
 * down a socket that had nothing else for a while. Every frame is encoded once and the same text
 * is sent to every subscriber.
 */
export function createSocketHub(options: SocketHubOptions) {
  const { messages, faults } = options;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: options.maxFrameBytes ?? 16 * 1024,
    perMessageDeflate: false,
  });
  const clients = new Set<Client>();
  const byTopic = new Map<Topic, Set<Client>>();
  /** Wall-clock time until which new sockets are refused, as a restarting upstream would. */
  let refusingUntil = 0;

  options.server.on('upgrade', (req: IncomingMessage, socket, head) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== SOCKET_PATH) {
      socket.destroy();
      return;
    }
    if (Date.now() < refusingUntil) {
      socket.end(
        'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n',
      );
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => accept(ws, req));
  });

  function accept(socket: WebSocket, req: IncomingMessage) {
    const lang = String(
      req.headers.lang ?? new URL(req.url ?? '/', 'http://x').searchParams.get('lang') ?? '',
    );
    const client: Client = {
      socket,
      lang,
      userId: undefined,
      topics: new Set(),
      wroteSinceSweep: false,
    };
    clients.add(client);
    socket.on('message', (data, isBinary) => {
      if (isBinary) return sendError(client, 'bad_frame');
      onText(client, data.toString());
    });
    socket.on('close', () => {
      for (const topic of client.topics) byTopic.get(topic)?.delete(client);
      clients.delete(client);
    });
    socket.on('error', () => socket.terminate());
  }

  function onText(client: Client, text: string) {
    if (text === PING) {
      if (!faults.silentPings) sendText(client, PONG);
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return sendError(client, 'bad_frame');
    }
    const parsed = clientFrameSchema.safeParse(json);
    if (!parsed.success) {
      const unknownTopic = parsed.error.issues.some((i) => i.path[0] === 'param');
      return sendError(
        client,
        unknownTopic ? 'unknown_topic' : 'bad_frame',
        explainIssues(parsed.error),
      );
    }
    onFrame(client, parsed.data);
  }

  function onFrame(client: Client, frame: ClientFrame) {
    switch (frame.type) {
      case 'login': {
        const auth = options.authenticate(frame.token);
        if (typeof auth === 'object') {
          client.userId = auth.caller.id;
          send(client, {
            type: 'login_result',
            code: CODE.OK,
            msg: messages.t(client.lang, 'socket.logged_in'),
          });
        } else {
          leavePrivateTopics(client);
          client.userId = undefined;
          const code = auth === 'expired' ? CODE.SESSION_GONE : CODE.FAILED;
          send(client, {
            type: 'login_result',
            code,
            msg: messages.t(client.lang, 'socket.login_failed'),
          });
        }
        return;
      }
      case 'logout':
        leavePrivateTopics(client);
        client.userId = undefined;
        return;
      case 'sub': {
        const topic = frame.param;
        const parsed = parseTopic(topic);
        if (parsed?.kind === 'KLINE' && !options.knowsInstrument(parsed.code)) {
          return sendError(client, 'unknown_topic', topic);
        }
        if (isPrivateTopic(topic) && client.userId === undefined) {
          return sendError(client, 'login_required', topic);
        }
        if (client.topics.has(topic)) return;
        client.topics.add(topic);
        const set = byTopic.get(topic) ?? new Set<Client>();
        byTopic.set(topic, set);
        set.add(client);
        const snapshot = options.snapshot(topic);
        if (snapshot !== undefined) send(client, snapshot);
        return;
      }
      case 'unsub':
        client.topics.delete(frame.param);
        byTopic.get(frame.param)?.delete(client);
        return;
    }
  }

  function leavePrivateTopics(client: Client) {
    for (const topic of client.topics) {
      if (!isPrivateTopic(topic)) continue;
      client.topics.delete(topic);
      byTopic.get(topic)?.delete(client);
    }
  }

  function send(client: Client, frame: unknown) {
    sendText(client, JSON.stringify(frame));
  }

  function sendText(client: Client, text: string) {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN || socket.bufferedAmount > MAX_BUFFERED) return;
    socket.send(text);
    client.wroteSinceSweep = true;
  }

  function sendError(
    client: Client,
    reason: 'bad_frame' | 'unknown_topic' | 'login_required',
    details?: string,
  ) {
    const key: MessageKey = `socket.${reason}`;
    const msg = messages.t(client.lang, key);
    send(client, {
      type: 'error',
      code: CODE.INVALID_INPUT,
      msg: details ? `${msg}: ${details}` : msg,
    });
  }

  function publish(topic: Topic, frame: unknown, onlyUser?: number) {
    const set = byTopic.get(topic);
    if (!set || set.size === 0) return;
    const text = JSON.stringify(frame);
    for (const client of set) {
      if (onlyUser === undefined || client.userId === onlyUser) sendText(client, text);
    }
  }

  // A browser on the mock directly (the dev server) hears it alive on a quiet market too.
  const stopKeepAlive = startKeepAlive(clients, (client) => sendText(client, KEEP_ALIVE));

  const unsubscribers = [
    options.events.on('ticks', (ticks) =>
      publish('DAY_MARKET', { type: 'DAY_MARKET', code: 1, data: ticks }),
    ),
    options.events.on('candle', ({ code, period, candle }) => {
      const topic = klineTopic(code, period);
      publish(topic, { type: topic, code: 1, data: candle });
    }),
    options.events.on('holdings', ({ userId, updates }) =>
      publish('FOREX_TRADE', { type: 'FOREX_TRADE', code: 1, data: updates }, userId),
    ),
    options.events.on('closed', ({ userId, ids }) =>
      publish('FOREX_CLOSED', { type: 'FOREX_CLOSED', code: 1, data: ids }, userId),
    ),
  ];

  return {
    /** Connected sockets right now. */
    get size() {
      return clients.size;
    },
    /**
     * Drops every socket at once, as an upstream restart would (control API fault), and refuses
     * new ones for `refuseMs`: a restart that takes that long, not one a reconnect outruns.
     */
    dropAll(refuseMs = 0) {
      refusingUntil = Date.now() + refuseMs;
      for (const client of clients) client.socket.terminate();
    },
    async close() {
      stopKeepAlive();
      for (const off of unsubscribers) off();
      for (const client of clients) client.socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

export type SocketHub = ReturnType<typeof createSocketHub>;
