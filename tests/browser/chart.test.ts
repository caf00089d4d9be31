import {
  computeIndicators,
  DEFAULT_INDICATORS,
  formatBalance,
  formatFixed,
  formatPrice,
  type Instrument,
  ORDER_MODE,
  ORDER_SIDE,
  ORDER_STATUS,
  type Order,
  orderPnl,
  type Session,
  toColumns,
} from '@pipstream/protocol';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STOCKCHARTS_RSI, TA_MACD } from '../../protocol/src/indicators/test-support.js';
import { openLoggedIn } from './test-support/accounts.js';
import type { AppPage } from './test-support/browser.js';
import { eventually } from './test-support/eventually.js';
import { shown } from './test-support/languages.js';
import { openDemo } from './test-support/personal.js';
import { useBrowserSuite } from './test-support/suite.js';
import { confirmation, figure, instrumentOf, onlyOrder, orderRow } from './test-support/trading.js';

// The simulator's own steps are a minute apart: a test's prices hold still while it drags.
const suite = useBrowserSuite({ mock: { tickMs: 60_000 } });

/** A P&L as the chart's labels write it: 2 decimals and the account currency. */
function money(value: number): string {
  return `${shown(formatBalance(value))} USD`;
}

/** `instrument`'s price `steps` price steps away from `from`, as the app writes it. */
function priceAway(instrument: Instrument, from: number, steps: number): string {
  return formatPrice(from + steps * 10 ** -instrument.PricePrecision, instrument.PricePrecision);
}

/** Opens `/trade` on `instrument` as `session`'s user, once the chart has drawn. */
async function openChart(app: AppPage, session: Session, instrument: Instrument) {
  await openLoggedIn(app, session, `/trade?id=${instrument.Id}`);
  await app.page.getByRole('heading', { level: 1, name: instrument.ShowCode }).waitFor();
  await app.page.locator('.chart:not(.chart-pending) .chart-pane-main canvas').waitFor();
}

/** Presses Buy with the form's stop loss and take profit, and confirms the order. */
async function buyWithStops(app: AppPage, stopLoss: string, takeProfit: string) {
  const { page } = app;
  await page.getByRole('switch', { name: 'Stop loss' }).click();
  await page.getByRole('textbox', { name: 'Stop loss price' }).fill(stopLoss);
  await page.getByRole('switch', { name: 'Take profit' }).click();
  await page.getByRole('textbox', { name: 'Take profit price' }).fill(takeProfit);
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  await confirmation(app).getByRole('button', { name: 'Place order' }).click();
  await app.expectToast('Order placed');
}

/** Drags `line`'s label `dy` px up (negative) or down, with the mouse, in small steps. */
async function drag(app: AppPage, line: Locator, dy: number) {
  await line.scrollIntoViewIfNeeded();
  const box = await line.boundingBox();
  if (!box) throw new Error('the line has no box on screen');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await app.page.mouse.move(x, y);
  await app.page.mouse.down();
  await app.page.mouse.move(x, y + dy, { steps: 8 });
  await app.page.mouse.up();
}

/** A holding's line of `kind`, found by its accessible name. */
function stopLine(app: AppPage, kind: 'Stop loss' | 'Take profit', price: string, pnl: number) {
  return app.page.getByRole('slider', {
    name: `${kind} ${shown(price)}, estimated ${money(pnl)}`,
    exact: true,
  });
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
    const lots = String(order.Quantity);
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
    const order = await openBuy(demo, eurusd, -60, 30);
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
    const order = await openBuy(demo, eurusd, 0, 0);
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
      name: `Pending Sell ${pending.Quantity} lots at ${shown(formatPrice(pending.Price, 5))}`,
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
});

/**
 * A market buy opened through the API (a precondition), with its stop loss and take profit
 * `stopSteps` and `profitSteps` price steps from the price (0: off).
 */
async function openBuy(
  session: Session,
  instrument: Instrument,
  stopSteps: number,
  profitSteps: number,
): Promise<Order> {
  const price = instrument.ForexQuotations.Close;
  const level = (steps: number) => (steps === 0 ? 0 : Number(priceAway(instrument, price, steps)));
  return suite.stack.apiAs(session.token).call('submit', {
    type: ORDER_SIDE.BUY,
    cont: instrument.ForexMinCont,
    forex_id: instrument.Id,
    status: ORDER_MODE.MARKET,
    target_price: 0,
    stop_loss_price: level(stopSteps),
    target_profit_price: level(profitSteps),
    multiple: (instrument.HasForexMultiple[0] as { Value: number }).Value,
  });
}

describe('history', () => {
  it('loads the candles before the oldest one when the chart is panned back to it', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const history = await suite.stack.api.call('kline', { forex_id: eurusd.Id, period: '1min' });
    const app = await suite.newApp();
    const { page } = app;
    await app.open(`/trade?id=${eurusd.Id}`);
    const plot = page.locator('.chart:not(.chart-pending) .chart-pane-main .u-over');
    await plot.waitFor();
    const older = page.waitForResponse(
      (response) =>
        response.url().includes('/v1/api/forex/kline') && response.url().includes('end_time='),
    );
    // Drag the candles to the right until the first one comes into view.
    const box = await plot.boundingBox();
    if (!box) throw new Error('the chart has no box');
    const y = box.y + box.height / 2;
    for (let drag = 0; drag < 8; drag++) {
      await page.mouse.move(box.x + 20, y);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width - 20, y, { steps: 6 });
      await page.mouse.up();
    }
    const response = await older;
    expect(new URL(response.url()).searchParams.get('end_time')).toBe(String(history[0]?.Time));
    const page1 = ((await response.json()) as { data: { Time: number }[] }).data;
    expect(page1.length).toBeGreaterThan(0);
    expect(page1.every((candle) => candle.Time < (history[0]?.Time ?? 0))).toBe(true);
  });
});

describe('indicators', () => {
  it('are chosen from a keyboard-usable sheet, kept on the device, and show RSI and MACD as the protocol computes them', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const app = await suite.newApp();
    const { page } = app;
    await app.open(`/trade?id=${eurusd.Id}`);
    await page.locator('.chart:not(.chart-pending) .chart-pane-main canvas').waitFor();

    // The sheet from the keyboard: its button, then each switch by its name, Space to toggle.
    await page.getByRole('button', { name: 'Indicators' }).focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Indicators' });
    await sheet.waitFor();
    for (const name of ['Relative strength index (RSI)', 'MACD']) {
      const toggle = sheet.getByRole('switch', { name });
      await toggle.focus();
      await page.keyboard.press('Space');
      await eventually(() => toggle.getAttribute('aria-checked')).toBe('true');
    }
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });

    // The legend's latest values are the protocol's RSI(14) and MACD(12, 26, 9) of the same
    // candles (both checked against published worked examples in protocol/src/indicators).
    const settings = {
      ...DEFAULT_INDICATORS,
      rsi: { on: true, period: 14 },
      macd: { ...DEFAULT_INDICATORS.macd, on: true },
    };
    const expected = async () => {
      const candles = await suite.stack.api.call('kline', { forex_id: eurusd.Id, period: '1min' });
      const values = computeIndicators(toColumns(candles), settings);
      const last = (key: string) => values[key]?.at(-1) as number;
      return [
        shown(formatFixed(last('rsi'), 2)),
        shown(formatFixed(last('macd.macd'), eurusd.PricePrecision + 2)),
        shown(formatFixed(last('macd.signal'), eurusd.PricePrecision + 2)),
        shown(formatFixed(last('macd.histogram'), eurusd.PricePrecision + 2)),
      ];
    };
    const legend = () =>
      Promise.all(
        ['rsi', 'macd.macd', 'macd.signal', 'macd.histogram'].map(
          async (key) => (await page.locator(`[data-line="${key}"]`).textContent()) ?? '',
        ),
      );
    await eventually(async () => (await legend()).join(' ') === (await expected()).join(' ')).toBe(
      true,
    );
    await page.locator('.chart-pane-rsi canvas').waitFor();
    await page.locator('.chart-pane-macd canvas').waitFor();

    // Kept on this device: a reload brings the same indicators back.
    await app.reload();
    await page.locator('.chart-pane-rsi canvas').waitFor();
    await page.getByTestId('legend-macd.signal').waitFor();
    expect(await page.getByTestId('legend-ma5').count()).toBe(0);
  });

  it('show the published RSI(14) and MACD(12, 26, 9) of reference closes under the crosshair', async () => {
    // The candles are the worked examples' closes, and none older: a still market holds them.
    await suite.stack.control('/market/status', { code: 'AUDUSD', status: 0 });
    await suite.stack.control('/market/history', {
      code: 'AUDUSD',
      period: '1min',
      closes: STOCKCHARTS_RSI.closes,
    });
    await suite.stack.control('/market/history', {
      code: 'AUDUSD',
      period: '5min',
      closes: TA_MACD.closes,
    });
    const audusd = await instrumentOf(suite.stack, 'AUDUSD');
    const app = await suite.newApp();
    const { page } = app;
    const settings = {
      ...DEFAULT_INDICATORS,
      rsi: { on: true, period: 14 },
      macd: { ...DEFAULT_INDICATORS.macd, on: true },
    };
    await page.addInitScript((stored) => {
      localStorage.setItem('pipstream.chart.indicators', stored);
    }, JSON.stringify(settings));
    await app.open(`/trade?id=${audusd.Id}`);
    const close = (value: number) => shown(formatPrice(value, audusd.PricePrecision));

    // Every candle, left to right, with its RSI: blank through the warm-up, then the table's.
    await page.locator('.chart-pane-rsi canvas').waitFor();
    const rsiRows = await sweep(page, ['close', 'rsi'], 0);
    const { closes, rsi14 } = STOCKCHARTS_RSI;
    expect(rsiRows).toEqual(
      closes.map((value, index) => [
        close(value),
        index < 14 ? '' : shown(formatFixed(rsi14[index - 14] as number, 2)),
      ]),
    );

    // The MACD fixture's last 20 rows: its closes in order, and its three figures within 0.0005
    // (the fixture seeds its EMAs with the first close, ours with their SMA; the gap shrinks
    // below that by its last 20 rows).
    await page.mouse.move(0, 0);
    await page.getByRole('tab', { name: '5M', exact: true }).click();
    await eventually(() => page.locator('[data-slot="close"]').textContent()).toBe(
      close(TA_MACD.closes.at(-1) as number),
    );
    const macdRows = await sweep(
      page,
      ['close', 'macd.macd', 'macd.signal', 'macd.histogram'],
      0.5,
    );
    const tail = macdRows.slice(-TA_MACD.tail.length);
    expect(tail.map(([shownClose]) => shownClose)).toEqual(
      TA_MACD.tail.map(([row]) => close(TA_MACD.closes[row] as number)),
    );
    TA_MACD.tail.forEach(([row, line, signal, histogram], index) => {
      const figures = (tail[index] ?? []).slice(1).map((text) => Number(text));
      const published = [line, signal, histogram];
      figures.forEach((figure, at) => {
        expect(Math.abs(figure - (published[at] as number)), `row ${row}`).toBeLessThan(0.0005);
      });
    });
  });
});

/**
 * Moves the mouse across the price pane from `fromShare` of its width to its right edge, in
 * steps smaller than a candle, and reads the legend at each candle: the slots' texts (`close`,
 * or an indicator line's key), once per candle, left to right.
 */
async function sweep(page: AppPage['page'], slots: readonly string[], fromShare: number) {
  // The drawn chart's pane: a chart still loading another period's candles is hidden.
  const pane = page.locator('.chart:not(.chart-pending) .chart-pane-main .u-over');
  await pane.waitFor();
  const over = await steadyBox(pane);
  const rows = new Map<string, string[]>();
  const y = over.y + over.height / 2;
  const right = over.x + over.width - 1;
  for (let x = over.x + over.width * fromShare + 1; x < right + 2; x += 2) {
    await page.mouse.move(Math.min(x, right), y);
    const [time, ...texts] = await page.evaluate(
      (keys) =>
        ['[data-slot="time"]', ...keys].map(
          (selector) => document.querySelector(selector)?.textContent ?? '',
        ),
      slots.map((key) => (key === 'close' ? '[data-slot="close"]' : `[data-line="${key}"]`)),
    );
    if (time && !rows.has(time)) rows.set(time, texts);
  }
  return [...rows.values()];
}

/**
 * The box of a pane once its layout has settled. The legend above a chart that just changed
 * period grows by its indicator rows a few frames later, moving the pane; uPlot reads the
 * pane's place when the pointer enters it, so a sweep begun before that reads the wrong candles.
 */
async function steadyBox(pane: Locator) {
  let last = await pane.boundingBox();
  for (let tries = 0; tries < 20; tries += 1) {
    await pane.page().waitForTimeout(100);
    const box = await pane.boundingBox();
    if (box && last && JSON.stringify(box) === JSON.stringify(last)) return box;
    last = box;
  }
  throw new Error(`the price pane never settled: ${JSON.stringify(last)}`);
}
