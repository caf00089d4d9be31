import {
  addMoney,
  formatBalance,
  formatFee,
  formatMargin,
  formatPrice,
  type Instrument,
  ORDER_SIDE,
  ORDER_STATUS,
  orderFee,
  orderMargin,
  orderPnl,
  routes,
  subMoney,
} from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { logInWithEmail, openLoggedIn, registerByEmail } from './test-support/accounts.js';
import type { AppPage } from './test-support/browser.js';
import { eventually } from './test-support/eventually.js';
import { shown } from './test-support/languages.js';
import { useBrowserSuite } from './test-support/suite.js';
import {
  confirmation,
  FUNDED_BALANCE,
  figure,
  fundedAt,
  instrumentOf,
  movePrice,
  onlyOrder,
  orderRow,
} from './test-support/trading.js';

// The simulator's own steps are a minute apart: every price in this file is one a test set, so
// the figures on screen can be computed from it.
const suite = useBrowserSuite({ mock: { tickMs: 60_000 } });

/** The trade screen's heading: the instrument's ShowCode (hidden kept-alive screens skipped). */
function heading(app: AppPage, text: string) {
  return app.page.getByRole('heading', { level: 1, name: text, exact: true });
}

/** Opens `/trade` on `instrument` and waits until the screen quotes `price`. */
async function openTrade(app: AppPage, instrument: Instrument, price: number) {
  await app.open(`/trade?id=${instrument.Id}`);
  await heading(app, instrument.ShowCode).waitFor();
  await eventually(() => app.page.getByTestId('trade-price').textContent()).toBe(
    shown(formatPrice(price, instrument.PricePrecision)),
  );
}

/**
 * Presses Buy or Sell and confirms the order in the app's dialog, once it shows `summary` (the
 * order as it will be placed) when one is given.
 */
async function placeOrder(app: AppPage, side: 'Buy' | 'Sell', summary?: string) {
  await app.page.getByRole('button', { name: side, exact: true }).click();
  const dialog = confirmation(app);
  await dialog.waitFor();
  if (summary !== undefined) await dialog.getByText(summary, { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Place order' }).click();
}

/** The site's trade_fee_type (1 per lot, otherwise on the margin). */
async function tradeFeeType(): Promise<number> {
  return (await suite.stack.api.call('basicInfo')).trade_fee_type;
}

describe('a market order, from the form to the history', () => {
  it('opens a buy with lots, leverage, SL and TP at the estimated margin and fee, follows its P&L, and closes it', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const { account, token, quoted: openAt } = await fundedAt(suite.stack, eurusd, 1.085);
    const precision = eurusd.PricePrecision;
    const app = await suite.newApp();
    const { page } = app;

    // The funded balance as the orders screen shows it, before anything is traded.
    await openLoggedIn(app, account.session, '/order');
    const balance = page.getByTestId('account-balance');
    await eventually(() => balance.textContent()).toBe(shown(formatBalance(FUNDED_BALANCE)));

    await openTrade(app, eurusd, openAt);
    // 0.01 lots up four steps of 0.01, leverage 200x (not the default, 100x).
    const lots = 0.05;
    const increase = page.getByRole('button', { name: 'Increase lots' });
    for (let step = 0; step < 4; step++) await increase.click();
    await eventually(() => page.getByRole('textbox', { name: 'Lots' }).inputValue()).toBe('0.05');
    const leverage = 200;
    await page.getByRole('radio', { name: `${leverage}x` }).check();

    const stopLoss = formatPrice(openAt - 0.005, precision);
    const takeProfit = formatPrice(openAt + 0.005, precision);
    await page.getByRole('switch', { name: 'Stop loss' }).click();
    await page.getByRole('textbox', { name: 'Stop loss price' }).fill(stopLoss);
    await page.getByRole('switch', { name: 'Take profit' }).click();
    await page.getByRole('textbox', { name: 'Take profit price' }).fill(takeProfit);

    // docs/product.md#constants: margin = lots × units × price ÷ leverage, fee by the site's fee
    // type; 6 decimals.
    const margin = orderMargin(eurusd, lots, openAt, leverage);
    const fee = orderFee(eurusd, await tradeFeeType(), lots, margin);
    await eventually(() => page.getByTestId('trade-estimate-margin').textContent()).toBe(
      shown(formatMargin(margin)),
    );
    await eventually(() => page.getByTestId('trade-estimate-fee').textContent()).toBe(
      shown(formatFee(fee)),
    );

    await placeOrder(
      app,
      'Buy',
      `Buy 0.05 lots of ${eurusd.ShowCode} at the market price, leverage ${leverage}x, ` +
        `stop loss ${stopLoss}, take profit ${takeProfit}.`,
    );
    await app.expectToast(
      `Order filled: ${eurusd.ShowCode} Buy 0.05 lots at ${shown(formatPrice(openAt, precision))}`,
    );

    // What the form sent, as the server booked it.
    const order = await onlyOrder(suite.stack, token, ORDER_STATUS.HOLDING);
    expect(order).toMatchObject({
      OrderType: ORDER_SIDE.BUY,
      Quantity: lots,
      Price: openAt,
      Multiple: leverage,
      TargetLossPrice: Number(stopLoss),
      TargetProfitPrice: Number(takeProfit),
    });
    expect(formatMargin(order.CautionMoney)).toBe(formatMargin(margin));
    expect(formatFee(order.TradeFee)).toBe(formatFee(fee));

    // Holding: the row and its P&L follow the price the market is moved to.
    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    await app.waitForRoute(/^\/order(\?type=1)?$/);
    const row = orderRow(app, order.Id);
    const pnl = page.getByTestId(`order-pnl-${order.Id}`);
    await eventually(() => pnl.textContent()).toBe(shown(formatBalance(0)));
    await app.idle();
    let closeAt = openAt;
    for (const move of [0.00213, -0.00117]) {
      const before = await pnl.textContent();
      closeAt = await movePrice(suite.stack, eurusd, openAt + move);
      const expected = shown(formatBalance(orderPnl(order, closeAt)));
      await eventually(() => pnl.textContent()).toBe(expected);
      expect(expected).not.toBe(before);
      await eventually(() => page.getByTestId('total-pnl').textContent()).toBe(expected);
    }

    // Close it: gone from holding, in the history, and the balance moved by P&L minus fee.
    await app.idle();
    await row.getByRole('button', { name: 'Close position' }).click();
    await confirmation(app).getByRole('button', { name: 'Close position' }).click();
    await app.expectToast('Position closed');
    await row.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'History' }).click();
    await app.waitForRoute('/order?type=3');
    const closed = await onlyOrder(suite.stack, token, ORDER_STATUS.CLOSED);
    expect(closed).toMatchObject({ Id: order.Id, UpdatePrice: closeAt });
    expect(formatBalance(closed.FactProfits)).toBe(formatBalance(orderPnl(order, closeAt)));
    await eventually(() => pnl.textContent()).toBe(shown(formatBalance(closed.FactProfits)));
    expect(await figure(row, 'Close price').textContent()).toBe(
      shown(formatPrice(closeAt, precision)),
    );
    const after = formatBalance(
      subMoney(addMoney(FUNDED_BALANCE, closed.FactProfits), closed.TradeFee),
    );
    expect(after).not.toBe(formatBalance(FUNDED_BALANCE));
    await eventually(() => balance.textContent()).toBe(shown(after));
  });
});

describe('the order form', () => {
  it('lets a demo user trade, with the demo balance as the available figure', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const price = await movePrice(suite.stack, eurusd, 1.09);
    const app = await suite.newApp();
    const { page } = app;
    await app.open('/login');
    await page.getByRole('button', { name: 'Try a demo account' }).click();
    await app.waitForRoute('/');
    const { token, user } = await app.storedSession();
    if (!token || !user) throw new Error('the demo login stored no session');
    expect(user.is_demo).toBe(1);
    const { balance } = await suite.stack.apiAs(token).call('getBalance');

    await openTrade(app, eurusd, price);
    const available = page.getByTestId('trade-available');
    await eventually(() => available.textContent()).toBe(shown(formatBalance(balance)));

    // The defaults: the minimum lots at the first leverage.
    await placeOrder(app, 'Buy');
    await app.expectToast(
      `Order filled: ${eurusd.ShowCode} Buy ${eurusd.ForexMinCont} lots at ${shown(formatPrice(price, eurusd.PricePrecision))}`,
    );
    const order = await onlyOrder(suite.stack, token, ORDER_STATUS.HOLDING);
    expect(order).toMatchObject({
      Quantity: eurusd.ForexMinCont,
      Multiple: eurusd.HasForexMultiple[0]?.Value,
    });
    // Available = balance + floating P&L, and the balance paid margin and fee (P&L 0 here).
    const left = subMoney(subMoney(balance, order.CautionMoney), order.TradeFee);
    await eventually(() => available.textContent()).toBe(shown(formatBalance(left)));
  });

  it('gives Buy and Sell’s place to Closed while the market is closed, and brings them back once it opens', async () => {
    const gbpusd = await instrumentOf(suite.stack, 'GBPUSD');
    /** Sets the market status and waits until the trade list (the gateway's) says so. */
    const setStatus = async (status: 0 | 1) => {
      await suite.stack.control('/market/status', { code: gbpusd.Code, status });
      await eventually(async () => (await instrumentOf(suite.stack, 'GBPUSD')).MarketStatus).toBe(
        status,
      );
    };
    const app = await suite.newApp();
    const { page } = app;
    const buy = page.getByRole('button', { name: 'Buy', exact: true });
    const sell = page.getByRole('button', { name: 'Sell', exact: true });
    const closedNote = page.getByTestId('trade-market-closed');
    const closedWord = page.getByTestId('trade-closed');

    await setStatus(0);
    try {
      await app.open(`/trade?id=${gbpusd.Id}`);
      await heading(app, gbpusd.ShowCode).waitFor();
      await closedNote.waitFor();
      await closedWord.getByText('Closed', { exact: true }).waitFor();
      expect(await buy.count()).toBe(0);
      expect(await sell.count()).toBe(0);

      // Opened while the screen shows: the feed says so, no navigation needed.
      await app.idle();
      await setStatus(1);
      await eventually(() => buy.isEnabled()).toBe(true);
      expect(await sell.isEnabled()).toBe(true);
      await closedNote.waitFor({ state: 'detached' });
      expect(await closedWord.count()).toBe(0);
    } finally {
      await suite.stack.control('/market/status', { code: gbpusd.Code, status: 1 });
    }
  });

  it('sends a visitor pressing Buy to log in, and back to the same instrument afterwards', async () => {
    const account = await registerByEmail(suite.stack);
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const app = await suite.newApp();
    const { page } = app;
    await app.open(`/trade?id=${eurusd.Id}`);
    await heading(app, eurusd.ShowCode).waitFor();

    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    // The wanted address keeps its query, so even a reload of the login screen returns to it.
    await app.waitForRoute(`/login?from=${encodeURIComponent(`/trade?id=${eurusd.Id}`)}`);
    expect(await confirmation(app).count()).toBe(0);

    await logInWithEmail(app, account.email, account.password);
    await app.waitForRoute(`/trade?id=${eurusd.Id}`);
    await heading(app, eurusd.ShowCode).waitFor();
    await page.getByRole('button', { name: 'Buy', exact: true }).waitFor();
    expect((await app.storedSession()).user?.uid).toBe(account.session.user.uid);
  });

  it('warns and sends nothing for an instrument without leverage', async () => {
    const account = await registerByEmail(suite.stack);
    const xpdusd = await instrumentOf(suite.stack, 'XPDUSD');
    expect(xpdusd.HasForexMultiple).toEqual([]);
    const app = await suite.newApp();
    const { page } = app;
    // The server would refuse such an order with the same words: watch the wire instead.
    const submits: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === routes.submit.path) submits.push(request.url());
    });
    await openLoggedIn(app, account.session, `/trade?id=${xpdusd.Id}`);
    await heading(app, xpdusd.ShowCode).waitFor();
    const warning = 'Leverage is not configured and orders cannot be placed temporarily';
    await page.getByRole('note').getByText(warning, { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Sell', exact: true }).click();
    await app.expectToast(warning);
    await app.idle();
    expect(await confirmation(app).count()).toBe(0);
    expect(submits).toEqual([]);
  });
});
