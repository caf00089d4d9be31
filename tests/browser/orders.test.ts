import {
  formatBalance,
  formatMargin,
  formatPrice,
  lotsText,
  ORDER_SIDE,
  ORDER_STATUS,
  orderMargin,
  orderPnl,
} from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { openLoggedIn } from './test-support/accounts.js';
import { eventually } from './test-support/eventually.js';
import { shown } from './test-support/languages.js';
import { useBrowserSuite } from './test-support/suite.js';
import {
  buyAtMarket,
  confirmation,
  figure,
  fundedAt,
  instrumentOf,
  movePrice,
  onlyOrder,
  orderRow,
  showOrderTab,
} from './test-support/trading.js';

// Every price in this file is one a test set: the simulator's own steps are a minute apart.
const suite = useBrowserSuite({ mock: { tickMs: 60_000 } });

describe('pending orders', () => {
  it('places a pending buy far from the market, lists it under Pending, and cancels it into the history', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const { account, token, quoted: market } = await fundedAt(suite.stack, eurusd, 1.085);
    // 5 % under the market: a buy limit that no price of this test reaches.
    const target = formatPrice(market * 0.95, eurusd.PricePrecision);
    const app = await suite.newApp();
    const { page } = app;
    await openLoggedIn(app, account.session, `/trade?id=${eurusd.Id}`);
    await eventually(() => page.getByTestId('trade-price').textContent()).toBe(
      formatPrice(market, eurusd.PricePrecision),
    );

    await page.getByRole('tab', { name: 'Pending order' }).click();
    const targetField = page.getByRole('textbox', { name: 'Target price' });
    // Pre-filled with the live price, then the user's own.
    await eventually(() => targetField.inputValue()).toBe(
      formatPrice(market, eurusd.PricePrecision),
    );
    await targetField.fill(target);
    // A pending order's margin is estimated at its target price.
    const [leverage] = eurusd.HasForexMultiple;
    const margin = orderMargin(eurusd, eurusd.ForexMinCont, Number(target), leverage?.Value ?? 0);
    await eventually(() => page.getByTestId('trade-estimate-margin').textContent()).toBe(
      formatMargin(margin),
    );

    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await confirmation(app).getByRole('button', { name: 'Place order' }).click();
    // A pending order placed names its target.
    await app.expectToast(
      `Pending order placed: ${eurusd.ShowCode} Buy ${eurusd.ForexMinCont} lots at ${target}`,
    );
    const order = await onlyOrder(suite.stack, token, ORDER_STATUS.PENDING);
    expect(order).toMatchObject({ OrderType: ORDER_SIDE.BUY, Price: Number(target) });

    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    await app.waitForRoute(/^\/order(\?type=1)?$/);
    await page.getByText('No data', { exact: true }).waitFor();
    await showOrderTab(app, 'Pending', ORDER_STATUS.PENDING);
    const row = orderRow(app, order.Id);
    await row.getByText(target, { exact: true }).waitFor();
    await eventually(() => figure(row, 'Margin').textContent()).toBe(shown(formatMargin(margin)));

    await row.getByRole('button', { name: 'Cancel order' }).click();
    await confirmation(app).getByRole('button', { name: 'Cancel order' }).click();
    await app.expectToast('Order cancelled');
    await row.waitFor({ state: 'detached' });
    await page.getByText('No data', { exact: true }).waitFor();

    // The mock keeps a cancelled order in the history, marked as such.
    await showOrderTab(app, 'History', ORDER_STATUS.CLOSED);
    await row.getByText('Cancelled', { exact: true }).waitFor();
    expect(await onlyOrder(suite.stack, token, ORDER_STATUS.CLOSED)).toMatchObject({
      Id: order.Id,
      Status: ORDER_STATUS.CANCELLED,
    });
  });
});

describe('holding orders', () => {
  it('closes the detail panel by itself when a push says its order was closed elsewhere', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const { account, token, quoted: openAt } = await fundedAt(suite.stack, eurusd, 1.085);
    const order = await buyAtMarket(suite.stack, token, eurusd);
    const app = await suite.newApp();
    const { page } = app;
    await openLoggedIn(app, account.session, '/order');

    const row = orderRow(app, order.Id);
    await row
      .getByRole('button', { name: `${eurusd.ShowCode} Buy ${lotsText(order.Quantity)} lots` })
      .click();
    const detail = page.getByRole('dialog', { name: 'Order details' });
    await detail.waitFor();
    await eventually(() => figure(detail, 'Order number').textContent()).toBe(String(order.Id));
    // The panel's price and P&L are live.
    await app.idle();
    const now = await movePrice(suite.stack, eurusd, openAt + 0.00042);
    await eventually(() => figure(detail, 'Current price').textContent()).toBe(
      formatPrice(now, eurusd.PricePrecision),
    );
    await eventually(() => figure(detail, 'P&L').textContent()).toBe(
      formatBalance(orderPnl(order, now)),
    );

    // Closed from another device: the FOREX_CLOSED push names it.
    await app.idle();
    await suite.stack.apiAs(token).call('close', { id: order.Id });
    await detail.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    await page.getByText('No data', { exact: true }).waitFor();
  });

  it('sets take profit and stop loss on a holding order through its dialog', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const { account, token, quoted: market } = await fundedAt(suite.stack, eurusd, 1.085);
    const order = await buyAtMarket(suite.stack, token, eurusd);
    const app = await suite.newApp();
    const { page } = app;
    await openLoggedIn(app, account.session, '/order');
    const row = orderRow(app, order.Id);
    await eventually(() => figure(row, 'Take profit').textContent()).toBe('Off');
    expect(await figure(row, 'Stop loss').textContent()).toBe('Off');

    const takeProfit = formatPrice(market + 0.01, eurusd.PricePrecision);
    const stopLoss = formatPrice(market - 0.01, eurusd.PricePrecision);
    await row.getByRole('button', { name: 'Set TP/SL' }).click();
    const dialog = page.getByRole('dialog', {
      name: `Take profit and stop loss: ${eurusd.ShowCode}`,
    });
    await dialog.getByRole('textbox', { name: 'Take profit' }).fill(takeProfit);
    await dialog.getByRole('textbox', { name: 'Stop loss' }).fill(stopLoss);
    await dialog.getByRole('button', { name: 'Save' }).click();

    await app.expectToast('Take profit and stop loss updated');
    await dialog.waitFor({ state: 'detached' });
    await eventually(() => figure(row, 'Take profit').textContent()).toBe(takeProfit);
    await eventually(() => figure(row, 'Stop loss').textContent()).toBe(stopLoss);
    expect(await onlyOrder(suite.stack, token, ORDER_STATUS.HOLDING)).toMatchObject({
      TargetProfitPrice: Number(takeProfit),
      TargetLossPrice: Number(stopLoss),
      Status: ORDER_STATUS.HOLDING,
    });
  });
});
