import { type Instrument, ORDER_SIDE, ORDER_STATUS, orderPnl } from '@pipstream/protocol';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openLoggedIn } from './test-support/accounts.js';
import type { AppPage } from './test-support/browser.js';
import { money, openChart } from './test-support/chart.js';
import { eventually } from './test-support/eventually.js';
import { localeText, openWithoutQuery, seedLanguage, shown } from './test-support/languages.js';
import { UPRIGHT } from './test-support/phone.js';
import { fontsPainted, reviewFolder, useScriptFonts } from './test-support/review.js';
import { useBrowserSuite } from './test-support/suite.js';
import {
  buyLots,
  figure,
  fundedAt,
  instrumentOf,
  movePrice,
  onlyOrder,
  orderRow,
  trailStop,
} from './test-support/trading.js';

// The simulator's own steps are a minute apart: every price in this file is one a test set.
const suite = useBrowserSuite({ mock: { tickMs: 60_000 } });

/** Where the app keeps the trailing stops (web/src/state/trailing-stops.ts). */
const TRAILING_KEY = 'pipstream.trailing-stops';

/**
 * A funded trader holding 1 lot of EURUSD bought at 1.1 with a take profit at 1.2 and no stop
 * loss, on the Orders screen at 360×740.
 */
async function holdingOnOrders() {
  const eurusd = await instrumentOf(suite.stack, 'EURUSD');
  const { account, token } = await fundedAt(suite.stack, eurusd, 1.1);
  const order = await buyLots(suite.stack, token, eurusd, 1, {
    type: ORDER_SIDE.BUY,
    target_profit_price: 1.2,
  });
  const app = await suite.newApp(UPRIGHT);
  await openLoggedIn(app, account.session, '/order');
  const row = orderRow(app, order.Id);
  await row.waitFor();
  return { app, eurusd, account, token, order, row };
}

/** The `set_stop_price` calls the page makes from now on. */
function stopCalls(app: AppPage): URL[] {
  const calls: URL[] = [];
  app.page.on('request', (request) => {
    if (request.url().includes('/set_stop_price')) calls.push(new URL(request.url()));
  });
  return calls;
}

/**
 * Moves EURUSD to `price` and waits until the row values the holding there: the worker has
 * judged that price (its move, if any, goes out with the same batch) and every call it made
 * has ended.
 */
async function priceTo(app: AppPage, eurusd: Instrument, row: Locator, price: string) {
  await movePrice(suite.stack, eurusd, Number(price));
  await eventually(() => figure(row, 'Current price').textContent()).toBe(shown(price));
  await app.idle();
}

describe('a trailing stop', () => {
  it('moves the stop loss through three favourable prices and not on an adverse one, the list showing each', async () => {
    const { app, eurusd, token, order, row } = await holdingOnOrders();
    const stop = figure(row, 'Stop loss');
    expect(await stop.textContent()).toBe('Off');
    await trailStop(app, row, '20', '5');
    // The row says it trails, and how.
    await row.getByText('Trailing', { exact: true }).waitFor();
    expect(await figure(row, 'Trailing stop (pips)').textContent()).toBe('20, step 5');
    const calls = stopCalls(app);

    // 19 pips in profit: not yet the distance.
    await priceTo(app, eurusd, row, '1.10190');
    expect(calls).toHaveLength(0);
    // 20 pips: the stop goes 20 pips behind the price, at the open price.
    await movePrice(suite.stack, eurusd, 1.102);
    await eventually(() => stop.textContent()).toBe(shown('1.10000'));
    // 10 pips further, two steps of 5: it follows.
    await movePrice(suite.stack, eurusd, 1.103);
    await eventually(() => stop.textContent()).toBe(shown('1.10100'));
    await app.idle();
    // Back down 5 pips: its trail would sit 5 pips lower, still in profit; nothing is sent.
    await priceTo(app, eurusd, row, '1.10250');
    expect(calls).toHaveLength(2);
    expect(await stop.textContent()).toBe(shown('1.10100'));
    // Up to 1.104: 10 pips past the stop's trail, it moves again.
    await movePrice(suite.stack, eurusd, 1.104);
    await eventually(() => stop.textContent()).toBe(shown('1.10200'));
    await app.idle();

    // Three calls, one per step, each keeping the take profit; the upstream holds the last.
    expect(calls.map((url) => url.searchParams.get('stop_loss_price'))).toEqual([
      '1.1',
      '1.101',
      '1.102',
    ]);
    expect(new Set(calls.map((url) => url.searchParams.get('target_profit_price')))).toEqual(
      new Set(['1.2']),
    );
    expect(await onlyOrder(suite.stack, token, ORDER_STATUS.HOLDING)).toMatchObject({
      Id: order.Id,
      TargetLossPrice: 1.102,
      TargetProfitPrice: 1.2,
    });
    // Moved by the app on its own: no toast for each step.
    expect(await app.toast('Take profit and stop loss updated').count()).toBe(0);
  });

  it('survives a reload, and is forgotten with its holding', async () => {
    const { app, eurusd, token, order, row } = await holdingOnOrders();
    await trailStop(app, row, '10', '2');
    await app.reload();
    const after = orderRow(app, order.Id);
    await after.getByText('Trailing', { exact: true }).waitFor();
    expect(await figure(after, 'Trailing stop (pips)').textContent()).toBe('10, step 2');

    // Still trailing after the reload: 10 pips in profit sets the stop at the open price.
    await movePrice(suite.stack, eurusd, 1.101);
    await eventually(() => figure(after, 'Stop loss').textContent()).toBe(shown('1.10000'));

    // Closed: the device forgets it.
    await suite.stack.apiAs(token).call('close', { id: order.Id });
    await after.waitFor({ state: 'detached' });
    await eventually(() =>
      app.page.evaluate((key) => localStorage.getItem(key), TRAILING_KEY),
    ).toBeNull();
    expect(await onlyOrder(suite.stack, token, ORDER_STATUS.CLOSED)).toMatchObject({
      Id: order.Id,
    });
  });

  it('refuses a distance or a step out of bounds, and turns off', async () => {
    const { app, row } = await holdingOnOrders();
    const { page } = app;
    await row.getByRole('button', { name: 'Set TP/SL' }).click();
    const sheet = page.getByRole('dialog');
    await sheet.getByRole('switch', { name: 'Trail the stop loss' }).click();
    await sheet.getByRole('textbox', { name: 'Distance (pips)' }).fill('0');
    await sheet.getByRole('textbox', { name: 'Step (pips)' }).fill('2000');
    await sheet.getByRole('button', { name: 'Save' }).click();
    await sheet.getByText('Enter 1 to 1,000 pips, to a tenth at most').waitFor();
    await sheet.getByText('Enter 0.1 to 1,000 pips, to a tenth at most').waitFor();
    expect(await row.getByText('Trailing', { exact: true }).count()).toBe(0);

    await sheet.getByRole('textbox', { name: 'Distance (pips)' }).fill('15');
    await sheet.getByRole('textbox', { name: 'Step (pips)' }).fill('1');
    await sheet.getByRole('button', { name: 'Save' }).click();
    await app.expectToast('Trailing stop set');
    await row.getByText('Trailing', { exact: true }).waitFor();

    await row.getByRole('button', { name: 'Set TP/SL' }).click();
    await sheet.getByRole('switch', { name: 'Trail the stop loss' }).click();
    await sheet.getByRole('button', { name: 'Save' }).click();
    await app.expectToast('Trailing stop off');
    await row.getByText('Trailing', { exact: true }).waitFor({ state: 'detached' });
  });

  it('marks the stop-loss line on the chart as trailing', async () => {
    const { app, eurusd, account, order, row } = await holdingOnOrders();
    await trailStop(app, row, '20', '5');
    await movePrice(suite.stack, eurusd, 1.1025);
    await eventually(() => figure(row, 'Stop loss').textContent()).toBe(shown('1.10050'));
    await openChart(app, account.session, eurusd);
    const name = `Trailing stop loss ${shown('1.10050')}, estimated ${money(orderPnl(order, 1.1005))}`;
    const line = app.page.getByRole('slider', { name });
    await line.waitFor();
    expect(await line.locator('.chart-line-tag').textContent()).toBe('Trailing SL');
  });

  it.each(['en', 'ar'] as const)(
    'writes the TP/SL sheet with its trailing stop, a trailing row and its chart line for review in %s',
    async (language) => {
      const folder = await reviewFolder('trailing-stop');
      const text = (key: string) => localeText(language, key);
      const eurusd = await instrumentOf(suite.stack, 'EURUSD');
      const { account, token } = await fundedAt(suite.stack, eurusd, 1.1);
      const order = await buyLots(suite.stack, token, eurusd, 1, { target_profit_price: 1.2 });
      const app = await suite.newApp(UPRIGHT);
      const { page } = app;
      await useScriptFonts(app.context);
      await seedLanguage(app, language, account.session);
      await openWithoutQuery(app, '/order');
      const row = orderRow(app, order.Id);
      await row.getByRole('button', { name: text('web.order.set_stops') }).click();
      const sheet = page.getByRole('dialog');
      await sheet.getByRole('switch', { name: text('web.trailing.enable') }).click();
      await sheet.getByRole('textbox', { name: text('web.trailing.distance') }).fill('0');
      await sheet.getByRole('button', { name: text('web.order.save') }).click();
      await sheet.getByRole('alert').first().waitFor();
      const snap = async (name: string, target?: Locator) => {
        await app.idle();
        await fontsPainted(page);
        await target?.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${folder}/${language}-${name}.png` });
      };
      await snap('sheet', sheet.locator('.stops-trailing'));

      await sheet.getByRole('textbox', { name: text('web.trailing.distance') }).fill('20');
      await sheet.getByRole('button', { name: text('web.order.save') }).click();
      await sheet.waitFor({ state: 'detached' });
      await movePrice(suite.stack, eurusd, 1.1025);
      await eventually(() => row.locator('.orders-badge-trailing').textContent()).toBe(
        text('web.trailing.badge'),
      );
      await eventually(() => figure(row, text('web.order.stop_loss')).textContent()).toBe(
        shown('1.10050', language),
      );
      await snap('row', row);

      // The chart's stop-loss line, tagged as trailing.
      await openWithoutQuery(app, `/trade?id=${eurusd.Id}`);
      const tag = page.getByTestId(`chart-line-${order.Id}-stopLoss`).locator('.chart-line-tag');
      await eventually(() => tag.textContent()).toBe(text('web.trailing.line_tag'));
      await snap('chart');
    },
  );
});
