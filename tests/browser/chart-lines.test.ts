import {
  formatBalance,
  formatPrice,
  lotsText,
  ORDER_MODE,
  ORDER_SIDE,
  ORDER_STATUS,
  orderPnl,
} from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import type { AppPage } from './test-support/browser.js';
import {
  drag,
  money,
  openBuy,
  openChart,
  priceAway,
  readStopName,
  stopLine,
} from './test-support/chart.js';
import { eventually } from './test-support/eventually.js';
import { shown } from './test-support/languages.js';
import { openDemo } from './test-support/personal.js';
import { useBrowserSuite } from './test-support/suite.js';
import {
  confirmation,
  figure,
  instrumentOf,
  movePrice,
  onlyOrder,
  orderRow,
} from './test-support/trading.js';

// The simulator's own steps are a minute apart: a test's prices hold still while it drags.
const suite = useBrowserSuite({ mock: { tickMs: 60_000 } });

/** Presses Buy with the form's stop loss and take profit, and confirms the order. */
async function buyWithStops(app: AppPage, stopLoss: string, takeProfit: string) {
  const { page } = app;
  await page.getByRole('switch', { name: 'Stop loss' }).click();
  await page.getByRole('textbox', { name: 'Stop loss price' }).fill(stopLoss);
  await page.getByRole('switch', { name: 'Take profit' }).click();
  await page.getByRole('textbox', { name: 'Take profit price' }).fill(takeProfit);
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  await confirmation(app).getByRole('button', { name: 'Place order' }).click();
  await page
    .locator('.toast')
    .getByText(/^Order filled: /)
    .waitFor();
}

describe('the trader’s orders on the chart', () => {
  it('shows a demo buy’s entry, SL and TP as labelled lines; a dragged TP, once confirmed, is the order’s TP', async () => {
    const demo = await openDemo(suite.stack);
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const price = eurusd.ForexQuotations.Close;
    const app = await suite.newApp();
    const { page } = app;
    await openChart(app, demo, eurusd);

    const stopLoss = priceAway(eurusd, price, -60);
    const takeProfit = priceAway(eurusd, price, 60);
    await buyWithStops(app, stopLoss, takeProfit);
    const order = await onlyOrder(suite.stack, demo.token, ORDER_STATUS.HOLDING);
    expect(order).toMatchObject({
      TargetLossPrice: Number(stopLoss),
      TargetProfitPrice: Number(takeProfit),
    });

    // Three labelled lines: the entry with its live P&L, the stop loss and the take profit
    // with the P&L the protocol's arithmetic estimates at their levels.
    const lots = lotsText(order.Quantity);
    const entryName = new RegExp(
      `^Buy ${lots} lots at ${shown(formatPrice(order.Price, 5))}, P&L -?[0-9.,]+ USD$`,
    );
    await page.getByRole('slider', { name: entryName }).waitFor();
    await stopLine(app, 'Stop loss', stopLoss, orderPnl(order, Number(stopLoss))).waitFor();
    const tpLine = stopLine(app, 'Take profit', takeProfit, orderPnl(order, Number(takeProfit)));
    await tpLine.waitFor();
    expect(
      await page
        .getByRole('group', { name: 'Your orders on the chart' })
        .getByRole('slider')
        .count(),
    ).toBe(3);

    // Drag the take profit up: the app asks before it sends, naming the new level.
    await app.idle();
    await drag(app, tpLine, -40);
    const dialog = confirmation(app);
    await dialog.waitFor();
    const question = (await dialog.locator('.confirm-message').textContent()) ?? '';
    const asked = /to ([0-9.]+)\? Estimated P&L there: (-?[0-9.,]+) USD\.$/.exec(question);
    if (!asked?.[1]) throw new Error(`the confirmation names no level: ${question}`);
    const newTakeProfit = asked[1];
    expect(Number(newTakeProfit)).toBeGreaterThan(Number(takeProfit));
    expect(asked[2]).toBe(shown(formatBalance(orderPnl(order, Number(newTakeProfit)))));
    await dialog.getByRole('button', { name: 'Set take profit' }).click();
    await app.expectToast('Take profit and stop loss updated');

    // The line stays at the new level, the server has it, and so does the order list.
    await stopLine(
      app,
      'Take profit',
      newTakeProfit,
      orderPnl(order, Number(newTakeProfit)),
    ).waitFor();
    const saved = await onlyOrder(suite.stack, demo.token, ORDER_STATUS.HOLDING);
    expect(saved).toMatchObject({
      TargetProfitPrice: Number(newTakeProfit),
      TargetLossPrice: Number(stopLoss),
    });
    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    await app.waitForRoute(/^\/order(\?type=1)?$/);
    await eventually(() => figure(orderRow(app, order.Id), 'Take profit').textContent()).toBe(
      shown(newTakeProfit),
    );
  });

  it('refuses a take profit dragged below a buy’s current price with a message, sending nothing', async () => {
    const demo = await openDemo(suite.stack);
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const order = await openBuy(suite.stack, demo, eurusd, -60, 30);
    const app = await suite.newApp();
    await openChart(app, demo, eurusd);
    const takeProfit = formatPrice(order.TargetProfitPrice, 5);
    const tpLine = stopLine(
      app,
      'Take profit',
      takeProfit,
      orderPnl(order, order.TargetProfitPrice),
    );
    const entry = app.page.getByTestId(`chart-line-${order.Id}-entry`);
    const [from, to] = await Promise.all([tpLine.boundingBox(), entry.boundingBox()]);
    if (!from || !to) throw new Error('the lines have no box on screen');
    await app.idle();
    // Well under the entry, where the current price is.
    await drag(app, tpLine, to.y - from.y + 30);
    await app.expectToast("A buy's take profit must be above the current price");
    expect(await confirmation(app).count()).toBe(0);
    await tpLine.waitFor();
    expect((await onlyOrder(suite.stack, demo.token, ORDER_STATUS.HOLDING)).TargetProfitPrice).toBe(
      order.TargetProfitPrice,
    );
  });

  it('pulls a stop loss out of the entry line from the keyboard, and lines leave with a close', async () => {
    const demo = await openDemo(suite.stack);
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const order = await openBuy(suite.stack, demo, eurusd, 0, 0);
    const pending = await suite.stack.apiAs(demo.token).call('submit', {
      type: ORDER_SIDE.SELL,
      cont: eurusd.ForexMinCont,
      forex_id: eurusd.Id,
      status: ORDER_MODE.PENDING,
      target_price: Number(priceAway(eurusd, eurusd.ForexQuotations.Close, 50)),
      stop_loss_price: 0,
      target_profit_price: 0,
      multiple: (eurusd.HasForexMultiple[0] as { Value: number }).Value,
    });
    const app = await suite.newApp();
    const { page } = app;
    await openChart(app, demo, eurusd);

    // The pending order's target is shown, labelled, and cannot be moved.
    const target = page.getByRole('img', {
      name: `Pending Sell ${lotsText(pending.Quantity)} lots at ${shown(formatPrice(pending.Price, 5))}`,
      exact: true,
    });
    await target.waitFor();
    expect(await target.getAttribute('tabindex')).toBeNull();

    // From the entry: ArrowDown pulls a stop loss out under the price, Enter asks, confirm sets.
    const entry = page.getByTestId(`chart-line-${order.Id}-entry`);
    await entry.focus();
    await app.idle();
    for (let step = 0; step < 5; step++) await page.keyboard.press('ArrowDown');
    const current = (await instrumentOf(suite.stack, 'EURUSD')).ForexQuotations.Close;
    const stopLoss = priceAway(eurusd, Math.min(current, order.Price), -5);
    await eventually(() => entry.getAttribute('aria-valuetext')).toBe(
      `Stop loss ${shown(stopLoss)}, estimated ${money(orderPnl(order, Number(stopLoss)))}`,
    );
    await page.keyboard.press('Enter');
    const dialog = confirmation(app);
    await dialog.getByText(`to ${stopLoss}?`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Set stop loss' }).click();
    await app.expectToast('Take profit and stop loss updated');
    await stopLine(app, 'Stop loss', stopLoss, orderPnl(order, Number(stopLoss))).waitFor();
    expect((await onlyOrder(suite.stack, demo.token, ORDER_STATUS.HOLDING)).TargetLossPrice).toBe(
      Number(stopLoss),
    );

    // Closed elsewhere: the push takes its lines off the chart; the pending target stays.
    await app.idle();
    await suite.stack.apiAs(demo.token).call('close', { id: order.Id });
    await entry.waitFor({ state: 'detached' });
    expect(await page.getByTestId(`chart-line-${order.Id}-stopLoss`).count()).toBe(0);
    await target.waitFor();
  });
  it('moves a stop loss line to a level set on another device once a push re-reads the orders', async () => {
    const demo = await openDemo(suite.stack);
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const order = await openBuy(suite.stack, demo, eurusd, -60, 0);
    const other = await openBuy(suite.stack, demo, eurusd, 0, 0);
    const app = await suite.newApp();
    const { page } = app;
    await openChart(app, demo, eurusd);
    const oldStop = formatPrice(order.TargetLossPrice, 5);
    await stopLine(app, 'Stop loss', oldStop, orderPnl(order, order.TargetLossPrice)).waitFor();
    await page.getByTestId(`chart-line-${other.Id}-entry`).waitFor();

    // The trader's other device moves the stop loss and closes the other order. The upstream
    // pushes no stop changes; the close push makes the app re-read the orders, new SL included.
    await app.idle();
    const elsewhere = suite.stack.apiAs(demo.token);
    const stopLoss = priceAway(eurusd, order.TargetLossPrice, -30);
    await elsewhere.call('setStopPrice', {
      id: order.Id,
      stop_loss_price: Number(stopLoss),
      target_profit_price: 0,
    });
    await elsewhere.call('close', { id: other.Id });
    await page.getByTestId(`chart-line-${other.Id}-entry`).waitFor({ state: 'detached' });
    await stopLine(app, 'Stop loss', stopLoss, orderPnl(order, Number(stopLoss))).waitFor();
    expect(await page.getByTestId(`chart-line-${order.Id}-stopLoss`).count()).toBe(1);
  });

  it('shows the level and its estimated P&L while the TP line is held, and the entry’s P&L follows the price', async () => {
    const demo = await openDemo(suite.stack);
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const order = await openBuy(suite.stack, demo, eurusd, -60, 60);
    const app = await suite.newApp();
    const { page } = app;
    await openChart(app, demo, eurusd);
    const tpLine = stopLine(
      app,
      'Take profit',
      formatPrice(order.TargetProfitPrice, 5),
      orderPnl(order, order.TargetProfitPrice),
    );
    await tpLine.waitFor();
    const label = page.getByTestId(`chart-line-${order.Id}-takeProfit`);
    const before = await label.getAttribute('aria-label');

    // Held, not let go: the label names a level on the price grid above the old one, and the
    // P&L the protocol's arithmetic gives there, in its name and on screen.
    await app.idle();
    await drag(app, tpLine, -30, false);
    await eventually(() => label.getAttribute('aria-label')).not.toBe(before);
    const held = readStopName(await label.getAttribute('aria-label'));
    expect(held.price).toMatch(/^[0-9]+\.[0-9]{5}$/);
    expect(Number(held.price)).toBeGreaterThan(order.TargetProfitPrice);
    const estimate = orderPnl(order, Number(held.price));
    expect(held.pnl).toBe(shown(formatBalance(estimate)));
    expect(await label.locator('.chart-line-pnl').textContent()).toBe(money(estimate));
    expect(await confirmation(app).count()).toBe(0);
    await page.mouse.up();
    await confirmation(app).getByRole('button', { name: 'Cancel' }).click();
    await tpLine.waitFor();

    // The entry's P&L is the protocol's at each price the market moves to.
    const entry = page.getByTestId(`chart-line-${order.Id}-entry`);
    const entryName = (pnl: number) =>
      `Buy ${lotsText(order.Quantity)} lots at ${shown(formatPrice(order.Price, 5))}, P&L ${money(pnl)}`;
    for (const steps of [25, -15]) {
      await app.idle();
      const price = await movePrice(suite.stack, eurusd, order.Price + steps * 10 ** -5);
      await eventually(() => entry.getAttribute('aria-label')).toBe(
        entryName(orderPnl(order, price)),
      );
      expect(await entry.locator('.chart-line-pnl').textContent()).toBe(
        money(orderPnl(order, price)),
      );
    }
  });

  it('pulls a stop loss out of the entry line with the mouse, and asks before setting it', async () => {
    const demo = await openDemo(suite.stack);
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const order = await openBuy(suite.stack, demo, eurusd, 0, 0);
    const app = await suite.newApp();
    const { page } = app;
    await openChart(app, demo, eurusd);
    const entry = page.getByTestId(`chart-line-${order.Id}-entry`);
    await entry.waitFor();
    const stopLossLine = page.getByTestId(`chart-line-${order.Id}-stopLoss`);
    expect(await stopLossLine.count()).toBe(0);

    // Dragged down out of a buy's entry: a stop loss slider, and the question before it is set.
    await app.idle();
    await drag(app, entry, 40);
    const dialog = confirmation(app);
    await dialog.waitFor();
    expect(await stopLossLine.getAttribute('role')).toBe('slider');
    const pulled = readStopName(await stopLossLine.getAttribute('aria-label'));
    expect(Number(pulled.price)).toBeLessThan(order.Price);
    expect(pulled.pnl).toBe(shown(formatBalance(orderPnl(order, Number(pulled.price)))));
    await dialog.getByText(`to ${pulled.price}?`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Set stop loss' }).click();
    await app.expectToast('Take profit and stop loss updated');
    expect((await onlyOrder(suite.stack, demo.token, ORDER_STATUS.HOLDING)).TargetLossPrice).toBe(
      Number(pulled.price),
    );
  });
});
