import { createHash } from 'node:crypto';
import { CODE, type PrivateTopic } from '@pipstream/protocol';
import type { Browser } from './browser.js';
import { createTopicBatch, type TopicBatch } from './topic-batch.js';
import { parseUpstreamFrame, type UpstreamFrame } from './upstream-frame.js';
import {
  openUpstreamSocket,
  type UpstreamSocket,
  type UpstreamSocketOptions,
} from './upstream-socket.js';

/** What every upstream socket of the hub shares. */
export type UpstreamSettings = Pick<
  UpstreamSocketOptions,
  | 'url'
  | 'heartbeatMs'
  | 'pongDeadlineMs'
  | 'connectTimeoutMs'
  | 'backoff'
  | 'random'
  | 'metrics'
  | 'log'
>;

/** One user token's upstream connection, shared by every tab logged in with that token. */
interface Session {
  /** A short hash of the token: what logs show instead of the token. */
  readonly id: string;
  readonly key: string;
  readonly socket: UpstreamSocket;
  readonly batch: TopicBatch;
  readonly members: Set<Browser>;
  readonly subscribers: Map<PrivateTopic, Set<Browser>>;
  readonly lingering: Map<PrivateTopic, NodeJS.Timeout>;
  /** The last accepted `login_result`, exactly as the upstream sent it. */
  loginResult: Buffer | undefined;
  /** Logged in on the current connection. */
  loggedIn: boolean;
  /** 'starting' until the first connection is logged in; 'down' after it was lost. */
  state: 'starting' | 'up' | 'down';
  releaseTimer: NodeJS.Timeout | undefined;
}

/** A browser's place in a session. */
interface Membership {
  readonly session: Session;
  /** Waits for the answer to its own login. */
  awaitingLogin: boolean;
  /** Private topics asked for before that answer came. */
  readonly waiting: Set<PrivateTopic>;
}

export interface PrivateSessionsOptions extends UpstreamSettings {
  readonly lingerMs: number;
  /** The upstream state some browsers should be told changed. */
  onStatus(browsers: Iterable<Browser>): void;
  /**
   * The upstream refused the browser's token (its login, or the re-login after a reconnect):
   * the browser has the `login_result` and holds no private topic any more.
   */
  onRefused(browser: Browser, ownLogin: boolean): void;
}

/** sha256 of the token: sessions are keyed and logged by it, never by the token. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * The private half of the hub: one upstream connection per user token, opened by the first
 * browser `login` with it and reused by every later one, released `lingerMs` after its last
 * browser logs out or leaves. FOREX_TRADE and FOREX_CLOSED from a token's connection go only to
 * browsers logged in with that token and subscribed, so no user sees another's frames.
 */
export function createPrivateSessions(options: PrivateSessionsOptions) {
  const { log } = options;
  const sessions = new Map<string, Session>();
  const memberships = new Map<Browser, Membership>();

  function open(key: string, token: string, lang: string | undefined): Session {
    const id = key.slice(0, 10);
    const session: Session = {
      id,
      key,
      members: new Set(),
      subscribers: new Map(),
      lingering: new Map(),
      loginResult: undefined,
      loggedIn: false,
      state: 'starting',
      releaseTimer: undefined,
      batch: createTopicBatch((frames) => {
        for (const frame of frames) session.socket.send(frame);
      }),
      socket: openUpstreamSocket({
        ...options,
        kind: 'private',
        ...(lang && { headers: { lang } }),
        logContext: { upstream: 'private', session: id },
        onOpen: () => session.socket.send(JSON.stringify({ type: 'login', token })),
        onFrame: (frame) => onFrame(session, frame),
        onDown: () => onDown(session),
      }),
    };
    sessions.set(key, session);
    return session;
  }

  function onFrame(session: Session, frame: UpstreamFrame) {
    switch (frame.type) {
      case 'FOREX_TRADE':
      case 'FOREX_CLOSED': {
        const set = session.subscribers.get(frame.type);
        if (set) for (const browser of set) browser.send(frame.raw);
        return;
      }
      case 'login_result':
        onLoginResult(session, frame);
        return;
      default:
        log.debug({ session: session.id, type: frame.type.slice(0, 64) }, 'private frame ignored');
    }
  }

  function onLoginResult(session: Session, frame: UpstreamFrame) {
    const parsed = parseUpstreamFrame(frame);
    const code =
      typeof parsed === 'object' && parsed !== null && 'code' in parsed ? parsed.code : undefined;
    if (code !== CODE.OK) {
      refuse(session, frame.raw);
      return;
    }
    session.loggedIn = true;
    session.loginResult = frame.raw;
    session.socket.resetBackoff();
    session.batch.setLive(true);
    for (const browser of session.members) {
      const membership = memberships.get(browser);
      if (!membership?.awaitingLogin) continue;
      membership.awaitingLogin = false;
      browser.send(frame.raw);
      for (const topic of membership.waiting) join(session, browser, topic);
      membership.waiting.clear();
    }
    if (session.state !== 'up') {
      session.state = 'up';
      options.onStatus(session.members);
    }
  }

  /** The token was refused: every browser on it learns so, and the session ends at once. */
  function refuse(session: Session, raw: Buffer) {
    log.info({ session: session.id }, 'upstream refused the token');
    const members = [...session.members];
    destroy(session);
    for (const browser of members) {
      const ownLogin = memberships.get(browser)?.awaitingLogin ?? false;
      memberships.delete(browser);
      browser.send(raw);
      options.onRefused(browser, ownLogin);
    }
  }

  function onDown(session: Session) {
    session.loggedIn = false;
    session.batch.setLive(false);
    if (session.state === 'down') return;
    session.state = 'down';
    options.onStatus(session.members);
  }

  function join(session: Session, browser: Browser, topic: PrivateTopic) {
    let set = session.subscribers.get(topic);
    if (!set) {
      set = new Set();
      session.subscribers.set(topic, set);
      session.batch.want(topic);
    }
    clearTimeout(session.lingering.get(topic));
    session.lingering.delete(topic);
    set.add(browser);
  }

  function leave(session: Session, browser: Browser, topic: PrivateTopic) {
    const set = session.subscribers.get(topic);
    if (!set?.delete(browser) || set.size > 0 || session.lingering.has(topic)) return;
    const timer = setTimeout(() => {
      session.lingering.delete(topic);
      if (set.size > 0) return;
      session.subscribers.delete(topic);
      session.batch.drop(topic);
    }, options.lingerMs);
    session.lingering.set(topic, timer);
  }

  function destroy(session: Session) {
    if (sessions.get(session.key) !== session) return;
    sessions.delete(session.key);
    clearTimeout(session.releaseTimer);
    for (const timer of session.lingering.values()) clearTimeout(timer);
    session.batch.close();
    if (session.loggedIn) session.socket.send(JSON.stringify({ type: 'logout' }));
    session.socket.close();
    session.members.clear();
  }

  /** The private topics `browser` holds or waits for in its session. */
  function topicsOf(membership: Membership, browser: Browser): PrivateTopic[] {
    const topics = [...membership.waiting];
    for (const [topic, set] of membership.session.subscribers)
      if (set.has(browser)) topics.push(topic);
    return topics;
  }

  function detach(browser: Browser) {
    const membership = memberships.get(browser);
    if (!membership) return;
    memberships.delete(browser);
    const { session } = membership;
    for (const topic of session.subscribers.keys()) leave(session, browser, topic);
    session.members.delete(browser);
    if (session.members.size > 0 || session.releaseTimer) return;
    session.releaseTimer = setTimeout(() => {
      session.releaseTimer = undefined;
      if (session.members.size === 0) destroy(session);
    }, options.lingerMs);
  }

  return {
    /** Upstream connections open or being opened. */
    get size() {
      return sessions.size;
    },

    /**
     * Logs `browser` in with `token`: joins the token's session, opening it if needed. The
     * browser gets the upstream's `login_result` — at once when the session is logged in.
     */
    attach(browser: Browser, token: string): void {
      const key = hashToken(token);
      let membership = memberships.get(browser);
      if (membership?.session.key !== key) {
        // Like the upstream, a login as someone else keeps the socket's private topics.
        const carried = membership ? topicsOf(membership, browser) : [];
        detach(browser);
        const session = sessions.get(key) ?? open(key, token, browser.lang);
        clearTimeout(session.releaseTimer);
        session.releaseTimer = undefined;
        session.members.add(browser);
        membership = { session, awaitingLogin: true, waiting: new Set(carried) };
        memberships.set(browser, membership);
      }
      const { session } = membership;
      if (!session.loggedIn || !session.loginResult) {
        membership.awaitingLogin = true;
        return;
      }
      membership.awaitingLogin = false;
      browser.send(session.loginResult);
      for (const topic of membership.waiting) join(session, browser, topic);
      membership.waiting.clear();
    },

    /** Logout, a login with another token, or the socket closed. */
    detach,

    /** Whether `browser` has logged in (or is logging in): private topics are allowed. */
    isMember(browser: Browser): boolean {
      return memberships.has(browser);
    },

    /** Whether `browser`'s private connection is down after having been up. */
    isDown(browser: Browser): boolean {
      return memberships.get(browser)?.session.state === 'down';
    },

    subscribe(browser: Browser, topic: PrivateTopic): void {
      const membership = memberships.get(browser);
      if (!membership) return;
      if (membership.awaitingLogin) membership.waiting.add(topic);
      else join(membership.session, browser, topic);
    },

    unsubscribe(browser: Browser, topic: PrivateTopic): void {
      const membership = memberships.get(browser);
      if (!membership) return;
      membership.waiting.delete(topic);
      leave(membership.session, browser, topic);
    },

    /** Closes every private upstream connection. */
    close(): void {
      for (const session of [...sessions.values()]) destroy(session);
      memberships.clear();
    },
  };
}

export type PrivateSessions = ReturnType<typeof createPrivateSessions>;
