/**
 * Serves the built baseline page from 127.0.0.1, passing `/api` and `/v1/api` through to the
 * gateway so the page reads the trade list from its own origin, as the app does. The page
 * opens the gateway's socket itself (named in its `?ws=`): the same stream the app gets.
 */
import { readFile } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const FILES: Readonly<Record<string, { file: string; type: string }>> = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/app.js': { file: 'app.js', type: 'text/javascript; charset=utf-8' },
};

/** The served baseline page. */
export interface BaselinePage {
  /** The page's URL, with the gateway's socket in its query. */
  readonly url: string;
  close(): Promise<void>;
}

/** Serves the page built in `dir` in front of the gateway at `gatewayUrl`. */
export async function serveBaseline(dir: string, gatewayUrl: string): Promise<BaselinePage> {
  const gateway = new URL(gatewayUrl);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://page').pathname;
    if (path.startsWith('/api/') || path.startsWith('/v1/api/')) {
      const upstream = request(
        {
          host: gateway.hostname,
          port: gateway.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
      return;
    }
    const served = FILES[path];
    if (!served) {
      res.writeHead(404).end();
      return;
    }
    readFile(join(dir, served.file)).then(
      (body) => res.writeHead(200, { 'content-type': served.type }).end(body),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const socket = `ws://${gateway.host}/v1/ws`;
  return {
    url: `http://127.0.0.1:${port}/?ws=${encodeURIComponent(socket)}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
