import {
  CLOSE,
  type ClientFrame,
  isPrivateTopic,
  PING,
  PONG,
  PRIVATE_TOPICS,
  parseTopic,
  type Topic,
} from '@pipstream/protocol';
import type { RawData } from 'ws';
import type { Metrics } from '../../ops/metrics.js';
import type { HubLog, RealtimeOptions } from '../options.js';
import type { InstrumentCodes } from '../upstream/instrument-codes.js';
import type { createPrivateSessions } from '../upstream/private-sessions.js';
import type { createPublicFeed } from '../upstream/public-feed.js';
import { SharedFrame } from '../wire/shared-frame.js';
import type { Browser } from './browser.js';
import { decodeBrowserFrame } from './browser-frames.js';
import type { createBrowserCounters } from './counters.js';
import { errorFrame } from './refusals.js';
import type { Roster } from './roster.js';

const PONG_FRAME = SharedFrame.of(PONG);

export interface CommandsDeps {
  readonly options: Pick<RealtimeOptions, 'maxSubscriptions'>;
  readonly feed: ReturnType<typeof createPublicFeed>;
  readonly sessions: ReturnType<typeof createPrivateSessions>;
  /** The upstream's instrument codes; without them candle topics are not checked. */
  readonly instrumentCodes: InstrumentCodes | undefined;
  readonly roster: Roster;
  readonly counters: ReturnType<typeof createBrowserCounters>;
  readonly metrics: Metrics;
  readonly log: HubLog;
  /** Tells a browser the upstream state, when it changed (a login or logout may change it). */
  refreshStatus(browser: Browser): void;
}

/**
 * What a browser may say on its socket and what the hub does with each: `ping`, `login`,
 * `logout`, `sub` and `unsub`, each frame taking a token of the socket's message budget, and
 * the answer to everything else (binary, malformed, an unknown topic, one topic too many).
 */
export function createBrowserCommands(deps: CommandsDeps) {
  const { options, feed, sessions, instrumentCodes, roster, counters, metrics, log } = deps;

  /**
   * A browser past its message budget: nothing more of it is read (a flooder's frames wait in
   * the kernel, not in the event loop) while its close is sent.
   */
  function cutOff(browser: Browser) {
    metrics.messageBudgetCloses.inc();
    log.info({ ip: browser.ip }, 'browser past its message budget closed');
    browser.socket.pause();
    roster.close(browser, CLOSE.TOO_MANY_MESSAGES, 'too many messages');
  }

  /** An unknown topic: an `error` frame naming it, then the close README promises. */
  function refuseTopic(browser: Browser, topic: string) {
    metrics.badFrames.inc({ reason: 'unknown_topic' });
    browser.send(errorFrame(`unknown topic: ${topic}`));
    roster.close(browser, CLOSE.UNKNOWN_TOPIC, 'unknown topic');
  }

  /**
   * Subscribes `browser` to a public topic once its instrument, for a candle topic, is one the
   * upstream lists; the topic already counts against the browser's limit while that is read.
   */
  function subscribePublic(browser: Browser, topic: Topic) {
    const parsed = parseTopic(topic);
    const known = parsed?.kind === 'KLINE' ? instrumentCodes?.check(parsed.code) : true;
    if (known === true || known === undefined) {
      feed.subscribe(browser, topic);
      return;
    }
    const decide = (listed: boolean) => {
      // Gone, or unsubscribed meanwhile: nothing to do.
      if (browser.released || !browser.topics.has(topic)) return;
      if (listed) feed.subscribe(browser, topic);
      else refuseTopic(browser, topic);
    };
    if (known === false) decide(false);
    else void known.then(decide);
  }

  function onFrame(browser: Browser, frame: ClientFrame) {
    switch (frame.type) {
      case 'login':
        sessions.attach(browser, frame.token);
        deps.refreshStatus(browser);
        return;
      case 'logout':
        for (const topic of PRIVATE_TOPICS) browser.topics.delete(topic);
        sessions.detach(browser);
        deps.refreshStatus(browser);
        return;
      case 'sub': {
        const topic = frame.param;
        if (browser.topics.has(topic)) return;
        if (isPrivateTopic(topic) && !sessions.isMember(browser)) {
          roster.refuseFrame(browser, 'login_required', `log in before subscribing to ${topic}`);
          return;
        }
        if (browser.topics.size >= options.maxSubscriptions) {
          roster.countBad(browser, 'too_many_subscriptions', false);
          roster.close(browser, CLOSE.TOO_MANY_SUBSCRIPTIONS, 'too many subscriptions');
          return;
        }
        browser.topics.add(topic);
        if (isPrivateTopic(topic)) sessions.subscribe(browser, topic);
        else subscribePublic(browser, topic);
        return;
      }
      case 'unsub': {
        const topic = frame.param;
        if (!browser.topics.delete(topic)) return;
        if (isPrivateTopic(topic)) sessions.unsubscribe(browser, topic);
        else {
          feed.unsubscribe(browser, topic);
          browser.dropPendingTopic(topic);
        }
        return;
      }
    }
  }

  return {
    /** One message from `browser`'s socket. */
    onMessage(browser: Browser, data: RawData, isBinary: boolean) {
      if (browser.released) return;
      browser.lastSeen = Date.now();
      counters.received();
      if (!browser.messages?.tryRemoveTokens(1)) {
        cutOff(browser);
        return;
      }
      if (isBinary) {
        roster.refuseFrame(browser, 'binary', 'binary frame: the protocol is text only');
        return;
      }
      const text = data.toString();
      if (text === PING) {
        browser.send(PONG_FRAME);
        return;
      }
      const decoded = decodeBrowserFrame(text);
      if (decoded.kind === 'frame') onFrame(browser, decoded.frame);
      else if (decoded.kind === 'bad') roster.refuseFrame(browser, decoded.reason, decoded.msg);
      else refuseTopic(browser, decoded.topic);
    },
  };
}
