/**
 * The REST benchmark's `http-proxy` target: @fastify/http-proxy as its README sets it up — one
 * Fastify, no logger, the plugin with its defaults forwarding every path to the upstream — and
 * nothing else. What the gateway's proxy is compared with: the same package with the gateway's
 * micro-cache, envelopes, header rules, abort and metric around it.
 *
 * Usage: `node --import tsx bare-http-proxy.ts` with `PORT` and `UPSTREAM_URL` set.
 */
import httpProxy from '@fastify/http-proxy';
import Fastify from 'fastify';

const port = Number(process.env.PORT);
const upstream = process.env.UPSTREAM_URL;
if (!Number.isInteger(port) || upstream === undefined) {
  throw new Error('bare-http-proxy: set PORT and UPSTREAM_URL');
}

const app = Fastify({ logger: false });
await app.register(httpProxy, { upstream });
await app.listen({ port, host: '127.0.0.1' });
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
