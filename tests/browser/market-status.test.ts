import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openLoggedIn } from './test-support/accounts.js';
import type { AppPage } from './test-support/browser.js';
import { eventually } from './test-support/eventually.js';
import { UPRIGHT } from './test-support/phone.js';
import { useBrowserSuite } from './test-support/suite.js';
import { buyAtMarket, fundedAt, instrumentOf, orderRow } from './test-support/trading.js';

// Every price in this file is one a test set; markets open and close by the control API.
const suite = useBrowserSuite({ mock: { tickMs: 60_000 } });

/** The visible screen (kept-alive screens stay mounted, hidden). */
const shown = (page: Page) => page.locator('main:not([hidden])');

/** Opens or closes `code`'s market the way the desk does: the control API. */
async function setMarket(code: string, open: boolean): Promise<void> {
  await suite.stack.control('/market/status', { code, status: open ? 1 : 2 });
}

/** Counts the trade list reads the page makes from now on. */
function countTradeListReads(app: AppPage): () => number {
  let reads = 0;
  app.page.on('request', (request) => {
    if (request.url().includes('/v1/api/forex/trade_list')) reads += 1;
  });
  return () => reads;
}

describe('a closed market is never shown as tradable', () => {
  it('says Closed on the trade header, the price strip and in place of Buy and Sell, and reopens', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const { account } = await fundedAt(suite.stack, eurusd, 1.1);
    const app = await suite.newApp(UPRIGHT);
    const { page } = app;
    await openLoggedIn(app, account.session, `/trade?id=${eurusd.Id}`);
    const screen = shown(page);
    const status = screen.getByTestId('live-status');
    const buy = screen.getByRole('button', { name: 'Buy', exact: true });
    await eventually(() => status.textContent()).toBe('Live');
    await eventually(() => buy.isEnabled()).toBe(true);
    await app.idle();
    const reads = countTradeListReads(app);

    await setMarket('EURUSD', false);
    onTestFinished(() => setMarket('EURUSD', true));
    await eventually(() => status.textContent()).toBe('Closed');
    await screen.getByTestId('trade-quote-closed').getByText('Closed').waitFor();
    // The word takes the buttons' place: nothing to press.
    await screen.getByTestId('trade-closed').getByText('Closed').waitFor();
    expect(await buy.count()).toBe(0);
    expect(await screen.getByRole('button', { name: 'Sell', exact: true }).count()).toBe(0);
    // Told by the feed, not found by reading the list again.
    expect(reads()).toBe(0);

    await setMarket('EURUSD', true);
    await eventually(() => status.textContent()).toBe('Live');
    await eventually(() => buy.isEnabled()).toBe(true);
    expect(await screen.getByTestId('trade-closed').count()).toBe(0);
    expect(await screen.getByTestId('trade-quote-closed').count()).toBe(0);
  });

  it('marks the quote row Closed, after a reload too, and pauses closing a holding on it', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const { account, token } = await fundedAt(suite.stack, eurusd, 1.1);
    const order = await buyAtMarket(suite.stack, token, eurusd);
    const app = await suite.newApp(UPRIGHT);
    const { page } = app;
    await openLoggedIn(app, account.session, '/');
    const row = page.getByTestId('quote-row-EURUSD');
    const rowStatus = row.getByTestId('quote-status');
    await row.getByTestId('quote-price').filter({ hasText: /\d/ }).waitFor();
    await eventually(() => rowStatus.isVisible()).toBe(false);
    await app.idle();

    await setMarket('EURUSD', false);
    onTestFinished(() => setMarket('EURUSD', true));
    await eventually(() => rowStatus.textContent()).toBe('Closed');
    expect(await rowStatus.isVisible()).toBe(true);
    await app.reload();
    await eventually(() =>
      page.getByTestId('quote-row-EURUSD').getByTestId('quote-status').textContent(),
    ).toBe('Closed');

    // A holding on it cannot be closed meanwhile, and says why.
    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    const close = orderRow(app, order.Id).getByRole('button', { name: 'Close position' });
    await eventually(() => close.isDisabled()).toBe(true);
    await page
      .getByTestId(`order-blocked-${order.Id}`)
      .getByText('The market is closed: buying and selling are unavailable until it opens.')
      .waitFor();

    await setMarket('EURUSD', true);
    await eventually(() => close.isEnabled()).toBe(true);
    await page.getByRole('link', { name: 'Quotes', exact: true }).click();
    await eventually(() =>
      page.getByTestId('quote-row-EURUSD').getByTestId('quote-status').isVisible(),
    ).toBe(false);
  });
});
