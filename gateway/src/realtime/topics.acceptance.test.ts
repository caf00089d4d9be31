import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CLOSE, type Instrument } from '@pipstream/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Gateway,
  openBrowser,
  sleep,
  startGateway,
  type TestBrowser,
  waitFor,
} from './test-support/harness.js';
import { restClient, startTappedMock, type TappedMock } from './test-support/mock.js';

const GAP_MS = 300;

let upstream: TappedMock;
let gateway: Gateway;
let instruments: Instrument[];
/** The upstream's REST for the gateway: the mock's trade list, plus what the test lists. */
let rest: Server;
const listedLater: Instrument[] = [];
const browsers: TestBrowser[] = [];

beforeAll(async () => {
  upstream = await startTappedMock({ tickMs: 100 });
  instruments = await restClient(upstream.mock).call('tradeList', {});
  rest = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ code: 1, msg: '', data: [...instruments, ...listedLater] }));
  });
  await new Promise<void>((resolve) => rest.listen(0, '127.0.0.1', resolve));
  gateway = await startGateway(upstream.tap.url, {
    upstreamUrl: `http://127.0.0.1:${(rest.address() as AddressInfo).port}`,
    instrumentRefreshGapMs: GAP_MS,
  });
  await waitFor(() => gateway.hub.ready(), 'the hub to be ready');
});

afterAll(async () => {
  for (const b of browsers) b.close();
  await gateway.close();
  await upstream.close();
  await new Promise((resolve) => rest.close(resolve));
});

async function browser() {
  const b = await openBrowser(gateway.wsUrl);
  browsers.push(b);
  return b;
}

/** Topics the gateway's shared connection holds upstream. */
const heldUpstream = () => new Set(upstream.tap.publicOpen().flatMap((c) => [...c.topics]));

describe('candle topics are checked against the trade list (mock upstream)', () => {
  it('refuses an unknown instrument with an error frame naming the topic, then 4404', async () => {
    const known = await browser();
    const [eurusd] = instruments;
    known.send({ type: 'sub', param: `KLINE.${eurusd?.Code}.1min` });
    await known.next((f) => f.type === `KLINE.${eurusd?.Code}.1min`);

    const b = await browser();
    b.send({ type: 'sub', param: 'KLINE.ZZ1.1min' });
    expect(await b.closed).toBe(CLOSE.UNKNOWN_TOPIC);
    expect(b.ofType('error')).toEqual([
      { type: 'error', code: 422, msg: 'unknown topic: KLINE.ZZ1.1min' },
    ]);
    expect(heldUpstream().has('KLINE.ZZ1.1min')).toBe(false);
    expect(known.socket.readyState).toBe(known.socket.OPEN);
  });

  it('refuses a period that is not one of the six the same way', async () => {
    const b = await browser();
    b.send({ type: 'sub', param: `KLINE.${instruments[0]?.Code}.2min` });
    expect(await b.closed).toBe(CLOSE.UNKNOWN_TOPIC);
    expect(b.ofType('error')[0]?.msg).toBe(`unknown topic: KLINE.${instruments[0]?.Code}.2min`);
  });

  it('reads the list again before refusing, so an instrument listed since the start works', async () => {
    const [model] = instruments;
    if (!model) throw new Error('no instrument');
    listedLater.push({ ...model, Id: 99_999, Code: 'NEWFX' });
    const b = await browser();
    b.send({ type: 'sub', param: 'KLINE.NEWFX.1min' });
    await waitFor(() => heldUpstream().has('KLINE.NEWFX.1min'), 'the new topic held upstream');
    await sleep(GAP_MS);
    expect(b.socket.readyState).toBe(b.socket.OPEN);
    expect(b.ofType('error')).toEqual([]);
  });
});
