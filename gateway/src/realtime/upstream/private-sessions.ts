// Over 400 lines on purpose: sessions, their logins and their limits share one state.
import { createHash } from 'node:crypto';
import { CODE, type PrivateTopic } from '@pipstream/protocol';
import type { TokenBucket } from 'limiter';
import type { Browser } from '../browsers/browser.js';
import { type BucketRate, createKeyedBuckets, fullBucket } from '../browsers/rate-buckets.js';
import { LOGIN_REFUSALS, type LoginRefusal, REPLACED_LOGINS } from '../browsers/refusals.js';
import { SharedFrame } from '../wire/shared-frame.js';
import { createLoginAnswers, type LoginAnswer } from './login-answers.js';
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
  | 'recovery'
  | 'metrics'
  | 'log'
>;

/** One user token's upstream connection, shared by every tab logged in with that token. */
interface Session {
  /** A short hash of the token: what logs show instead of the token. */
  readonly id: string;
  readonly key: string;
  /** The address of the browser that opened it: what its per-address cap counts. */
  readonly ip: string;
  readonly socket: UpstreamSocket;
  readonly batch: TopicBatch;
  readonly members: Set<Browser>;
  readonly subscribers: Map<PrivateTopic, Set<Browser>>;
  readonly lingering: Map<PrivateTopic, NodeJS.Timeout>;
  /** The last accepted `login_result`, exactly as the upstream sent it. */
  loginResult: SharedFrame | undefined;
  /** Logged in on the current connection. */
  loggedIn: boolean;
  /** 'starting' until the first connection is logged in; 'down' after it was lost. */
  state: 'starting' | 'up' | 'down';
  releaseTimer: NodeJS.Timeout | undefined;
}

/**
 * Answers one socket's logins may be owed at once: the session's (one per login, at most the
 * socket's login allowance) and refusals held behind them. One more is answered at once.
 */
export const OWED_ANSWERS = 16;

/** A browser's place in a session. */
interface Membership {
  readonly session: Session;
  /**
   * The answers its logins are owed, in order: `undefined` for one the session's login will
   * answer, a refusal by the hub's limits held behind it. Empty once all are answered.
   */
  readonly owed: Array<LoginAnswer | undefined>;
  /** Private topics asked for before that answer came. */
  readonly waiting: Set<PrivateTopic>;
}

/** Whether the browser waits for the session's answer to a login of its own. */
function awaitsLogin(membership: Membership): boolean {
  return membership.owed.length > 0;
}

export interface PrivateSessionsOptions extends UpstreamSettings {
  readonly lingerMs: number;
  /** Sessions held at most, lingering ones included. */
  readonly maxSessions: number;
  /** Sessions the browsers of one address may have opened. */
  readonly maxSessionsPerIp: number;
  /** Logins one address may send per second, past a burst of `maxSessionsPerIp`. */
  readonly loginsPerIpPerSecond: number;
  /** Logins one browser socket may send. */
  readonly socketLogins: BucketRate;
  /** The upstream state some browsers should be told changed. */
  onStatus(browsers: Iterable<Browser>): void;
  /**
   * The browser's login was refused — by the upstream (its token, on its own login or on the
   * re-login after a reconnect) or by the hub's limits (`limit`, only for a socket in no
   * session): the browser has the `login_result` and holds no private topic any more.
   */
  onRefused(browser: Browser, why: 'own_login' | 'relogin' | 'limit'): void;
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
 *
 * Bounded, since every session is an upstream connection and tokens are free: a browser socket
 * is in one session at a time (a login with another token replaces its session, which ends at
 * once unless another browser shares it); logins are paced per socket and per address (token
 * buckets); sessions are capped in total and per opening address, a lingering one giving way
 * to a newcomer at the cap. A refused browser gets a `login_result` saying why and keeps its
 * socket for public topics, and the session it was in, if any (docs/product.md#gateway-limits).
 *
 * Every login gets one answer, in the order the logins came, as on the upstream's own socket:
 * one replaced by another token or a logout before the upstream answered it gets
 * `LOGIN_REPLACED`, and a refusal waits behind the answer to the login before it. Every login
 * counts against the socket's and the address's allowances, one with the token the socket is
 * already logged in with too; at most `OWED_ANSWERS` wait for the upstream, one more is
 * refused at once. A session's answer to all its browsers is written in slices
 * (login-answers.ts).
 */
export function createPrivateSessions(options: PrivateSessionsOptions) {
  const { log, metrics } = options;
  const sessions = new Map<string, Session>();
  const memberships = new Map<Browser, Membership>();
  /** Sessions opened by each address, lingering ones included. */
  const perIp = new Map<string, number>();
  const addressLogins = createKeyedBuckets({
    burst: options.maxSessionsPerIp,
    perSecond: options.loginsPerIpPerSecond,
  });
  const socketLogins = new WeakMap<Browser, TokenBucket>();
  const answers = createLoginAnswers();

  /**
   * Sends every answer the browser's logins are owed, in order; `answer` is the session's.
   * `sliced`: with those of other browsers, in a coming slice.
   */
  function settle(browser: Browser, membership: Membership, answer: LoginAnswer, sliced = false) {
    const owed = membership.owed.splice(0).map((each) => each ?? answer);
    if (sliced) answers.queue(browser, owed);
    else answers.send(browser, owed);
  }

  function open(key: string, token: string, browser: Browser): Session {
    const id = key.slice(0, 10);
    const { ip, lang } = browser;
    const session: Session = {
      id,
      key,
      ip,
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
    perIp.set(ip, (perIp.get(ip) ?? 0) + 1);
    return session;
  }

  function onFrame(session: Session, frame: UpstreamFrame) {
    switch (frame.type) {
      case 'FOREX_TRADE':
      case 'FOREX_CLOSED': {
        const set = session.subscribers.get(frame.type);
        if (!set) return;
        // Compressed at most once for all the token's browsers (shared-frame.ts).
        const push = new SharedFrame(frame.raw);
        for (const browser of set) browser.send(push);
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
      refuse(session, new SharedFrame(frame.raw));
      return;
    }
    session.loggedIn = true;
    const loginResult = new SharedFrame(frame.raw);
    session.loginResult = loginResult;
    session.socket.resetBackoff();
    session.batch.setLive(true);
    for (const browser of session.members) {
      const membership = memberships.get(browser);
      if (membership && awaitsLogin(membership)) loggedIn(browser, membership, loginResult, true);
    }
    if (session.state !== 'up') {
      session.state = 'up';
      options.onStatus(session.members);
    }
  }

  /** The session's login was accepted: `browser` gets its answers and the topics it asked for. */
  function loggedIn(
    browser: Browser,
    membership: Membership,
    loginResult: SharedFrame,
    sliced = false,
  ) {
    settle(browser, membership, loginResult, sliced);
    // Closed meanwhile (a send past its buffer limit): it holds nothing any more.
    if (memberships.get(browser) !== membership) return;
    for (const topic of membership.waiting) join(membership.session, browser, topic);
    membership.waiting.clear();
  }

  /** The token was refused: every browser on it learns so, and the session ends at once. */
  function refuse(session: Session, answer: SharedFrame) {
    log.info({ session: session.id }, 'upstream refused the token');
    const members = [...session.members];
    destroy(session);
    for (const browser of members) {
      const membership = memberships.get(browser);
      const ownLogin = membership !== undefined && awaitsLogin(membership);
      memberships.delete(browser);
      // A browser logged in before learns it from the re-login after a reconnect.
      if (membership && ownLogin) settle(browser, membership, answer, true);
      else answers.queue(browser, [answer]);
      options.onRefused(browser, ownLogin ? 'own_login' : 'relogin');
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
    const opened = perIp.get(session.ip) ?? 0;
    if (opened <= 1) perIp.delete(session.ip);
    else perIp.set(session.ip, opened - 1);
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

  /**
   * Takes `browser` out of its session; a login of its still unanswered is answered as
   * replaced `by` the logout or login that came after it. Its last browser gone, the session
   * lingers `lingerMs` for a tab that reloads — unless `linger` is false: replaced by a login
   * with another token, it ends at once.
   */
  function detach(browser: Browser, by: keyof typeof REPLACED_LOGINS, linger = true) {
    const membership = memberships.get(browser);
    if (!membership) return;
    memberships.delete(browser);
    settle(browser, membership, REPLACED_LOGINS[by]);
    const { session } = membership;
    for (const topic of session.subscribers.keys()) leave(session, browser, topic);
    session.members.delete(browser);
    if (session.members.size > 0 || session.releaseTimer) return;
    if (!linger) {
      destroy(session);
      return;
    }
    session.releaseTimer = setTimeout(() => {
      session.releaseTimer = undefined;
      if (session.members.size === 0) destroy(session);
    }, options.lingerMs);
  }

  /** Ends the oldest session no browser uses (lingering), of `ip` if given; false if none. */
  function evictIdle(ip?: string): boolean {
    for (const session of sessions.values()) {
      if (session.members.size > 0 || (ip !== undefined && session.ip !== ip)) continue;
      destroy(session);
      return true;
    }
    return false;
  }

  /**
   * Why a login of `browser` that opens a session for `key` must be refused, if it must. The
   * browser's current session, if the login replaces it and nobody else uses it, is counted
   * as gone already.
   */
  function refusalOf(
    browser: Browser,
    key: string,
    current?: Membership,
  ): LoginRefusal | undefined {
    let own = socketLogins.get(browser);
    if (!own) {
      own = fullBucket(options.socketLogins);
      socketLogins.set(browser, own);
    }
    const empty = addressLogins.takeWithin(own, browser.ip);
    if (empty) return empty === 'own' ? 'socket_rate' : 'address_rate';
    if (sessions.has(key)) return undefined;
    const replaced = current?.session.members.size === 1 ? current.session : undefined;
    const total = sessions.size - (replaced ? 1 : 0);
    if (total >= options.maxSessions && !evictIdle()) return 'total_sessions';
    const ofIp = (perIp.get(browser.ip) ?? 0) - (replaced?.ip === browser.ip ? 1 : 0);
    if (ofIp >= options.maxSessionsPerIp && !evictIdle(browser.ip)) return 'address_sessions';
    return undefined;
  }

  /**
   * Refuses a login by the hub's limits. The socket stays as it was: a session it works in
   * keeps running with its private topics, since the gateway, not the trader's account, said no.
   * A login of its own still waiting for the upstream is answered first.
   */
  function refuseLogin(browser: Browser, refusal: LoginRefusal, membership?: Membership) {
    metrics.loginsRefused.inc({ reason: refusal });
    log.debug({ ip: browser.ip, reason: refusal }, 'login refused');
    const { code, msg } = LOGIN_REFUSALS[refusal];
    const answer = JSON.stringify({ type: 'login_result', code, msg });
    if (membership && awaitsLogin(membership) && membership.owed.length < OWED_ANSWERS) {
      membership.owed.push(answer);
    } else {
      answers.send(browser, [answer]);
    }
    if (!membership) options.onRefused(browser, 'limit');
  }

  return {
    /** Upstream connections open or being opened. */
    get size() {
      return sessions.size;
    },

    /**
     * Logs `browser` in with `token`: joins the token's session, opening it if needed. The
     * browser gets the upstream's `login_result` — at once when the session is logged in —
     * after the answers its earlier logins are owed.
     */
    attach(browser: Browser, token: string): void {
      const key = hashToken(token);
      let membership = memberships.get(browser);
      const refusal =
        membership && membership.owed.length >= OWED_ANSWERS
          ? 'unanswered'
          : refusalOf(browser, key, membership);
      if (refusal) {
        refuseLogin(browser, refusal, membership);
        return;
      }
      if (membership?.session.key !== key) {
        // Like the upstream, a login as someone else keeps the socket's private topics.
        const carried = membership ? topicsOf(membership, browser) : [];
        detach(browser, 'login', false);
        const session = sessions.get(key) ?? open(key, token, browser);
        clearTimeout(session.releaseTimer);
        session.releaseTimer = undefined;
        session.members.add(browser);
        membership = { session, owed: [], waiting: new Set(carried) };
        memberships.set(browser, membership);
      }
      membership.owed.push(undefined);
      const { loginResult } = membership.session;
      if (membership.session.loggedIn && loginResult) loggedIn(browser, membership, loginResult);
    },

    /** Logout or the socket closed: the session lingers if it was the last browser. */
    detach(browser: Browser): void {
      detach(browser, 'logout');
    },

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
      if (awaitsLogin(membership)) membership.waiting.add(topic);
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
