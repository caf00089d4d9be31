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

/** The longest a cause may take to disable trading (the bound). */
const GUARD_MS = 3000;

/** The header's word on the prices of the screen on show (kept-alive screens are hidden). */
function liveStatus(page: Page) {
  return page.locator('main:not([hidden]) .page-header [data-testid="live-status"]');
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

describe('stale prices are never tradable', () => {
  it('pauses buy and sell within 3 s of the browser going offline, and resumes after reconnecting', async () => {
    const account = await registerFunded(suite.stack);
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const app = await suite.newApp();
    const { page } = app;
    await openLoggedIn(app, account.session, `/trade?id=${eurusd.Id}`);
    const buy = page.getByRole('button', { name: 'Buy', exact: true });
    const sell = page.getByRole('button', { name: 'Sell', exact: true });
    const status = liveStatus(page);
    await eventually(() => buy.isEnabled()).toBe(true);
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

  it('marks an open market’s price delayed when its quotes stop, and pauses its trading', async () => {
    const account = await registerFunded(suite.stack);
    const gbpusd = await instrumentOf(suite.stack, 'GBPUSD');
    const app = await suite.newApp();
    const { page } = app;
    await openLoggedIn(app, account.session, `/trade?id=${gbpusd.Id}`);
    const buy = page.getByRole('button', { name: 'Buy', exact: true });
    await eventually(() => buy.isEnabled()).toBe(true);

    // The feed of this one instrument stops (the app still reads its market as open).
    await app.idle();
    await suite.stack.control('/market/status', { code: gbpusd.Code, status: 2 });
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

    await suite.stack.control('/market/status', { code: gbpusd.Code, status: 1 });
    await eventually(() => buy.isEnabled()).toBe(true);
  });
});
