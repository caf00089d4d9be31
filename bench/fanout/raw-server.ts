/**
 * The fan-out baseline: the least a server can do to relay the feed — one `ws` connection to
 * the feeder, subscribed to DAY_MARKET, and every frame it sends written as-is to every
 * connected socket; a client's `ping` answered with `pong`, as any server of the protocol must
 * (the clients send the same heartbeat to both servers). No validation, idle timeout, limits,
 * conflation or reconnect: what the gateway costs is measured against this. Run as its own
 * process:
 *
 *   PORT=… UPSTREAM_WS_URL=ws://127.0.0.1:…/v1/ws node --import tsx bench/fanout/raw-server.ts
 *
 * GET /readyz answers 200 once the upstream connection is subscribed.
 */
import { createServer } from 'node:http';
import { PING, PONG, SOCKET_PATH } from '@pipstream/protocol';
import WebSocket, { WebSocketServer } from 'ws';

const port = Number(process.env.PORT);
const upstreamUrl = process.env.UPSTREAM_WS_URL;
if (!Number.isInteger(port) || !upstreamUrl) {
  throw new Error('raw-server needs PORT and UPSTREAM_WS_URL');
}

let ready = false;
const server = createServer((request, response) => {
  const ok = request.url === '/readyz' && ready;
  response.writeHead(ok ? 200 : 503).end();
});
const wss = new WebSocketServer({ server, path: SOCKET_PATH, perMessageDeflate: false });

const upstream = new WebSocket(upstreamUrl, { perMessageDeflate: false });
upstream.on('open', () => {
  upstream.send(JSON.stringify({ type: 'sub', param: 'DAY_MARKET' }));
  ready = true;
});
upstream.on('message', (data: Buffer, isBinary) => {
  for (const client of wss.clients) {
    if (client.readyState === WebSocket.OPEN) client.send(data, { binary: isBinary });
  }
});
upstream.on('close', () => process.exit(1));
wss.on('connection', (client) => {
  client.on('message', (data: Buffer) => {
    if (data.toString() === PING) client.send(PONG);
  });
});
// A clean exit on SIGTERM, so that `node --cpu-prof` can write its profile.
process.on('SIGTERM', () => process.exit(0));

server.listen(port, '127.0.0.1');
