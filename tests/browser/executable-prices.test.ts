import { formatBalance, ORDER_SIDE, ORDER_STATUS } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { openLoggedIn } from './test-support/accounts.js';
import type { AppPage } from './test-support/browser.js';
import { eventually } from './test-support/eventually.js';
import { shown } from './test-support/languages.js';
import { useBrowserSuite } from './test-support/suite.js';
import {
  buyLots,
  confirmation,
  figure,
  fundedAt,
  instrumentOf,
  movePrice,
  onlyOrder,
  orderRow,
  ordersOf,
  showOrderTab,
} from './test-support/trading.js';

// Every price in this file is one a test set.
const suite = useBrowserSuite({ mock: { tickMs: 60_000 } });

/** Presses Buy or Sell and waits for the confirmation, which must name `price`. */
async function ask(app: AppPage, side: 'Buy' | 'Sell', price: string) {
  await app.page.getByRole('button', { name: side, exact: true }).click();
  const dialog = confirmation(app);
  await dialog.getByText(`at the market price of ${shown(price)}`, { exact: false }).waitFor();
  return dialog;
}

describe('the price shown is the price filled', () => {
  it('shows on Buy and Sell the price each fills at, and fills at it though the market moved on', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const { account, token } = await fundedAt(suite.stack, eurusd, 1.1);
    const app = await suite.newApp();
    const { page } = app;
    await openLoggedIn(app, account.session, `/trade?id=${eurusd.Id}`);
    const buyPrice = page.getByTestId('buy-price');
    const sellPrice = page.getByTestId('sell-price');
    await eventually(() => buyPrice.textContent()).toBe(shown('1.10000'));
    expect(await sellPrice.textContent()).toBe(shown('1.10000'));
    // The price is the button's description: read with it.
    const buy = page.getByRole('button', { name: 'Buy', exact: true });
    expect(await buy.getAttribute('aria-describedby')).toBe(await buyPrice.getAttribute('id'));

    // The market moves while the question is open: the order fills at what was shown.
    const buyDialog = await ask(app, 'Buy', '1.10000');
    await app.idle();
    await movePrice(suite.stack, eurusd, 1.1005);
    await buyDialog.getByRole('button', { name: 'Place order' }).click();
    await app.expectToast('Order placed');
    await eventually(() => sellPrice.textContent()).toBe(shown('1.10050'));
    const sellDialog = await ask(app, 'Sell', '1.10050');
    await app.idle();
    await movePrice(suite.stack, eurusd, 1.0995);
    await sellDialog.getByRole('button', { name: 'Place order' }).click();
    await app.expectToast('Order placed');

    const { data } = await ordersOf(suite.stack, token, ORDER_STATUS.HOLDING);
    const bySide = Object.fromEntries(data.map((order) => [order.OrderType, order]));
    expect(bySide[ORDER_SIDE.BUY]?.Price).toBe(1.1);
    expect(bySide[ORDER_SIDE.SELL]?.Price).toBe(1.1005);
    // And the order list says the same.
    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    for (const [side, price] of [
      [ORDER_SIDE.BUY, '1.10000'],
      [ORDER_SIDE.SELL, '1.10050'],
    ] as const) {
      const id = bySide[side]?.Id ?? 0;
      await eventually(() => figure(orderRow(app, id), 'Open price').textContent()).toBe(
        shown(price),
      );
    }
  });

  it('closes at the price its question named, though the market moved against it', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const { account, token } = await fundedAt(suite.stack, eurusd, 1.1);
    const order = await buyLots(suite.stack, token, eurusd, 1, { type: ORDER_SIDE.SELL });
    const app = await suite.newApp();
    await openLoggedIn(app, account.session, '/order');
    const row = orderRow(app, order.Id);
    await eventually(() => figure(row, 'Current price').textContent()).toBe(shown('1.10000'));

    // A sell closes by buying: the market rises while the question is open, worse for it.
    await row.getByRole('button', { name: 'Close position' }).click();
    const dialog = confirmation(app);
    await dialog
      .getByText(`Close the EUR/USD Sell position of 1 lots at ${shown('1.10000')}?`)
      .waitFor();
    await app.idle();
    await movePrice(suite.stack, eurusd, 1.1005);
    await dialog.getByRole('button', { name: 'Close position' }).click();
    await app.expectToast('Position closed');

    const closed = await onlyOrder(suite.stack, token, ORDER_STATUS.CLOSED);
    expect(closed).toMatchObject({ Id: order.Id, UpdatePrice: 1.1 });
    // And History says the same.
    await showOrderTab(app, 'History', ORDER_STATUS.CLOSED);
    await eventually(() => figure(orderRow(app, order.Id), 'Close price').textContent()).toBe(
      shown('1.10000'),
    );
  });

  it('refuses a price no longer quoted, naming the new one, and places nothing', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const { account, token } = await fundedAt(suite.stack, eurusd, 1.1);
    const app = await suite.newApp();
    await openLoggedIn(app, account.session, `/trade?id=${eurusd.Id}`);
    await eventually(() => app.page.getByTestId('buy-price').textContent()).toBe(shown('1.10000'));

    const dialog = await ask(app, 'Buy', '1.10000');
    await app.idle();
    await movePrice(suite.stack, eurusd, 1.0995);
    // Past the time a shown price is honoured.
    await suite.stack.control('/clock/advance', { ms: 11_000 });
    await dialog.getByRole('button', { name: 'Place order' }).click();
    await app.expectToast(`The price has moved to 1.09950: check the new price and try again`);
    expect((await ordersOf(suite.stack, token, ORDER_STATUS.HOLDING)).data).toEqual([]);
  });
});

describe('the order screen says what each figure is', () => {
  it('labels the account rows, its available balance the personal center’s balance', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const { account, token } = await fundedAt(suite.stack, eurusd, 1.1);
    await buyLots(suite.stack, token, eurusd, 5);
    const app = await suite.newApp();
    const { page } = app;
    await openLoggedIn(app, account.session, '/user');
    const { balance } = await suite.stack.apiAs(token).call('forexDetail');
    await eventually(() => page.getByTestId('balance').textContent()).toBe(
      shown(formatBalance(balance)),
    );
    const personal = await page.getByTestId('balance').textContent();

    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    const rows = page.locator('.orders-account-figures dt');
    await eventually(() => rows.allTextContents()).toEqual([
      'Available balance',
      'Net value (equity)',
      'Margin in use',
      'Free margin',
      'Risk rate',
    ]);
    await eventually(() => page.getByTestId('account-balance').textContent()).toBe(personal);
    // 10 000 − 5 500 margin − 5.50 fee; equity adds the margin back: no figure posing as another.
    expect(personal).toBe(shown('4,494.50'));
    await eventually(() => page.getByTestId('account-equity').textContent()).toBe(
      shown('9,994.50'),
    );
    expect(await page.getByTestId('account-margin').textContent()).toBe(shown('5,500.000000'));
  });
});

describe('the TP/SL sheet', () => {
  it('shows the current price and refuses a level on the wrong side before sending', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const { account, token } = await fundedAt(suite.stack, eurusd, 1.1);
    const order = await buyLots(suite.stack, token, eurusd, 1);
    const app = await suite.newApp();
    const { page } = app;
    await openLoggedIn(app, account.session, '/order');
    await orderRow(app, order.Id).getByRole('button', { name: 'Set TP/SL' }).click();
    const sheet = page.getByRole('dialog');
    await eventually(() => sheet.getByTestId('stops-reference').textContent()).toBe(
      shown('1.10000'),
    );
    await sheet.getByText('For a buy: stop loss below the price, take profit above it.').waitFor();
    // A buy's stop loss above the price would close it at once.
    await sheet.getByRole('textbox', { name: 'Stop loss' }).fill('1.105');
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('set_stop_price')) sent.push(request.url());
    });
    await sheet.getByRole('button', { name: 'Save' }).click();
    await sheet
      .getByText(
        'This stop loss is on the wrong side of the price and would close the order at once',
      )
      .waitFor();
    expect(sent).toEqual([]);
    await sheet.getByRole('textbox', { name: 'Stop loss' }).fill('1.095');
    await sheet.getByRole('button', { name: 'Save' }).click();
    await app.expectToast('Take profit and stop loss updated');
    expect(sent).toHaveLength(1);
  });
});
