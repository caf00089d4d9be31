/**
 * A pass-through upstream between the gateway and the mock that widens the market to a given
 * number of instruments: every REST call and socket frame goes through as it is, except the
 * trade list and DAY_MARKET frames, which get the synthetic copies added. The gateway cannot
 * tell it from the mock; the mock still does all the trading, accounts and its own ~60 walks.
 */
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { routes } from '@pipstream/protocol';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import { createSyntheticMarket, widenDayMarketFrame, widenTradeList } from './synthetic-market.js';

/** A running widening upstream. */
export interface WideMarket {
  /** `http://127.0.0.1:port`: the gateway's UPSTREAM_URL. */
  readonly url: string;
  /** How many instruments the trade list now lists. */
  readonly instruments: number;
  close(): Promise<void>;
}

const DAY_MARKET_PREFIX = '{"type":"DAY_MARKET"';
const TRADE_LIST_PATH = routes.tradeList.path;

/** Reads the mock's trade list, to copy from. */
async function listedInstruments(mockUrl: string) {
  const response = await fetch(`${mockUrl}${TRADE_LIST_PATH}`, { headers: { lang: 'en' } });
  const answer = (await response.json()) as { code: number; data: unknown };
  if (answer.code !== 1 || !Array.isArray(answer.data)) {
    throw new Error(`the mock's trade list answered code ${answer.code}`);
  }
  return answer.data as Parameters<typeof createSyntheticMarket>[0];
}

/**
 * Starts the widening upstream in front of the mock at `mockUrl` on a free 127.0.0.1 port,
 * listing `total` instruments in all.
 */
export async function startWideMarket(mockUrl: string, total: number): Promise<WideMarket> {
  const listed = await listedInstruments(mockUrl);
  const market = createSyntheticMarket(listed, total);
  const mock = new URL(mockUrl);

  function forward(req: IncomingMessage, res: ServerResponse) {
    const path = req.url ?? '/';
    const widen = req.method === 'GET' && new URL(path, mockUrl).pathname === TRADE_LIST_PATH;
    const upstream = request(
      { host: mock.hostname, port: mock.port, method: req.method, path, headers: req.headers },
      (answer) => {
        if (!widen) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const search = new URL(path, mockUrl).searchParams.get('searchCurrency');
          const body = widenTradeList(
            Buffer.concat(chunks).toString('utf8'),
            market.instruments(),
            search,
          );
          const { 'content-length': _length, ...headers } = answer.headers;
          res.writeHead(answer.statusCode ?? 502, headers);
          res.end(body);
        });
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  }

  const server = createServer(forward);
  const sockets = new WebSocketServer({ server, perMessageDeflate: false });
  sockets.on('connection', (downstream, req) => {
    const wsUrl = new URL(req.url ?? '/', mockUrl.replace(/^http/, 'ws'));
    const up = new WebSocket(wsUrl, { perMessageDeflate: false });
    const early: { data: RawData; isBinary: boolean }[] = [];
    downstream.on('message', (data, isBinary) => {
      if (up.readyState === WebSocket.OPEN) up.send(data, { binary: isBinary });
      else early.push({ data, isBinary });
    });
    up.on('open', () => {
      for (const { data, isBinary } of early.splice(0)) up.send(data, { binary: isBinary });
    });
    up.on('message', (data, isBinary) => {
      const text = isBinary ? undefined : data.toString();
      if (text?.startsWith(DAY_MARKET_PREFIX)) {
        downstream.send(widenDayMarketFrame(text, market.step(Date.now())));
      } else {
        downstream.send(data, { binary: isBinary });
      }
    });
    // Either side closing closes the other, as a restart of the mock would look.
    up.on('close', () => downstream.close());
    up.on('error', () => downstream.terminate());
    downstream.on('close', () => up.close());
    downstream.on('error', () => up.terminate());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    instruments: listed.length + market.instruments().length,
    async close() {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
