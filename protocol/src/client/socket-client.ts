// Over 400 lines on purpose: one connection's state machine (connect, login, topics, heartbeat, backoff).
import { CODE } from '../envelope.js';
import { explainIssues } from '../schemas/explain.js';
import {
  CLOSE,
  type ClientFrame,
  CONNECT_TIMEOUT_MS,
  type DayMarketFrame,
  type ForexClosedFrame,
  type ForexTradeFrame,
  HEARTBEAT_MS,
  KEEP_ALIVE,
  type KlineFrame,
  type LoginResultFrame,
  loginFrameSchema,
  MAX_MISSED_PONGS,
  PING,
  PONG,
  PROBE_TIMEOUT_MS,
  type ServerFrame,
  SILENCE_MS,
} from '../socket/frames.js';
import { isPrivateTopic, parseTopic, type Topic } from '../socket/topics.js';
import {
  type BackoffOptions,
  DEFAULT_BACKOFF,
  fullJitterDelay,
  LOGIN_RETRY_BACKOFF,
  loginRetryDelay,
  promptedRetryDelay,
  UNANSWERED_BACKOFF,
} from './socket-backoff.js';
import { decodeServerFrame } from './socket-decode.js';
import { createEmitter, type Listener } from './socket-emitter.js';

export * from './socket-backoff.js';

/**
 * The `login_result` codes of a login the gateway would not take now (its pacing, or its cap
 * of accounts): the token is fine, so the client tries it again later by itself.
 */
export function isRetriedLoginRefusal(code: number): boolean {
  return code === CODE.RATE_LIMITED || code === CODE.SESSIONS_FULL;
}

/**
 * Declared through a method so its parameter is compared bivariantly: the browser's WebSocket
 * and `ws` hand their handlers richer event types of their own, and both must fit here.
 */
type Handler<E> = { bivarianceHack(event: E): void }['bivarianceHack'];

/**
 * The part of the WHATWG WebSocket that the client uses, which the browser's WebSocket (main
 * thread and Web Workers) and the `ws` package both implement.
 */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  /** `ws` only: drops the connection at once, with no closing handshake to wait for. */
  terminate?(): void;
  onopen: Handler<unknown> | null;
  onmessage: Handler<{ readonly data: unknown }> | null;
  onclose: Handler<{ readonly code: number; readonly reason: string }> | null;
  onerror: Handler<unknown> | null;
}

/** What `ws` takes as its third constructor argument; browsers ignore it. */
export interface WebSocketTransportOptions {
  readonly headers?: Readonly<Record<string, string>>;
  readonly origin?: string;
}

export type WebSocketConstructor = new (
  url: string,
  protocols?: string | string[],
  options?: WebSocketTransportOptions,
) => WebSocketLike;

export interface SocketClientOptions {
  /** The socket's address, e.g. `wss://api.example.com/v1/ws`. */
  readonly url: string;
  /** Defaults to `globalThis.WebSocket`; in Node pass `WebSocket` from `ws`. */
  readonly WebSocketImpl?: WebSocketConstructor;
  /** Logged in with on every connection until `logout()`. */
  readonly token?: string;
  /** Time between two `ping`s (default `HEARTBEAT_MS`). */
  readonly heartbeatMs?: number;
  /** Unanswered pings tolerated; one more drops the socket (default `MAX_MISSED_PONGS`). */
  readonly maxMissedPongs?: number;
  /** Time a socket gets to open before it is abandoned (default `CONNECT_TIMEOUT_MS`). */
  readonly connectTimeoutMs?: number;
  /** Reconnect delays after the server closed the socket (default `DEFAULT_BACKOFF`). */
  readonly backoff?: BackoffOptions;
  /**
   * Reconnect delays after nothing answered: a socket that could not be opened, broke, or went
   * silent (default `UNANSWERED_BACKOFF`).
   */
  readonly unansweredBackoff?: BackoffOptions;
  /**
   * A socket that brought nothing (no frame, pong or keep-alive) for this long is let go and
   * replaced (default `SILENCE_MS`; 0: never, for a server that sends no keep-alive).
   */
  readonly silenceMs?: number;
  /** Waits before a login refused for the gateway's limits goes again (`LOGIN_RETRY_BACKOFF`). */
  readonly loginRetry?: BackoffOptions;
  /** A source in [0, 1) for the backoff jitter (default `Math.random`). */
  readonly random?: () => number;
  /**
   * Check every frame against its schema (default true). An invalid frame becomes an
   * 'invalid' event, never an exception. Without it frames are only JSON-parsed.
   */
  readonly validate?: boolean;
  /** Extra handshake headers (`ws` only; a browser cannot set them). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Origin header of the handshake (`ws` only; a browser sends its own). */
  readonly origin?: string;
}

export type SocketState = 'connecting' | 'open' | 'reconnecting' | 'closed';

/**
 * Why a socket was let go: it closed, it failed, it stopped answering pings, it did not open in
 * time, it brought nothing for `silenceMs`, or the caller let it go (`replace()`).
 */
export type DisconnectReason =
  | 'closed'
  | 'error'
  | 'heartbeat'
  | 'connect-timeout'
  | 'silence'
  | 'replaced';

/** Every server frame but `login_result`, which arrives as the 'login' event. */
export type PushFrame = Exclude<ServerFrame, LoginResultFrame>;

/** A frame with the exact text it came in, so a relay can forward the text without re-encoding. */
export interface FrameEvent<F extends PushFrame = PushFrame> {
  readonly frame: F;
  readonly raw: string;
}

/** The frame a topic carries. */
export type FrameOfTopic<T extends Topic> = T extends 'DAY_MARKET'
  ? DayMarketFrame
  : T extends 'FOREX_TRADE'
    ? ForexTradeFrame
    : T extends 'FOREX_CLOSED'
      ? ForexClosedFrame
      : KlineFrame;

export interface SocketClientEvents {
  state: SocketState;
  /** Every `login_result`; `code` 1 means logged in. */
  login: LoginResultFrame;
  /** Topic frames, `error` frames and the gateway's `upstream` frames. */
  frame: FrameEvent;
  /** A frame that is not JSON, not a known frame, or fails its schema. */
  invalid: { readonly raw: string; readonly error: string };
  /** A `pong` arrived; the payload is its arrival time (ms since the epoch). */
  pong: number;
  /**
   * A socket was let go; a reconnect is scheduled. `code` is the close code, when one came.
   * `answered` tells a socket the server closed (it answered: the path works) from one that
   * could not be opened, broke, went silent or was let go by the caller (nothing answered).
   */
  disconnect: {
    readonly reason: DisconnectReason;
    readonly code?: number;
    readonly answered: boolean;
  };
}

/** WebSocket.OPEN, the same value in browsers and in `ws`. */
const OPEN = 1;
/** The close code a platform reports when no close frame came: the connection broke. */
const ABNORMAL_CLOSURE = 1006;
const noop = () => {};

/** The platform's WebSocket: browsers, Web Workers and Node 22+, not Node 20. */
function globalWebSocket(): WebSocketConstructor {
  const impl: WebSocketConstructor | undefined = globalThis.WebSocket;
  if (impl === undefined) {
    throw new TypeError('no global WebSocket here: pass WebSocketImpl (in Node, WebSocket of ws)');
  }
  return impl;
}

function checkedToken(token: string): string {
  const result = loginFrameSchema.shape.token.safeParse(token);
  if (!result.success) throw new TypeError(`socket token: ${explainIssues(result.error)}`);
  return token;
}

function checkedTopic(topic: Topic): Topic {
  if (parseTopic(topic) === undefined) throw new TypeError(`not a socket topic: "${topic}"`);
  return topic;
}

/**
 * The typed realtime socket client (docs/architecture.md#socket-protocol). It logs in once per
 * connection with the token, keeps a set of active topics and subscribes each exactly once,
 * sends `ping` every heartbeat and reconnects when more than `maxMissedPongs` go unanswered,
 * when the socket brings nothing for `silenceMs` (servers send `KEEP_ALIVE` when they have
 * nothing else), when it does not open in time, or when it closes or fails — with full-jitter
 * backoff, short when nothing answered and longer when the server closed the socket, logging
 * in again and resubscribing every active topic. Private topics are subscribed only
 * once a `login_result` with code 1 has come back, since the server refuses them before. A
 * login the gateway refuses for its limits (429, `SESSIONS_FULL`) is sent again after
 * `loginRetry`'s growing waits, until one is accepted or the token changes or goes. One login
 * is in flight at a time: a token set while one is unanswered is sent once that answer is back,
 * so only the answer to the latest login counts.
 *
 * It runs in browsers, Web Workers and Node: the WebSocket constructor is injected, and the
 * only timers are setTimeout/clearTimeout, all cleared by `close()`.
 */
export function createSocketClient(options: SocketClientOptions) {
  const WebSocketImpl = options.WebSocketImpl ?? globalWebSocket();
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const maxMissedPongs = options.maxMissedPongs ?? MAX_MISSED_PONGS;
  const connectTimeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const unansweredBackoff = options.unansweredBackoff ?? UNANSWERED_BACKOFF;
  const silenceMs = options.silenceMs ?? SILENCE_MS;
  const loginRetry = options.loginRetry ?? LOGIN_RETRY_BACKOFF;
  const random = options.random ?? Math.random;
  const validate = options.validate ?? true;
  const transport: WebSocketTransportOptions | undefined =
    options.headers === undefined && options.origin === undefined
      ? undefined
      : {
          ...(options.headers && { headers: options.headers }),
          ...(options.origin && { origin: options.origin }),
        };

  const events = createEmitter<SocketClientEvents>();
  const topicEvents = createEmitter<Record<string, FrameEvent>>();
  const topics = new Set<Topic>();

  let state: SocketState = 'closed';
  let socket: WebSocketLike | undefined;
  let token = options.token === undefined ? undefined : checkedToken(options.token);
  let loggedIn = false;
  /**
   * The login sent on this connection whose `login_result` has not come back: `awaited`, or
   * `superseded` once a later `login()` or `logout()` made its answer meaningless. One login is
   * in flight at a time, and neither a login nor a logout overtakes it, so every answer is
   * known to be the latest login's or not: a server that answers an overtaken login late, or
   * never, cannot make the client take one answer for another.
   */
  let loginAnswer: 'none' | 'awaited' | 'superseded' = 'none';
  /** Reconnect attempts since the last good connection; drives the backoff. */
  let attempt = 0;
  let reconnects = 0;
  let lastPongAt: number | undefined;
  let unansweredPings = 0;
  let connectTimer: ReturnType<typeof setTimeout> | undefined;
  let heartbeatTimer: ReturnType<typeof setTimeout> | undefined;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let probeTimer: ReturnType<typeof setTimeout> | undefined;
  /** When the open socket last brought anything (ms since the epoch). */
  let heardAt = 0;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;
  /** Logins the gateway refused for its limits since the token was last accepted or changed. */
  let loginRefusals = 0;
  let loginRetryTimer: ReturnType<typeof setTimeout> | undefined;

  // Transitions change the state first and emit last, so a listener that calls back into the
  // client (subscribe, close, …) always finds it consistent.
  function enter(next: SocketState): boolean {
    if (state === next) return false;
    state = next;
    return true;
  }

  function sendText(text: string) {
    if (socket?.readyState === OPEN) socket.send(text);
  }

  function sendFrame(frame: ClientFrame) {
    sendText(JSON.stringify(frame));
  }

  function sendLogin(value: string) {
    loginAnswer = 'awaited';
    sendFrame({ type: 'login', token: value });
  }

  /** Whether the server holds `topic` for this connection right now. */
  function isLive(topic: Topic): boolean {
    return state === 'open' && (loggedIn || !isPrivateTopic(topic));
  }

  function openSocket() {
    const ws = transport
      ? new WebSocketImpl(options.url, [], transport)
      : new WebSocketImpl(options.url);
    socket = ws;
    loggedIn = false;
    loginAnswer = 'none';
    unansweredPings = 0;
    ws.onopen = () => onOpen(ws);
    ws.onmessage = (event) => onMessage(ws, event.data);
    ws.onclose = (event) => drop(ws, 'closed', event.code);
    ws.onerror = () => drop(ws, 'error');
    connectTimer = setTimeout(() => drop(ws, 'connect-timeout'), connectTimeoutMs);
  }

  /**
   * Lets go of the current socket. Its handlers become no-ops rather than null: `ws` throws
   * when it emits an 'error' nobody listens to, which an aborted handshake does.
   */
  function release(ws: WebSocketLike, how: 'close' | 'terminate') {
    ws.onopen = noop;
    ws.onmessage = noop;
    ws.onclose = noop;
    ws.onerror = noop;
    socket = undefined;
    loggedIn = false;
    clearTimeout(connectTimer);
    clearTimeout(heartbeatTimer);
    clearTimeout(probeTimer);
    clearTimeout(silenceTimer);
    // A new connection logs in on opening: a retry waiting on this one is not needed.
    cancelLoginRetry();
    connectTimer = undefined;
    heartbeatTimer = undefined;
    probeTimer = undefined;
    silenceTimer = undefined;
    if (how === 'terminate' && ws.terminate) ws.terminate();
    else ws.close(CLOSE.NORMAL);
  }

  function onOpen(ws: WebSocketLike) {
    if (ws !== socket) return;
    clearTimeout(connectTimer);
    connectTimer = undefined;
    const changed = enter('open');
    if (token !== undefined) sendLogin(token);
    // With a token the connection only counts as good once the login is accepted.
    else attempt = 0;
    for (const topic of topics) {
      if (!isPrivateTopic(topic)) sendFrame({ type: 'sub', param: topic });
    }
    heartbeatTimer = setTimeout(beat, heartbeatMs);
    heardAt = Date.now();
    if (silenceMs > 0) silenceTimer = setTimeout(checkSilence, silenceMs);
    if (changed) events.emit('state', 'open');
  }

  /**
   * Lets the socket go once it has brought nothing for `silenceMs`. The timer is not moved on
   * every frame (that would cost a timer per frame): when it fires early it waits out the rest.
   */
  function checkSilence() {
    silenceTimer = undefined;
    if (!socket) return;
    const quietFor = Date.now() - heardAt;
    if (quietFor >= silenceMs) drop(socket, 'silence');
    else silenceTimer = setTimeout(checkSilence, silenceMs - quietFor);
  }

  /** One heartbeat: the ping is dropped instead of sent once too many are unanswered. */
  function beat() {
    heartbeatTimer = undefined;
    if (!socket) return;
    if (unansweredPings > maxMissedPongs) {
      drop(socket, 'heartbeat');
      return;
    }
    sendText(PING);
    unansweredPings++;
    heartbeatTimer = setTimeout(beat, heartbeatMs);
  }

  function drop(ws: WebSocketLike, reason: DisconnectReason, code?: number) {
    if (ws !== socket) return;
    // Only a close frame from a socket that had opened says the server is there.
    const answered = reason === 'closed' && state === 'open' && code !== ABNORMAL_CLOSURE;
    // A socket that closed or failed on its own needs no handshake; a silent one gets none.
    release(ws, 'terminate');
    scheduleReconnect(code === undefined ? { reason, answered } : { reason, code, answered });
  }

  /**
   * Waits before the next attempt: as long as the server asks after it closed the socket, and
   * briefly after nothing answered, so that a path coming back is found within a second.
   */
  function scheduleReconnect(why: SocketClientEvents['disconnect']) {
    const changed = enter('reconnecting');
    const delays = why.answered ? backoff : unansweredBackoff;
    reconnectTimer = setTimeout(reconnect, fullJitterDelay(attempt, delays, random));
    attempt++;
    events.emit('disconnect', why);
    if (changed) events.emit('state', 'reconnecting');
  }

  function reconnect() {
    reconnectTimer = undefined;
    reconnects++;
    try {
      openSocket();
    } catch {
      // The constructor refused this once; the URL was accepted before, so try again later.
      scheduleReconnect({ reason: 'error', answered: false });
    }
  }

  function onMessage(ws: WebSocketLike, data: unknown) {
    if (ws !== socket) return;
    heardAt = Date.now();
    if (typeof data !== 'string') {
      events.emit('invalid', { raw: '', error: 'a binary frame: the protocol is text only' });
      return;
    }
    // Only says the socket is alive, which `heardAt` now holds.
    if (data === KEEP_ALIVE) return;
    if (data === PONG) {
      unansweredPings = 0;
      clearTimeout(probeTimer);
      probeTimer = undefined;
      lastPongAt = Date.now();
      events.emit('pong', lastPongAt);
      return;
    }
    const decoded = decodeServerFrame(data, validate);
    if (!decoded.ok) {
      events.emit('invalid', { raw: data, error: decoded.error });
      return;
    }
    const frame = decoded.value;
    if (frame.type === 'login_result') {
      onLoginResult(frame);
      return;
    }
    const event: FrameEvent = { frame, raw: data };
    events.emit('frame', event);
    topicEvents.emit(frame.type, event);
  }

  function cancelLoginRetry() {
    clearTimeout(loginRetryTimer);
    loginRetryTimer = undefined;
  }

  /** The gateway would not take the login now: it is sent again after a growing wait. */
  function scheduleLoginRetry() {
    cancelLoginRetry();
    const delay = loginRetryDelay(loginRefusals, loginRetry, random);
    loginRefusals++;
    loginRetryTimer = setTimeout(() => {
      loginRetryTimer = undefined;
      if (token !== undefined && state === 'open' && !loggedIn && loginAnswer === 'none') {
        sendLogin(token);
      }
    }, delay);
  }

  function onLoginResult(frame: LoginResultFrame) {
    const answered = loginAnswer;
    loginAnswer = 'none';
    // The answer to a login that a later login() or logout() replaced says nothing about now;
    // what they held back goes now: the latest token, or the logout of an accepted login.
    if (answered === 'superseded') {
      if (state !== 'open') return;
      if (token !== undefined) sendLogin(token);
      else if (frame.code === CODE.OK) sendFrame({ type: 'logout' });
      return;
    }
    if (token === undefined) return;
    if (frame.code === CODE.OK) {
      loginRefusals = 0;
      attempt = 0;
      if (!loggedIn) {
        loggedIn = true;
        for (const topic of topics) {
          if (isPrivateTopic(topic)) sendFrame({ type: 'sub', param: topic });
        }
      }
    } else {
      loggedIn = false;
      if (isRetriedLoginRefusal(frame.code)) scheduleLoginRetry();
    }
    events.emit('login', frame);
  }

  function subscribe(topic: Topic) {
    if (topics.has(checkedTopic(topic))) return;
    topics.add(topic);
    if (isLive(topic)) sendFrame({ type: 'sub', param: topic });
  }

  function unsubscribe(topic: Topic) {
    if (!topics.delete(topic)) return;
    if (isLive(topic)) sendFrame({ type: 'unsub', param: topic });
  }

  return {
    get state(): SocketState {
      return state;
    },
    /** True after a `login_result` with code 1 on the current connection. */
    get loggedIn(): boolean {
      return loggedIn;
    },
    /** The active topics: subscribed now, or to be subscribed on the next connection. */
    get topics(): ReadonlySet<Topic> {
      return topics;
    },
    /** Sockets opened after the first one. */
    get reconnects(): number {
      return reconnects;
    },
    /** Arrival time of the last `pong` (ms since the epoch), if any came. */
    get lastPongAt(): number | undefined {
      return lastPongAt;
    },

    /** Listens to an event; returns the function that stops listening. */
    on: events.on,

    /** Listens to the frames of one topic only; returns the function that stops listening. */
    onTopic<T extends Topic>(topic: T, listener: Listener<FrameEvent<FrameOfTopic<T>>>) {
      return topicEvents.on(topic, listener as Listener<FrameEvent>);
    },

    /** Opens the socket; a no-op unless closed. Throws when the URL is refused outright. */
    connect(): void {
      if (state !== 'closed') return;
      enter('connecting');
      try {
        openSocket();
      } catch (error) {
        state = 'closed';
        throw error;
      }
      events.emit('state', 'connecting');
    },

    /** Closes for good: no reconnect, every timer cleared. `connect()` may start again. */
    close(): void {
      if (state === 'closed') return;
      clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      if (socket) release(socket, 'close');
      loginAnswer = 'none';
      loginRefusals = 0;
      attempt = 0;
      enter('closed');
      events.emit('state', 'closed');
    },

    /**
     * Sets the token and, when connected, logs in with it: now, or once the answer to a login
     * still in flight is back (that answer is then ignored). A token already logged in (or
     * being logged in, or waiting for its retry) is not sent again; switching tokens logs the
     * previous one out first, so its private subscriptions end before the new user's begin.
     */
    login(value: string): void {
      const next = checkedToken(value);
      // A login the gateway refused for its limits is retried on its own schedule, not sooner.
      if (next === token && (loggedIn || loginAnswer !== 'none' || loginRetryTimer !== undefined)) {
        return;
      }
      cancelLoginRetry();
      loginRefusals = 0;
      token = next;
      if (state !== 'open') return;
      if (loginAnswer !== 'none') {
        loginAnswer = 'superseded';
        return;
      }
      if (loggedIn) {
        sendFrame({ type: 'logout' });
        loggedIn = false;
      }
      sendLogin(next);
    },

    /**
     * Forgets the token and, when logged in, sends `logout` (once the answer to a login in
     * flight is back, and only if it accepted that login). Private topics stay in the set
     * (this project's choice): they are subscribed again after the next successful login.
     */
    logout(): void {
      if (token === undefined) return;
      cancelLoginRetry();
      loginRefusals = 0;
      token = undefined;
      // A login in flight is let be answered first: its answer says whether a logout is due.
      if (loginAnswer !== 'none') loginAnswer = 'superseded';
      else if (state === 'open' && loggedIn) sendFrame({ type: 'logout' });
      loggedIn = false;
    },

    /**
     * Checks the connection now rather than at the next heartbeat, for when something else went
     * unanswered (a request of the app's): a ping goes out at once, and the socket is dropped
     * (and reconnected with backoff) unless a pong comes within `timeoutMs`. Three missed
     * heartbeats would take 11–16 s to notice the same.
     */
    probe(timeoutMs: number = PROBE_TIMEOUT_MS): void {
      const ws = socket;
      if (state !== 'open' || ws === undefined || probeTimer !== undefined) return;
      sendText(PING);
      unansweredPings++;
      probeTimer = setTimeout(() => {
        probeTimer = undefined;
        if (ws === socket) drop(ws, 'heartbeat');
      }, timeoutMs);
    },

    /**
     * Ends the wait before the next reconnect and tries within the first retry's jitter, the
     * backoff starting over: for when the path is seen answering again (a browser's `online`
     * event, a request answered). Not at once: every phone that got its network back with this
     * one would.
     */
    retryNow(): void {
      if (state !== 'reconnecting' || reconnectTimer === undefined) return;
      clearTimeout(reconnectTimer);
      attempt = 1;
      reconnectTimer = setTimeout(reconnect, promptedRetryDelay(backoff, random));
    },

    /**
     * Lets the current socket go, open or still opening, and connects anew after the short
     * backoff of a path that did not answer: for when the platform says the network went away
     * (a browser's `offline` event), so that a socket on the old path is not trusted, and the
     * next one shows whether the network answers. Nothing to do while waiting to reconnect.
     */
    replace(): void {
      if (socket) drop(socket, 'replaced');
    },

    /** Adds a topic; `sub` is sent only when it becomes active and the server would take it. */
    subscribe,
    /** Removes a topic; `unsub` is sent only when the server holds it. */
    unsubscribe,
    subscribeMany(list: Iterable<Topic>): void {
      const checked = [...list].map(checkedTopic);
      for (const topic of checked) subscribe(topic);
    },
    unsubscribeMany(list: Iterable<Topic>): void {
      for (const topic of list) unsubscribe(topic);
    },
  };
}

export type SocketClient = ReturnType<typeof createSocketClient>;
