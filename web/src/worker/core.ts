/**
 * The live worker's core: the protocol's socket client feeding the live model, and the batcher
 * posting the model's changes. Kept apart from the comlink entry so it runs in Node too, with
 * `ws` as the WebSocket, against a real mock upstream in tests.
 */
import {
  type ChartPeriod,
  CODE,
  chartTopic,
  createSocketClient,
  isRetriedLoginRefusal,
  klineTopic,
  loginFrameSchema,
  PRIVATE_TOPICS,
  type PushFrame,
  parseTopic,
  type SocketClient,
  type SocketClientOptions,
  sourcePeriod,
  type Topic,
  type WebSocketConstructor,
} from '@pipstream/protocol';
import { createAlertWatch } from './alert-watch.js';
import { type LiveBatch, mergeBatch } from './batch.js';
import { createBatcher, type FrameScheduler } from './batcher.js';
import { createChartSeries } from './chart-series.js';
import type { BatchListener, ConnectOptions, LiveApi } from './contract.js';
import { createLiveModel } from './model.js';
import { createTrailingStops } from './trailing-stops.js';

export interface LiveCoreOptions {
  /** Default the global WebSocket (browsers, workers); in Node pass `WebSocket` of `ws`. */
  WebSocketImpl?: WebSocketConstructor;
  /** Frame scheduler of the batcher (default: requestAnimationFrame, else a 16 ms timer). */
  schedule?: FrameScheduler;
  /** Socket client tuning, for tests. */
  socket?: Pick<
    SocketClientOptions,
    'heartbeatMs' | 'maxMissedPongs' | 'connectTimeoutMs' | 'backoff' | 'loginRetry' | 'random'
  >;
}

/**
 * A market step reaches the worker as several socket frames (DAY_MARKET, then FOREX_TRADE on
 * another upstream connection): a frame due within this long of the last input waits one more,
 * so the step is posted once rather than split over two frames (at most `POST_MAX_WAIT_MS`).
 */
const POST_SETTLE_MS = 8;
const POST_MAX_WAIT_MS = 50;

/**
 * How often the quotes' ages are looked at: a quote that stops arriving reads as delayed
 * within this of `QUOTE_STALE_MS`.
 */
const AGE_CHECK_MS = 1000;

/** `wsUrl` with the language as its `lang` query, which the server localises messages by. */
function addressOf(wsUrl: string, lang: string): string {
  const url = new URL(wsUrl);
  url.searchParams.set('lang', lang);
  return url.href;
}

/** Creates the live core: the implementation of the worker's `LiveApi`. */
export function createLiveCore(options: LiveCoreOptions = {}): LiveApi {
  const model = createLiveModel();
  const alerts = createAlertWatch();
  const series = createChartSeries();
  const trailing = createTrailingStops({ holdingOf: (id) => model.trailedHolding(id) });
  const batcher = createBatcher<LiveBatch>({
    empty: () => ({}),
    merge: mergeBatch,
    flush: post,
    settleMs: POST_SETTLE_MS,
    maxWaitMs: POST_MAX_WAIT_MS,
    ...(options.schedule && { schedule: options.schedule }),
  });
  let listener: BatchListener | undefined;
  let client: SocketClient | undefined;
  let address: string | undefined;
  let token: string | undefined;
  let quotesWanted = false;
  /**
   * The token has been logged in on an earlier connection, or its login was refused for the
   * gateway's limits: pushes were missed, so a new login means a resync.
   */
  let loggedInBefore = false;

  // Quotes age without any input: their ages are looked at on a timer of their own.
  const ageTimer = setInterval(() => {
    model.checkAges();
    changed();
  }, AGE_CHECK_MS);
  // In Node (tests) the timer alone must not keep the process alive.
  (ageTimer as { unref?: () => void }).unref?.();

  function post(batch: LiveBatch) {
    if (!listener) {
      // Nobody sends a move no one heard: it is due again.
      for (const move of batch.trails ?? []) trailing.unsent(move.id);
      return;
    }
    // Through comlink the listener answers with a promise; a failed apply must not go unheard.
    Promise.resolve(listener(batch)).catch((error: unknown) => {
      console.error('live: the batch listener failed', error);
    });
  }

  /**
   * Hands what the model changed to the batcher, with the trailing stops' moves due: after
   * every input, so each price, holding and reply is judged.
   */
  function changed() {
    let batch = model.takeChanges();
    const indicators = series.take();
    if (indicators) {
      batch ??= {};
      batch.indicators = indicators;
    }
    const trails = trailing.evaluate();
    if (trails.length > 0) {
      batch ??= {};
      batch.trails = trails;
    }
    if (batch) batcher.push(batch);
  }

  function wantedTopics(): Topic[] {
    const topics: Topic[] = [];
    if (quotesWanted) topics.push('DAY_MARKET');
    const candles = model.candleTopic;
    if (candles) topics.push(candles);
    if (token !== undefined) topics.push(...PRIVATE_TOPICS);
    return topics;
  }

  function onFrame(frame: PushFrame) {
    model.heard();
    switch (frame.type) {
      case 'DAY_MARKET': {
        model.applyTicks(frame.data);
        const fired = alerts.evaluate(frame.data);
        if (fired.length > 0) batcher.push({ alerts: fired });
        break;
      }
      case 'FOREX_TRADE':
        model.applyHoldingUpdates(frame.data);
        break;
      case 'FOREX_CLOSED':
        model.applyClosed(frame.data);
        break;
      case 'upstream':
        model.setUpstream(frame.state === 'up');
        break;
      case 'error':
        // The server refused a frame of ours; there is nothing a user could do about it.
        break;
      default: {
        const candle = model.applyCandle(frame.type, frame.data);
        if (candle) series.applyCandle(chartTopic(candle.code, candle.period), candle);
      }
    }
    changed();
  }

  function open(url: string) {
    const socket = createSocketClient({
      ...options.socket,
      url,
      ...(options.WebSocketImpl && { WebSocketImpl: options.WebSocketImpl }),
      ...(token !== undefined && { token }),
    });
    socket.on('state', (state) => {
      model.setSocketState(state);
      changed();
    });
    socket.on('disconnect', ({ answered }) => {
      model.setAnswered(answered);
      changed();
    });
    socket.on('pong', () => {
      model.heard();
      changed();
    });
    socket.on('login', (result) => {
      const ok = result.code === CODE.OK;
      // Pushes missed while disconnected or paused are gone: the orders are re-read over REST.
      if (ok && loggedInBefore) model.requestResync();
      // A refusal for the gateway's limits: the socket client tries again later by itself.
      const paused = isRetriedLoginRefusal(result.code);
      if (ok || paused) loggedInBefore = true;
      model.setLoggedIn(ok);
      model.setAccountPaused(paused);
      changed();
    });
    socket.on('frame', ({ frame }) => onFrame(frame));
    socket.subscribeMany(wantedTopics());
    client = socket;
    address = url;
    socket.connect();
  }

  function setToken(next: string | null) {
    const value = next ?? undefined;
    if (value === token) return;
    if (value !== undefined && !loginFrameSchema.shape.token.safeParse(value).success) {
      throw new TypeError('socket token: 1 to 512 characters');
    }
    // Another user's (or no user's) account starts empty.
    if (token !== undefined) model.clearAccount();
    token = value;
    loggedInBefore = false;
    model.setLoggedIn(false);
    model.setAccountPaused(false);
    if (value === undefined) {
      client?.logout();
      client?.unsubscribeMany(PRIVATE_TOPICS);
    } else {
      client?.login(value);
      client?.subscribeMany(PRIVATE_TOPICS);
    }
    changed();
  }

  return {
    connect({ wsUrl, token: next, lang }: ConnectOptions) {
      const url = addressOf(wsUrl, lang);
      if (client && url !== address) {
        client.close();
        client = undefined;
      }
      setToken(next ?? null);
      if (!client) open(url);
    },

    close() {
      client?.close();
      client = undefined;
      address = undefined;
      batcher.flushNow();
    },

    setToken,

    subscribeQuotes() {
      quotesWanted = true;
      client?.subscribe('DAY_MARKET');
    },

    unsubscribeQuotes() {
      quotesWanted = false;
      client?.unsubscribe('DAY_MARKET');
    },

    watchCandles(code: string, period: ChartPeriod) {
      const topic = klineTopic(code, sourcePeriod(period));
      if (parseTopic(topic) === undefined) throw new TypeError(`not a candle topic: "${topic}"`);
      const watched = model.watchedChart;
      if (watched?.code === code && watched.period === period) return;
      const before = model.candleTopic;
      model.watchCandle({ code, period });
      // 60 minutes and 4 hours read one topic: switching between them keeps it.
      if (before !== topic) {
        if (before) client?.unsubscribe(before);
        client?.subscribe(topic);
      }
      changed();
    },

    unwatchCandles() {
      const before = model.candleTopic;
      if (!before) return;
      model.watchCandle(null);
      client?.unsubscribe(before);
      changed();
    },

    setChartCandles(code, period, columns, bucket = []) {
      series.setCandles(chartTopic(code, period), columns);
      model.seedCandleBucket(code, period, bucket);
      changed();
    },

    setIndicators(settings) {
      series.setSettings(settings);
      changed();
    },

    watchQuotes(ids) {
      model.watchQuotes(ids);
      changed();
    },

    watchHoldings(ids) {
      model.watchHoldings(ids);
      changed();
    },

    watchAccount(watched) {
      model.watchAccount(watched);
      changed();
    },

    setInstruments(list, quoteTimes) {
      model.setInstruments(list, quoteTimes);
      changed();
    },

    setHoldings(orders) {
      model.setHoldings(orders);
      changed();
    },

    setPending(orders) {
      model.setPending(orders);
      changed();
    },

    setBalance(balance) {
      model.setBalance(balance);
      changed();
    },

    setOnline(online) {
      model.setBrowserOnline(online);
      // Offline: a socket on the old path is not trusted, and the next one shows whether the
      // network answers; online: no backoff wait.
      if (online) client?.retryNow();
      else client?.replace();
      changed();
    },

    requestEnded(answered) {
      model.setAnswered(answered);
      // An answer: the path is back, no backoff wait. None: the socket is checked now.
      if (answered) client?.retryNow();
      else client?.probe();
      changed();
    },

    setStopOutLevel(level) {
      model.setStopOutLevel(level);
      changed();
    },

    setFeeType(tradeFeeType) {
      model.setFeeType(tradeFeeType);
      changed();
    },

    setAlerts(list) {
      alerts.setAlerts(list);
    },

    setTrailingStops(stops) {
      trailing.setStops(stops);
      changed();
    },

    trailSettled(moveId, outcome) {
      trailing.settled(moveId, outcome);
      changed();
    },

    setOrderForm(form) {
      model.setOrderForm(form);
      changed();
    },

    onBatch(next) {
      listener = next;
      series.snapshot();
      const indicators = series.take();
      batcher.push(indicators ? { ...model.snapshot(), indicators } : model.snapshot());
    },

    status() {
      return {
        connection: model.connection,
        topics: client ? [...client.topics] : wantedTopics(),
        reconnects: client?.reconnects ?? 0,
        lastPongAt: client?.lastPongAt ?? null,
      };
    },
  };
}
