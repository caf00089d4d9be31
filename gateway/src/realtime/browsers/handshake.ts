import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { CLOSE } from '@pipstream/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type WebSocket from 'ws';
import type { WebSocketServer } from 'ws';
import type { Metrics } from '../../ops/metrics.js';
import type { HubLog, RealtimeOptions } from '../options.js';
import { DEFLATE_NEGOTIATION, negotiatedWindowBits } from '../wire/permessage-deflate.js';
import { wireFrames, wsVersion } from '../wire/ws-frames.js';
import type { createAdmission } from './admission.js';
import { HANDSHAKE_REFUSALS } from './refusals.js';

/** What an admitted upgrade hands its browser. */
export interface Admitted {
  /** The address the browser is counted by (its network, for IPv6). */
  readonly ip: string;
  /** The `lang` it asked for (header or `?lang=`), when it looks like a language code. */
  readonly lang: string | undefined;
  /** The TCP socket under its WebSocket. */
  readonly tcp: Duplex;
  /** The compression window it negotiated (0: plain). */
  readonly windowBits: number;
}

export interface HandshakeDeps {
  readonly options: Pick<RealtimeOptions, 'maxFrameBytes' | 'perMessageDeflate'>;
  readonly admission: ReturnType<typeof createAdmission>;
  readonly networkOf: (ip: string) => string;
  readonly metrics: Metrics;
  readonly log: HubLog;
  /** The hub takes no one new: refuse before the upgrade (503) and after it (1012). */
  shuttingDown(): boolean;
}

/** The `lang` a browser asked for (header or `?lang=`), when it looks like a language code. */
function langOf(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const value = request.headers.lang ?? query?.lang;
  const lang = Array.isArray(value) ? value[0] : value;
  return typeof lang === 'string' && /^[A-Za-z-]{2,10}$/.test(lang) ? lang : undefined;
}

/**
 * A browser socket's handshake at /v1/ws: the limits and compression ws negotiates, the HTTP
 * refusal before the upgrade (refusals.ts), the close of one that raced past it, and what an
 * admitted upgrade hands its browser.
 */
export function createHandshake(deps: HandshakeDeps) {
  const { options, admission, networkOf, metrics, log } = deps;
  /** The HTTP response of each upgrade admitted, from `admit` until `accept` lets it go. */
  const upgradeResponses = new WeakMap<IncomingMessage, ServerResponse>();
  /** The compression window each upgrade negotiated (0: plain), from its handshake to `accept`. */
  const windowBitsOf = new WeakMap<IncomingMessage, number>();

  /**
   * Lets go of the HTTP response @fastify/websocket assigns to the TCP socket for the upgrade.
   * Once the reply is hijacked nothing ends it, so it would stay on the socket as long as the
   * browser is connected, and with it the upgrade's request, its headers, Fastify's request,
   * reply and child logger: a few KB of heap per browser, held for the socket's life, that
   * every major GC marks again. Nothing writes to it after the upgrade: ws owns
   * the socket from then on.
   */
  function releaseUpgradeResponse(raw: IncomingMessage) {
    const response = upgradeResponses.get(raw);
    upgradeResponses.delete(raw);
    if (response?.socket) response.detachSocket(response.socket);
  }

  return {
    /** Sets the server's socket limits and compression; /v1/ws is its only socket route. */
    configure(wss: WebSocketServer) {
      wss.options.maxPayload = options.maxFrameBytes;
      // Compression is offered only where frames can be shared (ws-frames.ts): ws's own
      // per-socket compression costs a compressor per browser.
      wss.options.perMessageDeflate =
        options.perMessageDeflate && wireFrames ? DEFLATE_NEGOTIATION : false;
      if (options.perMessageDeflate && !wireFrames) {
        log.warn({ ws: wsVersion }, 'ws version not verified for shared frames: sockets go plain');
      }
      wss.on('headers', (headers, request) => {
        windowBitsOf.set(request, negotiatedWindowBits(headers));
      });
    },

    /** Refuses a handshake with an HTTP answer before the upgrade, when it must be refused. */
    async admit(request: FastifyRequest, reply: FastifyReply) {
      const refusal = deps.shuttingDown()
        ? 'shutting_down'
        : admission.check(request.headers.origin, networkOf(request.ip));
      if (!refusal) {
        upgradeResponses.set(request.raw, reply.raw);
        return;
      }
      metrics.connectionsRefused.inc({ reason: refusal });
      const { status, code, msg } = HANDSHAKE_REFUSALS[refusal];
      return reply.code(status).send({ code, msg });
    },

    /**
     * What the upgraded `socket` hands its browser, counted against its address; `undefined`
     * when it is closed instead (shutting down, or past the per-address limit in a race).
     */
    accept(socket: WebSocket, request: FastifyRequest): Admitted | undefined {
      if (deps.shuttingDown()) {
        metrics.connectionsRefused.inc({ reason: 'shutting_down' });
        socket.close(CLOSE.SERVICE_RESTART, 'server restart');
        return undefined;
      }
      const ip = networkOf(request.ip);
      if (!admission.acquire(ip)) {
        metrics.connectionsRefused.inc({ reason: 'ip_limit' });
        socket.close(CLOSE.POLICY, 'too many connections from this address');
        return undefined;
      }
      releaseUpgradeResponse(request.raw);
      const windowBits = windowBitsOf.get(request.raw) ?? 0;
      windowBitsOf.delete(request.raw);
      return { ip, lang: langOf(request), tcp: request.raw.socket, windowBits };
    },
  };
}

export type Handshake = ReturnType<typeof createHandshake>;
