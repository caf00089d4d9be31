import { formatBalance, ORDER_SIDE, ORDER_STATUS } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { openLoggedIn } from './test-support/accounts.js';
import type { AppPage } from './test-support/browser.js';
import { eventually } from './test-support/eventually.js';
import { shown } from './test-support/languages.js';
import { UPRIGHT } from './test-support/phone.js';
import { useBrowserSuite } from './test-support/suite.js';
import {
  buyLots,
  confirmation,
  figure,
  fundedAt,
  instrumentOf,
  moneyOf,
  movePrice,
  onlyOrder,
  orderRow,
  ordersOf,
  showOrderTab,
  whileOnItsWay,
} from './test-support/trading.js';

// Every price in this file is one a test set.
const suite = useBrowserSuite({ mock: { tickMs: 60_000 } });

/** Presses Buy or Sell and waits for the question, which shows the live `price`. */
async function ask(app: AppPage, side: 'Buy' | 'Sell', price: string) {
  await app.page.getByRole('button', { name: side, exact: true }).click();
  const dialog = confirmation(app);
  await dialog.getByText('at the market price,', { exact: false }).waitFor();
  await eventually(() => dialog.getByTestId('question-price').textContent()).toBe(shown(price));
  return dialog;
}

/** Whether two boxes on screen overlap. */
function overlap(a: { x: number; y: number; width: number; height: number } | null, b: typeof a) {
  if (!a || !b) throw new Error('an element is not on screen');
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe('a fill at a price the trader agreed to', () => {
  it('asks at the live price as it ticks, and fills at the market within the deviation, telling it', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const { account, token } = await fundedAt(suite.stack, eurusd, 1.1);
    const app = await suite.newApp(UPRIGHT);
    const { page } = app;
    await openLoggedIn(app, account.session, `/trade?id=${eurusd.Id}`);
    const buyPrice = page.getByTestId('buy-price');
    const sellPrice = page.getByTestId('sell-price');
    await eventually(() => buyPrice.textContent()).toBe(shown('1.10000'));
    expect(await sellPrice.textContent()).toBe(shown('1.10000'));
    // The price is the button's description: read with it.
    const buy = page.getByRole('button', { name: 'Buy', exact: true });
    expect(await buy.getAttribute('aria-describedby')).toBe(await buyPrice.getAttribute('id'));

    // The market moves while the question is open: the question moves with it.
    const dialog = await ask(app, 'Buy', '1.10000');
    // The documented default: 2 pips either way.
    await dialog
      .getByText(
        `Fills at the market price between ${shown('1.09980')} and ${shown('1.10020')}; further away, you are asked again.`,
      )
      .waitFor();
    await app.idle();
    await movePrice(suite.stack, eurusd, 1.1001);
    await eventually(() => dialog.getByTestId('question-price').textContent()).toBe(
      shown('1.10010'),
    );
    // Between the tap and the desk the market moves 1.5 pips more: within the deviation, it
    // fills at the desk's own price, and the toast says so.
    await whileOnItsWay(page, '/v1/api/forex/submit', () =>
      movePrice(suite.stack, eurusd, 1.10025),
    );
    await dialog.getByRole('button', { name: 'Place order' }).click();
    const fill = `Order filled: EUR/USD Buy 0.01 lots at ${shown('1.10025')} (you confirmed ${shown('1.10010')}: 1.5 pips against you)`;
    await app.expectToast(fill);
    // The toast keeps clear of the price strip, the screen scrolled back to it.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(
      overlap(
        await app.toast(fill).boundingBox(),
        await page.locator('.trade-quote').boundingBox(),
      ),
    ).toBe(false);
    const order = await onlyOrder(suite.stack, token, ORDER_STATUS.HOLDING);
    expect(order).toMatchObject({ OrderType: ORDER_SIDE.BUY, Price: 1.10025, OriginPrice: 1.1001 });

    // The order's detail names the price asked and the slippage.
    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    const row = orderRow(app, order.Id);
    await eventually(() => figure(row, 'Open price').textContent()).toBe(shown('1.10025'));
    await row
      .getByRole('button', { name: /EUR\/USD/ })
      .first()
      .click();
    const detail = page.getByRole('dialog');
    await eventually(() => figure(detail, 'Requested price').textContent()).toBe(shown('1.10010'));
    expect(await detail.getByTestId('order-slippage').textContent()).toBe('1.5 pips against you');
  });

  it('refuses a price the market left beyond the deviation, places nothing, and asks again at the new one', async () => {
    const audusd = await instrumentOf(suite.stack, 'AUDUSD');
    const { account, token } = await fundedAt(suite.stack, audusd, 0.66174);
    const before = await moneyOf(suite.stack, token);
    const app = await suite.newApp(UPRIGHT);
    const { page } = app;
    await openLoggedIn(app, account.session, `/trade?id=${audusd.Id}`);
    await eventually(() => page.getByTestId('buy-price').textContent()).toBe(shown('0.66174'));

    // The walk: a 100-pip drop reaches the desk before the order does.
    const dialog = await ask(app, 'Buy', '0.66174');
    await app.idle();
    await whileOnItsWay(page, '/v1/api/forex/submit', () =>
      movePrice(suite.stack, audusd, 0.65174),
    );
    await dialog.getByRole('button', { name: 'Place order' }).click();
    // Asked again, the requote's words above the price now; nothing placed, nothing charged.
    await eventually(() => dialog.getByTestId('question-notice').textContent()).toBe(
      `The price has moved to 0.65174: check the new price and try again`,
    );
    await eventually(() => dialog.getByTestId('question-price').textContent()).toBe(
      shown('0.65174'),
    );
    expect((await ordersOf(suite.stack, token, ORDER_STATUS.HOLDING)).data).toEqual([]);
    expect(await moneyOf(suite.stack, token)).toEqual(before);
    expect(await page.locator('.toast').count()).toBe(0);

    // Confirmed at the new price, it fills there.
    await dialog.getByRole('button', { name: 'Place order' }).click();
    await app.expectToast(`Order filled: AUD/USD Buy 0.01 lots at ${shown('0.65174')}`);
    const order = await onlyOrder(suite.stack, token, ORDER_STATUS.HOLDING);
    expect(order).toMatchObject({ Price: 0.65174, OriginPrice: 0.65174 });
  });

  it('keeps the deviation the trader sets on the device, 0 filling at the confirmed price only', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const { account, token } = await fundedAt(suite.stack, eurusd, 1.1);
    const app = await suite.newApp(UPRIGHT);
    const { page } = app;
    await openLoggedIn(app, account.session, `/trade?id=${eurusd.Id}`);
    const deviation = page.getByRole('textbox', { name: 'Max. deviation (pips)' });
    await eventually(() => deviation.inputValue()).toBe('2');
    await page.getByRole('button', { name: 'Decrease the deviation' }).click();
    await page.getByRole('button', { name: 'Decrease the deviation' }).click();
    expect(await deviation.inputValue()).toBe('0');
    // Kept: a reload starts from it.
    await app.reload();
    await eventually(() => deviation.inputValue()).toBe('0');
    await eventually(() => page.getByTestId('buy-price').textContent()).toBe(shown('1.10000'));

    const dialog = await ask(app, 'Sell', '1.10000');
    await dialog
      .getByText(`Fills only at ${shown('1.10000')}; at any other price, you are asked again.`)
      .waitFor();
    await app.idle();
    // A tenth of a pip, in the seller's favour: still not the price agreed to.
    await whileOnItsWay(page, '/v1/api/forex/submit', () =>
      movePrice(suite.stack, eurusd, 1.10001),
    );
    await dialog.getByRole('button', { name: 'Place order' }).click();
    await dialog.getByTestId('question-notice').waitFor();
    expect((await ordersOf(suite.stack, token, ORDER_STATUS.HOLDING)).data).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await confirmation(app).count()).toBe(0);
  });

  it('closes at the market within the deviation, and asks again beyond it', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const { account, token } = await fundedAt(suite.stack, eurusd, 1.1);
    const order = await buyLots(suite.stack, token, eurusd, 1, { type: ORDER_SIDE.SELL });
    const app = await suite.newApp(UPRIGHT);
    const { page } = app;
    await openLoggedIn(app, account.session, '/order');
    const row = orderRow(app, order.Id);
    await eventually(() => figure(row, 'Current price').textContent()).toBe(shown('1.10000'));

    // A sell closes by buying: the market jumps 3 pips against it on the way.
    await row.getByRole('button', { name: 'Close position' }).click();
    const dialog = confirmation(app);
    await dialog
      .getByText('Close the EUR/USD Sell position of 1.00 lots at the market price?')
      .waitFor();
    await eventually(() => dialog.getByTestId('question-price').textContent()).toBe(
      shown('1.10000'),
    );
    await app.idle();
    await whileOnItsWay(page, '/v1/api/forex/close', () => movePrice(suite.stack, eurusd, 1.1003));
    await dialog.getByRole('button', { name: 'Close position' }).click();
    await eventually(() => dialog.getByTestId('question-notice').textContent()).toBe(
      'The price has moved to 1.10030: check the new price and try again',
    );
    expect((await onlyOrder(suite.stack, token, ORDER_STATUS.HOLDING)).Id).toBe(order.Id);

    // Confirmed at 1.10030, the market gives 1 pip back on the way: within 2, closed there.
    await eventually(() => dialog.getByTestId('question-price').textContent()).toBe(
      shown('1.10030'),
    );
    await whileOnItsWay(page, '/v1/api/forex/close', () => movePrice(suite.stack, eurusd, 1.1002));
    await dialog.getByRole('button', { name: 'Close position' }).click();
    await app.expectToast('Position closed');
    // Clear of the account card.
    expect(
      overlap(
        await app.toast('Position closed').boundingBox(),
        await page.locator('.orders-account').boundingBox(),
      ),
    ).toBe(false);
    const closed = await onlyOrder(suite.stack, token, ORDER_STATUS.CLOSED);
    expect(closed).toMatchObject({ Id: order.Id, UpdatePrice: 1.1002 });
    // And History says the same.
    await showOrderTab(app, 'History', ORDER_STATUS.CLOSED);
    await eventually(() => figure(orderRow(app, order.Id), 'Close price').textContent()).toBe(
      shown('1.10020'),
    );
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
