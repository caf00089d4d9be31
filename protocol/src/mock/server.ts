import { createReadStream } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CODE } from '../envelope.js';
import { routes } from '../routes/table.js';
import { parseTopic, type Topic } from '../socket/topics.js';
import { createClock } from './clock.js';
import { type MockOptions, mockOptionsSchema } from './config.js';
import { createControls } from './controls.js';
import type { MockDeps } from './deps.js';
import { MockEvents } from './events.js';
import { Faults } from './faults.js';
import { CONTROL_PREFIX, createControlDispatcher } from './http/control.js';
import { createDispatcher } from './http/dispatch.js';
import type { Handler, Handlers } from './http/handler.js';
import { sendEnvelope, sendJson } from './http/respond.js';
import { createMarketApi } from './market/api.js';
import { logoAt } from './market/logos.js';
import { createMarketService } from './market/service.js';
import { Messages } from './messages.js';
import { buildOpenApi } from './openapi.js';
import { createRng } from './rng.js';
import { createAccountService } from './services/accounts.js';
import { AREA_CODES } from './services/areas.js';
import { createLedger } from './services/ledger.js';
import { createUploadService } from './services/uploads.js';
import { createVerificationService } from './services/verification.js';
import { createSiteService } from './site/api.js';
import { createSocketHub } from './socket/hub.js';
import { openDatabase } from './store/db.js';
import { createTradingService } from './trading/api.js';
import { createWalletService } from './wallet/api.js';

/** A running mock upstream. */
export interface MockUpstream {
  /** `http://host:port`, no trailing slash. */
  readonly url: string;
  /** `ws://host:port/v1/ws`. */
  readonly wsUrl: string;
  readonly port: number;
  /** The services' shared parts, for tests that look inside (the database, the clock). */
  readonly deps: MockDeps;
  /** Stops the simulator, drops every socket, closes the server and the database. */
  close(): Promise<void>;
}

/** Body limit of the form-encoded and JSON calls: far above any real form. */
const MAX_BODY_BYTES = 64 * 1024;
/** Headers a browser on another origin may send (a developer's dev server calling the mock). */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers': 'lang, authorization, content-type, x-control-token',
  'access-control-max-age': '600',
} as const;

/**
 * Starts the mock upstream: every REST call of the route table, the realtime socket at /v1/ws,
 * the control API at /__control, the OpenAPI document at /docs/openapi.json, uploaded images
 * at /uploads/ and instrument logos at /uploads/logos/. Listens on 127.0.0.1 unless `host` says
 * otherwise.
 */
export async function createMockUpstream(options: MockOptions = {}): Promise<MockUpstream> {
  const config = mockOptionsSchema.parse(options);
  const log = config.log
    ? (line: string) => process.stderr.write(`[mock] ${line}\n`)
    : () => undefined;
  const deps: MockDeps = {
    db: openDatabase(config.data),
    rng: createRng(config.seed),
    clock: createClock(),
    messages: new Messages(),
    events: new MockEvents(),
    config,
  };
  const faults = new Faults();
  const ledger = createLedger(deps);

  const market = createMarketService(deps);
  const marketApi = createMarketApi(market, deps.messages);
  const site = createSiteService(deps, AREA_CODES);
  const accounts = createAccountService(deps, ledger, () => site.baseSettings());
  const uploads = createUploadService(deps);
  const verification = createVerificationService(deps);
  const trading = createTradingService(
    deps,
    ledger,
    market,
    () => site.baseSettings().trade_fee_type,
  );
  const wallet = createWalletService(deps, ledger);

  // Typed against the whole table: a call without its handler does not compile.
  const handlers: Handlers<typeof routes> = {
    ...site.handlers,
    ...accounts.handlers,
    ...uploads.handlers,
    ...verification.handlers,
    ...marketApi.handlers,
    ...trading.handlers,
    ...wallet.handlers,
  };

  const dispatch = createDispatcher({
    routes,
    handlers: handlers as unknown as Record<string, Handler<(typeof routes)[keyof typeof routes]>>,
    authenticate: accounts.authenticate,
    messages: deps.messages,
    faults,
    now: () => deps.clock.now(),
    maxBodyBytes: MAX_BODY_BYTES,
    maxUploadBytes: config.maxUploadBytes,
    checkResponses: true,
    log,
  });

  const server = createServer();
  const hub = createSocketHub({
    server,
    events: deps.events,
    faults,
    messages: deps.messages,
    authenticate: accounts.authenticate,
    knowsInstrument: (code) => market.byCode(code) !== undefined,
    snapshot: (topic) => snapshotOf(topic),
  });

  const control = createControlDispatcher(
    [
      ...createControls({ deps, faults, hub }),
      ...marketApi.controls,
      ...site.controls,
      ...accounts.controls,
      ...verification.controls,
      ...trading.controls,
      ...wallet.controls,
    ],
    config.controlToken,
  );

  /** What a new subscriber gets at once: every latest quote, or the current candle. */
  function snapshotOf(topic: Topic): unknown {
    const parsed = parseTopic(topic);
    if (parsed?.kind === 'DAY_MARKET') {
      return { type: 'DAY_MARKET', code: CODE.OK, data: market.lastTicks() };
    }
    if (parsed?.kind === 'KLINE') {
      const instrument = market.byCode(parsed.code);
      const current = instrument && market.candles(instrument.Id, parsed.period, 1)[0];
      return current ? { type: topic, code: CODE.OK, data: current } : undefined;
    }
    return undefined;
  }

  let openApi: unknown;

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://mock.invalid');
    for (const [name, value] of Object.entries(CORS_HEADERS)) res.setHeader(name, value);
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    if (url.pathname.startsWith(CONTROL_PREFIX)) return control(req, res, url);
    if (await dispatch(req, res, url)) return;
    if (req.method === 'GET' && url.pathname === '/docs/openapi.json') {
      openApi ??= buildOpenApi(routes);
      sendJson(res, 200, openApi);
      return;
    }
    if (req.method === 'GET' && url.pathname === '/healthz') {
      sendJson(res, 200, { ok: true });
      return;
    }
    const logo = req.method === 'GET' ? logoAt(url.pathname) : undefined;
    if (logo !== undefined) {
      res.writeHead(200, {
        'content-type': 'image/svg+xml',
        'cache-control': 'public, max-age=86400',
        'x-content-type-options': 'nosniff',
      });
      res.end(logo);
      return;
    }
    if (req.method === 'GET' && url.pathname.startsWith('/uploads/')) {
      const file = uploads.resolve(url.pathname.slice('/uploads/'.length));
      if (file) {
        res.writeHead(200, {
          'content-type': file.mime,
          'cache-control': 'private, max-age=3600',
          'x-content-type-options': 'nosniff',
        });
        createReadStream(file.path)
          .on('error', () => res.destroy())
          .pipe(res);
        return;
      }
    }
    req.resume();
    sendEnvelope(res, 404, CODE.NOT_FOUND, deps.messages.t(header(req.headers.lang), 'not_found'));
  }

  server.on('request', (req, res) => {
    serve(req, res).catch((error: unknown) => {
      log(`unhandled: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent) sendEnvelope(res, 200, CODE.FAILED, deps.messages.t('en', 'internal'));
      else res.destroy();
    });
  });
  // A slow or silent client must not hold a connection for ever.
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  market.start();

  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  let closing: Promise<void> | undefined;

  return {
    url: `http://${host}:${port}`,
    wsUrl: `ws://${host}:${port}/v1/ws`,
    port,
    deps,
    close() {
      closing ??= (async () => {
        market.stop();
        trading.close();
        await hub.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        deps.db.close();
        uploads.close();
      })();
      return closing;
    },
  };
}

function header(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}
