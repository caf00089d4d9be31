import { z } from 'zod';
import { candleSchema, quoteTickSchema } from '../schemas/market.js';
import { holdingUpdateSchema } from '../schemas/order.js';
import { topicSchema } from './topics.js';

/** Heartbeat texts: bare strings, not JSON (docs/architecture.md#socket-protocol). */
export const PING = 'ping';
export const PONG = 'pong';
/**
 * docs/product.md#constants: a ping every 5 s, reconnect after more than 2 unanswered, connect
 * timeout 5 s.
 */
export const HEARTBEAT_MS = 5000;
export const MAX_MISSED_PONGS = 2;
export const CONNECT_TIMEOUT_MS = 5000;
/**
 * How long a probe's pong may take once the platform reports the network gone (this project's):
 * a live connection answers well within it, a dead one is let go at once instead of after three
 * missed heartbeats.
 */
export const PROBE_TIMEOUT_MS = 2000;
/**
 * A server's keep-alive (bare text, like the heartbeat's): what a socket that had nothing else
 * to say gets, so that silence always means a dead path, even on a quiet market. A client only
 * notes that the socket is alive; it is never a frame of any topic.
 */
export const KEEP_ALIVE = 'alive';
/**
 * The longest a server leaves a socket without a frame (this project's): the gateway and the
 * mock upstream send `KEEP_ALIVE` down a socket that had nothing else for this long.
 */
export const KEEP_ALIVE_MS = 1000;
/**
 * A socket that brought nothing (no frame, pong or keep-alive) for this long is on a dead path
 * (this project's): its prices are not live, and it is replaced without waiting for missed
 * pongs. Five ticks of a 500 ms feed and more than twice `KEEP_ALIVE_MS`, so that trading pauses
 * within 3 s of the path dying, and a late keep-alive is not taken for one.
 */
export const SILENCE_MS = 2500;
/** Socket path on the API host. */
export const SOCKET_PATH = '/v1/ws';

/**
 * Close codes the gateway and the mock upstream use. 1012 (service restart) tells a browser to
 * reconnect, possibly to another replica; the 44xx codes are this project's
 * (docs/architecture.md#close-codes).
 */
export const CLOSE = {
  NORMAL: 1000,
  GOING_AWAY: 1001,
  POLICY: 1008,
  TOO_BIG: 1009,
  SERVICE_RESTART: 1012,
  /** Too many malformed frames. */
  BAD_FRAMES: 4400,
  /** Origin not allowed. */
  ORIGIN: 4403,
  /** A frame named an unknown topic. */
  UNKNOWN_TOPIC: 4404,
  /** Silent for three heartbeat intervals. */
  IDLE: 4408,
  /** Frames faster than the socket's message budget (4429 being subscriptions). */
  TOO_MANY_MESSAGES: 4420,
  /** More subscriptions than allowed on one socket. */
  TOO_MANY_SUBSCRIPTIONS: 4429,
  /** The browser read too slowly: resync over REST after reconnecting. */
  SLOW_CONSUMER: 4508,
} as const;

// ── client → server ────────────────────────────────────────────────────────────────────────
export const loginFrameSchema = z.object({
  type: z.literal('login'),
  token: z.string().min(1).max(512),
});
export const logoutFrameSchema = z.object({ type: z.literal('logout') });
export const subFrameSchema = z.object({ type: z.literal('sub'), param: topicSchema });
export const unsubFrameSchema = z.object({ type: z.literal('unsub'), param: topicSchema });

/** A JSON client frame. The heartbeat `ping` is bare text and is not part of this union. */
export const clientFrameSchema = z.discriminatedUnion('type', [
  loginFrameSchema,
  logoutFrameSchema,
  subFrameSchema,
  unsubFrameSchema,
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

// ── server → client ────────────────────────────────────────────────────────────────────────
export const loginResultFrameSchema = z.object({
  type: z.literal('login_result'),
  /** 1 = logged in; anything else is a refusal. */
  code: z.number().int(),
  msg: z.string().default(''),
});
export const errorFrameSchema = z.object({
  type: z.literal('error'),
  code: z.number().int(),
  msg: z.string(),
});
/**
 * The gateway tells browsers when its upstream goes down and comes back
 * (docs/architecture.md#gateway-frames); the upstream itself never sends it.
 */
export const upstreamStatusFrameSchema = z.object({
  type: z.literal('upstream'),
  state: z.enum(['down', 'up']),
});

export const dayMarketFrameSchema = z.object({
  type: z.literal('DAY_MARKET'),
  code: z.literal(1),
  /** The ticks of one simulator step: one entry per instrument that moved. */
  data: z.array(quoteTickSchema),
});
export const klineFrameSchema = z.object({
  type: z.string().regex(/^KLINE\./) as z.ZodType<`KLINE.${string}`>,
  code: z.literal(1),
  data: candleSchema,
});
export const forexTradeFrameSchema = z.object({
  type: z.literal('FOREX_TRADE'),
  code: z.literal(1),
  data: z.array(holdingUpdateSchema),
});
export const forexClosedFrameSchema = z.object({
  type: z.literal('FOREX_CLOSED'),
  code: z.literal(1),
  /** Ids of the user's orders that closed. */
  data: z.array(z.number().int()),
});

export const serverFrameSchema = z.union([
  loginResultFrameSchema,
  errorFrameSchema,
  upstreamStatusFrameSchema,
  dayMarketFrameSchema,
  forexTradeFrameSchema,
  forexClosedFrameSchema,
  klineFrameSchema,
]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;
export type LoginResultFrame = z.infer<typeof loginResultFrameSchema>;
export type ErrorFrame = z.infer<typeof errorFrameSchema>;
export type UpstreamStatusFrame = z.infer<typeof upstreamStatusFrameSchema>;
export type DayMarketFrame = z.infer<typeof dayMarketFrameSchema>;
export type KlineFrame = z.infer<typeof klineFrameSchema>;
export type ForexTradeFrame = z.infer<typeof forexTradeFrameSchema>;
export type ForexClosedFrame = z.infer<typeof forexClosedFrameSchema>;
