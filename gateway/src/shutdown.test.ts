import { connect } from 'node:net';
import { CLOSE } from '@pipstream/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { buildGateway, type Gateway } from './server.js';
import { closeWithin, installShutdown } from './shutdown.js';
import { testConfig } from './test-support/config.js';
import { okAnswer, startRecordingUpstream } from './test-support/recording-upstream.js';
import { standInHub } from './test-support/stand-in-hub.js';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** The call the tests keep in flight. */
const IN_FLIGHT = '/api/user/info';

/**
 * A gateway whose upstream answers after `delayMs`, listening, with a stand-in hub.
 * `arrived` resolves once the test's call has reached the upstream (not the gateway's own
 * reads, such as the base settings): it is then surely in flight.
 */
async function gatewayWithSlowUpstream(delayMs: number) {
  let signalArrival: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    signalArrival = resolve;
  });
  const upstream = await startRecordingUpstream((request, res) => {
    if (request.url?.startsWith(IN_FLIGHT)) signalArrival();
    setTimeout(() => okAnswer(request, res), delayMs);
  });
  closers.push(upstream.close);
  const stand = standInHub();
  const app: Gateway = buildGateway(testConfig(upstream.url), { hub: stand.hub });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, stand, arrived };
}

describe('closeWithin', () => {
  it('closes the hub with 1012 and lets an in-flight request finish', async () => {
    const { app, url, stand, arrived } = await gatewayWithSlowUpstream(300);
    const inFlight = fetch(`${url}${IN_FLIGHT}`, { headers: { authorization: 't' } });
    await arrived;

    const outcome = await closeWithin(app, 5000);

    expect(outcome).toBe('drained');
    expect((await inFlight).status).toBe(200);
    expect(stand.state.shutdowns).toEqual([
      { code: CLOSE.SERVICE_RESTART, reason: 'server restart' },
    ]);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });

  it('does not wait for a socket upgrade whose headers were never finished', async () => {
    const { app, url } = await gatewayWithSlowUpstream(0);
    const { port } = new URL(url);
    const half = connect({ host: '127.0.0.1', port: Number(port) });
    closers.push(async () => half.destroy());
    half.on('error', () => {});
    await new Promise((resolve) => half.once('connect', resolve));
    half.write('GET /v1/ws HTTP/1.1\r\nHost: gateway\r\nUpgrade: websocket\r\n');
    // The gateway has read what came: the request is begun, and will never be whole.
    await new Promise((resolve) => setTimeout(resolve, 100));

    const started = Date.now();
    const outcome = await closeWithin(app, 3000);

    expect(outcome).toBe('drained');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('cuts what is still running when the grace runs out', async () => {
    const { app, url, arrived } = await gatewayWithSlowUpstream(5000);
    const inFlight = fetch(`${url}${IN_FLIGHT}`, { headers: { authorization: 't' } }).then(
      (res) => res.status,
      () => 'cut',
    );
    await arrived;

    const started = Date.now();
    const outcome = await closeWithin(app, 200);

    expect(outcome).toBe('forced');
    expect(Date.now() - started).toBeLessThan(700);
    expect(await inFlight).toBe('cut');
  });
});

describe('installShutdown', () => {
  it('closes on the signal and exits 0', async () => {
    const { app } = await gatewayWithSlowUpstream(0);
    const exited = new Promise<number>((resolve) => {
      const remove = installShutdown(app, { graceMs: 2000, signals: ['SIGUSR2'], exit: resolve });
      closers.push(async () => remove());
    });

    process.emit('SIGUSR2', 'SIGUSR2');

    expect(await exited).toBe(0);
    expect(app.server.listening).toBe(false);
  });
});
