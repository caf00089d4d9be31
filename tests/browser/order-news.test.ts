import { formatBalance, formatPrice, ORDER_MODE, ORDER_STATUS } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { openLoggedIn } from './test-support/accounts.js';
import { eventually } from './test-support/eventually.js';
import { shown } from './test-support/languages.js';
import { useBrowserSuite } from './test-support/suite.js';
import {
  buyLots,
  confirmation,
  fundedAt,
  instrumentOf,
  movePrice,
  onlyOrder,
  orderRow,
  showOrderTab,
} from './test-support/trading.js';

// Every price in this file is one a test set.
const suite = useBrowserSuite({ mock: { tickMs: 60_000 } });

const money = (value: number) => shown(formatBalance(value));

describe('fills and closes are announced', () => {
  it('announces a pending order that fills, and History names a manual close', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const { account, token } = await fundedAt(suite.stack, eurusd, 1.1);
    // A buy limit under the market.
    const pending = await buyLots(suite.stack, token, eurusd, 1, {
      status: ORDER_MODE.PENDING,
      target_price: 1.095,
    });
    const app = await suite.newApp();
    const { page } = app;
    await openLoggedIn(app, account.session, '/order?type=0');
    await orderRow(app, pending.Id).waitFor();
    await app.idle();

    await movePrice(suite.stack, eurusd, 1.095);
    await app.expectToast(
      `Pending order filled: EUR/USD Buy 1.00 lots at ${shown('1.09500')}, P&L ${money(0)}`,
    );

    // Closed here by hand: the server says so, and no second announcement is made for it.
    await showOrderTab(app, 'Holding', ORDER_STATUS.HOLDING);
    await orderRow(app, pending.Id).getByRole('button', { name: 'Close position' }).click();
    await confirmation(app).getByRole('button', { name: 'Close position' }).click();
    await app.expectToast('Position closed');
    await showOrderTab(app, 'History', ORDER_STATUS.CLOSED);
    await eventually(() => page.getByTestId(`order-reason-${pending.Id}`).textContent()).toBe(
      'Closed manually',
    );
    expect(await page.locator('.toast').filter({ hasText: 'Closed manually:' }).count()).toBe(0);
  });

  it('announces a stop loss hit with its price and P&L, and History says stop loss', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const { account, token } = await fundedAt(suite.stack, eurusd, 1.1);
    const order = await buyLots(suite.stack, token, eurusd, 1, { stop_loss_price: 1.095 });
    const app = await suite.newApp();
    const { page } = app;
    // Any screen: the trade screen on another instrument.
    const gbpusd = await instrumentOf(suite.stack, 'GBPUSD');
    await openLoggedIn(app, account.session, `/trade?id=${gbpusd.Id}`);
    await eventually(() => page.getByRole('button', { name: 'Buy', exact: true }).isEnabled()).toBe(
      true,
    );
    await app.idle();

    // Through the stop: it closes at its level, 1.09500: −500 on 1 lot.
    await movePrice(suite.stack, eurusd, 1.094);
    await app.expectToast(
      `Stop loss hit: EUR/USD Buy 1.00 lots closed at ${shown('1.09500')}, P&L ${money(-500)}`,
    );
    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    await app.waitForRoute(/^\/order/);
    await showOrderTab(app, 'History', ORDER_STATUS.CLOSED);
    await eventually(() => page.getByTestId(`order-reason-${order.Id}`).textContent()).toBe(
      'Stop loss hit',
    );
  });

  it('announces a stop-out, and History says stop-out', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const { account, token } = await fundedAt(suite.stack, eurusd, 1.1);
    // 5 lots at 100×: 5 500 margin on a 10 000 account.
    const order = await buyLots(suite.stack, token, eurusd, 5);
    const app = await suite.newApp();
    const { page } = app;
    await openLoggedIn(app, account.session, '/order?type=3');
    await page.getByText('No data', { exact: true }).waitFor();
    await app.idle();

    // −8 000: equity 1 994.50 of 5 500, 36 %, under the 50 % stop-out level.
    await movePrice(suite.stack, eurusd, 1.084);
    await app.expectToast(
      `Stop-out: EUR/USD Buy 5.00 lots closed at ${shown(formatPrice(1.084, 5))}, P&L ${money(-8000)}`,
    );
    await eventually(() => page.getByTestId(`order-reason-${order.Id}`).textContent()).toBe(
      'Stop-out',
    );
    const closed = await onlyOrder(suite.stack, token, ORDER_STATUS.CLOSED);
    expect(closed).toMatchObject({ Id: order.Id, CloseReason: 'stop_out' });
  });
});
