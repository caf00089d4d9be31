import { FIRST_SCREEN_DATA_ID, formatPrice, type Instrument } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import type { AppPage } from './test-support/browser.js';
import { deviceCopy, keptOnDevice, serviceWorkerReady } from './test-support/device.js';
import { eventually } from './test-support/eventually.js';
import { shown } from './test-support/languages.js';
import { UPRIGHT } from './test-support/phone.js';
import { goOffline } from './test-support/relay.js';
import { useBrowserSuite } from './test-support/suite.js';
import { movePrice } from './test-support/trading.js';

// Prices are set by the tests: the simulator's own steps are a minute apart. Pages go through
// a relay that cuts the network whatever the Chromium build emulates.
const suite = useBrowserSuite({ relay: true, mock: { tickMs: 60_000 } });

/** A phone on which the app's service worker may run (blocked in the other tests). */
const WITH_SERVICE_WORKER = { ...UPRIGHT, serviceWorkers: 'allow' } as const;

/** A price as the English page shows it. */
const priceText = (instrument: Instrument, price: number) =>
  `>${shown(formatPrice(price, instrument.PricePrecision))}<`;

/** Moves `instrument`'s price until the gateway paints `/` with it; resolves the price. */
async function paintedAt(instrument: Instrument, factor: number) {
  let price = 0;
  await eventually(async () => {
    price = await movePrice(suite.stack, instrument, instrument.ForexQuotations.Close * factor);
    const html = await (await fetch(`${suite.stack.baseUrl}/?lang=en`)).text();
    return html.includes(priceText(instrument, price));
  }).toBe(true);
  return price;
}

/** The first listed instrument (always among the painted rows). */
async function firstListed() {
  const [first] = await suite.stack.api.call('tradeList');
  if (!first) throw new Error('no instrument listed');
  return first;
}

/** A visit that installs the service worker and keeps the device copy, then one it controls. */
async function visitedWithServiceWorker(): Promise<AppPage> {
  const app = await suite.newApp(WITH_SERVICE_WORKER);
  await app.open('/');
  await app.page.getByTestId('quote-price').first().filter({ hasText: /\d/ }).waitFor();
  await serviceWorkerReady(app.page);
  await eventually(async () => (await deviceCopy(app.page, 'quotes')) !== undefined).toBe(true);
  await app.reload();
  expect(await serviceWorkerReady(app.page)).toBe(true);
  return app;
}

/** Reloads the page and resolves what answered its navigation: the page's HTML, and whence. */
async function reloadedPage(app: AppPage) {
  const [response] = await Promise.all([
    app.page.waitForResponse((response) => response.request().isNavigationRequest()),
    app.reload(),
  ]);
  return { html: await response.text(), fromServiceWorker: response.fromServiceWorker() };
}

describe('a repeat visit with the service worker in control', () => {
  it('gets the page the gateway paints now, not a kept one', async () => {
    const instrument = await firstListed();
    const app = await visitedWithServiceWorker();
    // The quotes move between visits: the next start shows where they are now.
    const price = await paintedAt(instrument, 1.02);
    const { html, fromServiceWorker } = await reloadedPage(app);
    expect(fromServiceWorker).toBe(true);
    expect(html).toContain(FIRST_SCREEN_DATA_ID);
    expect(html).toContain(priceText(instrument, price));
    // A trade link's page carries the instrument's header the same way.
    const [trade] = await Promise.all([
      app.page.waitForResponse((response) => response.request().isNavigationRequest()),
      app.open(`/trade?id=${instrument.Id}`),
    ]);
    expect(await trade.text()).toContain(priceText(instrument, price));

    // Nothing painted is kept: only the precached shell is a page in the caches.
    const { caches } = await keptOnDevice(app.page);
    const pages = caches.filter((entry) => /\/\/[^/]+\/(\?|trade|$)/.test(entry));
    expect(pages).toEqual([]);
  });

  it('opens offline on the shell and the device copy, every price with its age', async () => {
    const instrument = await firstListed();
    const app = await visitedWithServiceWorker();
    await paintedAt(instrument, 0.98);
    expect(await (await reloadedPage(app)).html).toContain(FIRST_SCREEN_DATA_ID);

    await goOffline(app, suite.relay);
    const { html } = await reloadedPage(app);
    // The shell, not the last painted page replayed as if fresh.
    expect(html).not.toContain(FIRST_SCREEN_DATA_ID);
    const rows = app.page.getByTestId(/^quote-row-/);
    await eventually(() => rows.count()).toBeGreaterThan(5);
    const aged = /^Delayed · \d+ (sec|min)\. ago$/;
    await eventually(async () =>
      (await rows.getByTestId('quote-status').allTextContents()).every((text) => aged.test(text)),
    ).toBe(true);
  });

  it('opens on the shell when the network takes the page and answers nothing', async () => {
    const app = await visitedWithServiceWorker();
    // A dead path the phone cannot tell: the page is asked for and never comes.
    suite.relay.blackHole();
    const { html, fromServiceWorker } = await reloadedPage(app);
    expect(fromServiceWorker).toBe(true);
    expect(html).not.toContain(FIRST_SCREEN_DATA_ID);
  });
});
