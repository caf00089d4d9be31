import { QUOTE_STALE_MS } from '@pipstream/protocol';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openLoggedIn } from './test-support/accounts.js';
import type { AppPage } from './test-support/browser.js';
import { eventually } from './test-support/eventually.js';
import { useBrowserSuite } from './test-support/suite.js';
import { buyAtMarket, instrumentOf, orderRow, registerFunded } from './test-support/trading.js';

// The simulator steps as it does for a user: fresh quotes come every half second.
const suite = useBrowserSuite();

/** The longest a cause may take to disable trading (the product's bound). */
const GUARD_MS = 3000;

/** The header's word on the prices of the screen on show (kept-alive screens are hidden). */
function liveStatus(page: Page) {
  return page.locator('main:not([hidden]) .page-header [data-testid="live-status"]');
}

/**
 * A funded trader on `code`'s trade screen, Buy open: the opening of the tests on /trade.
 * Resolves the app, its page, the instrument and the Buy button.
 */
async function tradingLive(code: string) {
  const account = await registerFunded(suite.stack);
  const instrument = await instrumentOf(suite.stack, code);
  const app = await suite.newApp();
  const { page } = app;
  await openLoggedIn(app, account.session, `/trade?id=${instrument.Id}`);
  const buy = page.getByRole('button', { name: 'Buy', exact: true });
  await eventually(() => buy.isEnabled()).toBe(true);
  return { app, page, instrument, buy };
}

/** Cuts the browser's network; every one of `controls` must be disabled within GUARD_MS. */
async function goOfflineUntilPaused(app: AppPage, controls: readonly Locator[]) {
  const cut = Date.now();
  await app.context.setOffline(true);
  for (const control of controls) {
    await expect.poll(() => control.isDisabled(), { timeout: GUARD_MS, interval: 50 }).toBe(true);
  }
  expect(Date.now() - cut).toBeLessThanOrEqual(GUARD_MS);
}

/** What the trade screen showed at one moment: the header's word, Buy's state, the reason. */
interface TradeMoment {
  readonly at: number;
  readonly status: string;
  readonly buyDisabled: boolean;
  readonly reason: string;
}

/**
 * Starts writing down every state the trade screen renders (header word, Buy, the reason),
 * however briefly: an upstream outage may last less than a poll's interval. Resolves the
 * reader of what was seen so far.
 */
async function recordTradeScreen(page: Page): Promise<() => Promise<TradeMoment[]>> {
  await page.evaluate(() => {
    const seen: TradeMoment[] = [];
    Object.assign(window, { tradeMoments: seen });
    const read = () => {
      const header = document.querySelector(
        'main:not([hidden]) .page-header [data-testid="live-status"]',
      );
      const price = document.querySelector('[data-testid="buy-price"]');
      const buy = price && document.querySelector(`button[aria-describedby="${price.id}"]`);
      const moment = {
        at: Date.now(),
        status: header?.textContent ?? '',
        buyDisabled: buy instanceof HTMLButtonElement && buy.disabled,
        reason: document.querySelector('[data-testid="trade-blocked"]')?.textContent ?? '',
      };
      const last = seen.at(-1);
      const same =
        last?.status === moment.status &&
        last.buyDisabled === moment.buyDisabled &&
        last.reason === moment.reason;
      if (!same) seen.push(moment);
    };
    read();
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
  return () => page.evaluate(() => (window as { tradeMoments?: TradeMoment[] }).tradeMoments ?? []);
}

describe('stale prices are never tradable', () => {
  it('pauses buy and sell within 3 s of the browser going offline, and resumes after reconnecting', async () => {
    const { app, page, buy } = await tradingLive('EURUSD');
    const sell = page.getByRole('button', { name: 'Sell', exact: true });
    const status = liveStatus(page);
    await eventually(() => status.textContent()).toBe('Live');

    await goOfflineUntilPaused(app, [buy, sell]);
    // The header says so, the reason is given, and the price stays readable, marked delayed.
    expect(await status.textContent()).toBe('Offline');
    await page
      .getByTestId('trade-blocked')
      .getByText('You are offline: trading is paused until live prices are back.')
      .waitFor();
    const price = page.getByTestId('trade-price');
    expect(await price.isVisible()).toBe(true);
    expect(await price.getAttribute('class')).toContain('is-delayed');
    await page.getByTestId('trade-delayed').getByText('Delayed').waitFor();

    await app.context.setOffline(false);
    // Back by itself once fresh quotes arrive: no reload, no tap.
    await eventually(() => buy.isEnabled()).toBe(true);
    expect(await sell.isEnabled()).toBe(true);
    await eventually(() => status.textContent()).toBe('Live');
    expect(await page.getByTestId('trade-blocked').count()).toBe(0);
  });

  it('pauses Close and Set TP/SL of a holding within 3 s of going offline, with the reason', async () => {
    const account = await registerFunded(suite.stack);
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const order = await buyAtMarket(suite.stack, account.session.token, eurusd);
    const app = await suite.newApp();
    const { page } = app;
    await openLoggedIn(app, account.session, '/order');
    const row = orderRow(app, order.Id);
    const close = row.getByRole('button', { name: 'Close position' });
    const stops = row.getByRole('button', { name: 'Set TP/SL' });
    const blocked = page.getByTestId(`order-blocked-${order.Id}`);
    // Live first: both actions open, no reason given.
    await eventually(() => close.isEnabled()).toBe(true);
    expect(await stops.isEnabled()).toBe(true);
    expect(await blocked.count()).toBe(0);

    await goOfflineUntilPaused(app, [close, stops]);
    expect(await blocked.textContent()).toBe(
      'You are offline: trading is paused until live prices are back.',
    );

    await app.context.setOffline(false);
    // Back by itself once fresh quotes arrive.
    await eventually(() => close.isEnabled()).toBe(true);
    expect(await stops.isEnabled()).toBe(true);
    await eventually(() => blocked.count()).toBe(0);
  });

  it('pauses buy within 3 s of the gateway saying its upstream is down, and says so', async () => {
    const { app, page } = await tradingLive('EURUSD');
    await eventually(() => liveStatus(page).textContent()).toBe('Live');
    const seen = await recordTradeScreen(page);
    await app.idle();

    // The upstream restarts and takes 1.5 s to accept sockets again: the gateway loses its
    // sockets and tells the browsers. The outage is watched frame by frame rather than polled.
    const dropped = Date.now();
    await suite.stack.control('/sockets/drop', { refuseMs: 1500 });
    const reconnecting = async () =>
      (await seen()).find((moment) => moment.at >= dropped && moment.status === 'Reconnecting…');
    await expect.poll(reconnecting, { timeout: GUARD_MS, interval: 50 }).toMatchObject({
      buyDisabled: true,
      reason: 'Reconnecting: trading is paused until live prices are back.',
    });
    const down = await reconnecting();
    expect((down?.at ?? Number.POSITIVE_INFINITY) - dropped).toBeLessThanOrEqual(GUARD_MS);
    // Back by itself: live, and Buy open again once fresh quotes come.
    await eventually(async () => (await seen()).at(-1)).toMatchObject({
      status: 'Live',
      buyDisabled: false,
    });
    const outage = (await seen()).filter((moment) => moment.at >= dropped);
    // Buy was never open while the header did not say Live.
    expect(outage.filter((moment) => moment.status !== 'Live' && !moment.buyDisabled)).toEqual([]);
  });

  it('marks an open market’s price delayed when its quotes stop, and pauses its trading', async () => {
    const { app, page, instrument: gbpusd, buy } = await tradingLive('GBPUSD');

    // The feed of this one instrument stops, its market still open.
    await app.idle();
    await suite.stack.control('/market/stall', { code: gbpusd.Code, stalled: true });
    const stopped = Date.now();
    await expect
      .poll(() => buy.isDisabled(), { timeout: QUOTE_STALE_MS + 5000, interval: 100 })
      .toBe(true);
    // Not before its quotes were overdue, and within the guard's bound after.
    expect(Date.now() - stopped).toBeGreaterThan(QUOTE_STALE_MS - 5000);
    await page
      .getByTestId('trade-blocked')
      .getByText(
        'Prices for this product are delayed: trading is paused until fresh prices arrive.',
      )
      .waitFor();
    expect(await liveStatus(page).textContent()).toBe('Delayed');

    await suite.stack.control('/market/stall', { code: gbpusd.Code, stalled: false });
    await eventually(() => buy.isEnabled()).toBe(true);
  });
});
