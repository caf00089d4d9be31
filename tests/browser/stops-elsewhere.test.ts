import { ORDER_SIDE } from '@pipstream/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openLoggedIn } from './test-support/accounts.js';
import { money, openChart } from './test-support/chart.js';
import { eventually } from './test-support/eventually.js';
import { shown } from './test-support/languages.js';
import { UPRIGHT } from './test-support/phone.js';
import { useBrowserSuite } from './test-support/suite.js';
import { buyLots, figure, fundedAt, instrumentOf, orderRow } from './test-support/trading.js';

// Every price in this file is one a test set.
const suite = useBrowserSuite({ mock: { tickMs: 60_000 } });

/** The longest a stop level changed elsewhere may take to show while the app is open. */
const WHILE_OPEN_MS = 30_000;

/**
 * Sends the page to the background or brings it back, as a phone does when another app comes
 * up: the document says it is hidden (or visible again) and tells its listeners.
 */
function showPage(page: Page, visible: boolean) {
  return page.evaluate((shown) => {
    for (const key of ['visibilityState', 'hidden'] as const) {
      Object.defineProperty(document, key, {
        configurable: true,
        get: () => (key === 'hidden' ? !shown : shown ? 'visible' : 'hidden'),
      });
    }
    document.dispatchEvent(new Event('visibilitychange'));
  }, visible);
}

/** A funded trader holding 1 lot of EURUSD bought at 1.1 with its stop loss at 1.09. */
async function holdingWithStop() {
  const eurusd = await instrumentOf(suite.stack, 'EURUSD');
  const { account, token } = await fundedAt(suite.stack, eurusd, 1.1);
  const order = await buyLots(suite.stack, token, eurusd, 1, {
    type: ORDER_SIDE.BUY,
    stop_loss_price: 1.09,
  });
  /** The stop loss moved on another device: straight through the API. */
  const moveStopElsewhere = (level: number) =>
    suite.stack.apiAs(token).call('setStopPrice', {
      id: order.Id,
      stop_loss_price: level,
      target_profit_price: 0,
    });
  return { eurusd, account, order, moveStopElsewhere };
}

/** That trader's Orders screen, open on the holding: its row's stop loss figure, settled. */
async function ordersWithStop() {
  const { account, order, moveStopElsewhere } = await holdingWithStop();
  const app = await suite.newApp(UPRIGHT);
  await openLoggedIn(app, account.session, '/order');
  const stop = figure(orderRow(app, order.Id), 'Stop loss');
  await eventually(() => stop.textContent()).toBe(shown('1.09000'));
  await app.idle();
  return { page: app.page, stop, moveStopElsewhere };
}

describe('a stop loss changed on another device', () => {
  it('reaches the order list within 30 s while the app is open', async () => {
    const { page, stop, moveStopElsewhere } = await ordersWithStop();
    await moveStopElsewhere(1.095);
    await expect.poll(() => stop.textContent(), { timeout: WHILE_OPEN_MS }).toBe(shown('1.09500'));
    // Nothing on the page asked for it: the screen was left alone.
    expect(await page.locator('.toast').count()).toBe(0);
  });

  it('reaches the chart within 30 s while the app is open', async () => {
    const { eurusd, account, moveStopElsewhere } = await holdingWithStop();
    const app = await suite.newApp(UPRIGHT);
    const { page } = app;
    await openChart(app, account.session, eurusd);
    // 1 lot bought at 1.1: 100 pips under it is −1 000.
    const line = (level: string, pnl: number) =>
      page.getByRole('slider', { name: `Stop loss ${shown(level)}, estimated ${money(pnl)}` });
    await line('1.09000', -1000).waitFor();
    await app.idle();

    await moveStopElsewhere(1.095);
    await line('1.09500', -500).waitFor({ timeout: WHILE_OPEN_MS });
  });

  it('is read at once when the app comes back to the foreground', async () => {
    const { page, stop, moveStopElsewhere } = await ordersWithStop();
    await showPage(page, false);
    await moveStopElsewhere(1.092);
    await showPage(page, true);
    // Sooner than the period (20 s, started again from here) could bring it: the foreground read.
    await eventually(() => stop.textContent()).toBe(shown('1.09200'));
  });
});
