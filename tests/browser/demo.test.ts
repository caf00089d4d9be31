import { formatBalance, ORDER_MODE, ORDER_SIDE, ORDER_STATUS } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { openLoggedIn, registerByEmail } from './test-support/accounts.js';
import type { AppPage } from './test-support/browser.js';
import { eventually } from './test-support/eventually.js';
import { shown } from './test-support/languages.js';
import { openDemo } from './test-support/personal.js';
import { UPRIGHT } from './test-support/phone.js';
import { useBrowserSuite } from './test-support/suite.js';
import {
  buyAtMarket,
  confirmation,
  figure,
  fundAccount,
  instrumentOf,
  movePrice,
  onlyOrder,
  orderRow,
} from './test-support/trading.js';

// The tests own every price: a reset's P&L is known to the cent.
const suite = useBrowserSuite({ mock: { tickMs: 60_000 } });

/** What a demo user is told on a screen for real accounts only. */
const DEMO_NOTICE = 'Please register or log in to a real account';

/** The badge of the screen on show (a kept-alive screen stays in the page, hidden). */
function demoBadge(app: AppPage) {
  return app.page.locator('main:not([hidden])').getByTestId('demo-badge');
}

describe('a demo account', () => {
  it('is marked "Demo" on Trade and Orders, and a real one is not', async () => {
    const demo = await openDemo(suite.stack);
    const app = await suite.newApp(UPRIGHT);
    await openLoggedIn(app, demo, '/trade');
    await eventually(() => demoBadge(app).textContent()).toBe('Demo');
    await app.page.getByRole('link', { name: 'Orders', exact: true }).click();
    await app.page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    expect(await demoBadge(app).textContent()).toBe('Demo');

    const real = await registerByEmail(suite.stack);
    const other = await suite.newApp(UPRIGHT);
    await openLoggedIn(other, real.session, '/order');
    await other.page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await other.open('/trade');
    await other.page.getByRole('button', { name: 'Buy', exact: true }).waitFor();
    expect(await demoBadge(other).count()).toBe(0);
  });

  it('is called the demo account wherever it shows, and its reset keeps each order’s P&L', async () => {
    const demo = await openDemo(suite.stack);
    const euro = await instrumentOf(suite.stack, 'EURUSD');
    await movePrice(suite.stack, euro, 1.08);
    const held = await buyAtMarket(suite.stack, demo.token, euro);
    await movePrice(suite.stack, euro, 1.1);
    const valued = await onlyOrder(suite.stack, demo.token, ORDER_STATUS.HOLDING);
    expect(Number(valued.FactProfits)).toBeGreaterThan(0);
    const app = await suite.newApp(UPRIGHT);
    await openLoggedIn(app, demo, '/user');
    await app.page.getByRole('heading', { name: 'Demo account', exact: true }).waitFor();
    await app.page.getByRole('button', { name: 'Reset demo account', exact: true }).click();
    const dialog = confirmation(app);
    await dialog.getByText('Reset the demo account?', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Reset demo account', exact: true }).click();
    await app.expectToast('Demo account reset');

    // History shows what the order made when the reset closed it, not 0.00.
    await app.open('/order?type=3');
    const row = orderRow(app, held.Id);
    await eventually(() => row.getByTestId(`order-pnl-${held.Id}`).textContent()).toBe(
      shown(formatBalance(valued.FactProfits)),
    );
    expect(await figure(row, 'Close price').textContent()).toBe(shown('1.10000'));
  });

  it('gets the demo notice on a wallet screen typed in, not an error', async () => {
    const demo = await openDemo(suite.stack);
    const app = await suite.newApp(UPRIGHT);
    await openLoggedIn(app, demo, '/user');
    await app.page.getByRole('heading', { name: 'Demo account', exact: true }).waitFor();
    for (const route of [
      '/mine/bank-card-list',
      '/mine/coin-address-list',
      '/mine/withdraw-way?type=1',
    ]) {
      await app.open(route);
      await app.expectToast(DEMO_NOTICE);
      await app.waitForRoute('/user');
      expect(await app.page.getByText('Could not load the list.').count(), route).toBe(0);
    }
  });

  it('gets the demo notice on a wallet screen it opens cold, not an error page', async () => {
    const demo = await openDemo(suite.stack);
    const app = await suite.newApp(UPRIGHT);
    // The app's first navigation: nothing read yet, no screen to go back to.
    await openLoggedIn(app, demo, '/mine/bank-card-list');
    await app.expectToast(DEMO_NOTICE);
    await app.waitForRoute('/user');
    await app.page.getByRole('heading', { name: 'Demo account', exact: true }).waitFor();
    await app.idle();
    expect(await app.page.getByText('This page could not be opened').count()).toBe(0);
    expect(await app.page.getByText('Could not load the list.').count()).toBe(0);
  });
});

describe('a cancelled pending order', () => {
  it('lists no fee in the history', async () => {
    const real = await registerByEmail(suite.stack);
    await fundAccount(suite.stack, real.session.token);
    const euro = await instrumentOf(suite.stack, 'EURUSD');
    const market = await movePrice(suite.stack, euro, 1.085);
    const pending = await suite.stack.apiAs(real.session.token).call('submit', {
      type: ORDER_SIDE.BUY,
      cont: euro.ForexMinCont,
      forex_id: euro.Id,
      status: ORDER_MODE.PENDING,
      target_price: Number((market * 0.95).toFixed(euro.PricePrecision)),
      stop_loss_price: 0,
      target_profit_price: 0,
      multiple: euro.HasForexMultiple[0]?.Value ?? 100,
    });
    expect(Number(pending.TradeFee)).toBeGreaterThan(0);
    const app = await suite.newApp(UPRIGHT);
    await openLoggedIn(app, real.session, '/order?type=0');
    const row = orderRow(app, pending.Id);
    await row.getByRole('button', { name: 'Cancel order' }).click();
    await confirmation(app).getByRole('button', { name: 'Cancel order' }).click();
    await app.expectToast('Order cancelled');
    await app.page.getByRole('tab', { name: 'History', exact: true }).click();
    await row.getByText('Cancelled', { exact: true }).waitFor();
    expect(await figure(row, 'Fee').textContent()).toBe('--');
    await row.getByRole('button', { name: /Buy/ }).click();
    const detail = app.page.getByRole('dialog');
    expect(await figure(detail, 'Fee').textContent()).toBe('--');
  });
});
