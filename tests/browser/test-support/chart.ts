/**
 * The trade screen's candle chart in browser tests: opening it, its order lines found by their
 * accessible names, dragging a line's label with the mouse, and reading the legend candle by
 * candle.
 */
import {
  formatBalance,
  formatPrice,
  type Instrument,
  type Order,
  type Session,
} from '@pipstream/protocol';
import type { Locator } from 'playwright-core';
import { minimumMarketBuy } from '../../../protocol/src/test-support/index.js';
import { openLoggedIn } from './accounts.js';
import type { AppPage } from './browser.js';
import { shown } from './languages.js';
import type { Stack } from './stack.js';

/** The price pane of the drawn chart (a chart still loading another period's candles is hidden). */
export const PRICE_PANE = '.chart:not(.chart-pending) .chart-pane-main .u-over';

/** A P&L as the chart's labels write it: 2 decimals and the account currency. */
export function money(value: number): string {
  return `${shown(formatBalance(value))} USD`;
}

/** `instrument`'s price `steps` price steps away from `from`, as the app writes it. */
export function priceAway(instrument: Instrument, from: number, steps: number): string {
  return formatPrice(from + steps * 10 ** -instrument.PricePrecision, instrument.PricePrecision);
}

/** Opens `/trade` on `instrument` as `session`'s user, once the chart has drawn. */
export async function openChart(app: AppPage, session: Session, instrument: Instrument) {
  await openLoggedIn(app, session, `/trade?id=${instrument.Id}`);
  await app.page.getByRole('heading', { level: 1, name: instrument.ShowCode }).waitFor();
  await app.page
    .locator('.chart:not(.chart-pending) .chart-pane-main canvas:not(.chart-slot)')
    .waitFor();
}

/**
 * Presses the mouse on `line`'s label and moves it `dy` px up (negative) or down in small
 * steps; lets go unless `release` is false (the test reads the label mid-drag, then calls
 * `app.page.mouse.up()`).
 */
export async function drag(app: AppPage, line: Locator, dy: number, release = true) {
  await line.scrollIntoViewIfNeeded();
  const box = await line.boundingBox();
  if (!box) throw new Error('the line has no box on screen');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await app.page.mouse.move(x, y);
  await app.page.mouse.down();
  await app.page.mouse.move(x, y + dy, { steps: 8 });
  if (release) await app.page.mouse.up();
}

/** A holding's line of `kind`, found by its accessible name. */
export function stopLine(
  app: AppPage,
  kind: 'Stop loss' | 'Take profit',
  price: string,
  pnl: number,
) {
  return app.page.getByRole('slider', {
    name: `${kind} ${shown(price)}, estimated ${money(pnl)}`,
    exact: true,
  });
}

/** A stop line's accessible name read back: its level and estimated P&L texts. */
export function readStopName(name: string | null): { price: string; pnl: string } {
  const read = /^(?:Stop loss|Take profit) ([0-9.]+), estimated (-?[0-9.,]+) USD$/.exec(name ?? '');
  if (!read?.[1] || !read[2]) throw new Error(`not a stop line's name: ${name}`);
  return { price: read[1], pnl: read[2] };
}

/**
 * A market buy opened through the API (a precondition), with its stop loss and take profit
 * `stopSteps` and `profitSteps` price steps from the price (0: off).
 */
export function openBuy(
  stack: Stack,
  session: Session,
  instrument: Instrument,
  stopSteps: number,
  profitSteps: number,
): Promise<Order> {
  const price = instrument.ForexQuotations.Close;
  const level = (steps: number) => (steps === 0 ? 0 : Number(priceAway(instrument, price, steps)));
  return stack.apiAs(session.token).call('submit', {
    ...minimumMarketBuy(instrument),
    stop_loss_price: level(stopSteps),
    target_profit_price: level(profitSteps),
  });
}

/** The legend's time and the texts of `slots` (`close`, or an indicator line's key). */
export function legendAt(page: AppPage['page'], slots: readonly string[]) {
  return page.evaluate(
    (keys) =>
      ['[data-slot="time"]', ...keys].map(
        (selector) => document.querySelector(selector)?.textContent ?? '',
      ),
    slots.map((key) => (key === 'close' ? '[data-slot="close"]' : `[data-line="${key}"]`)),
  );
}

/**
 * Moves the mouse across the price pane from `fromShare` of its width to its right edge, in
 * steps smaller than a candle, and reads the legend at each candle: the slots' texts (`close`,
 * or an indicator line's key), once per candle, left to right.
 */
export async function sweep(page: AppPage['page'], slots: readonly string[], fromShare: number) {
  const pane = page.locator(PRICE_PANE);
  await pane.waitFor();
  const over = await steadyBox(pane);
  const rows = new Map<string, string[]>();
  const y = over.y + over.height / 2;
  const right = over.x + over.width - 1;
  for (let x = over.x + over.width * fromShare + 1; x < right + 2; x += 2) {
    await page.mouse.move(Math.min(x, right), y);
    const [time, ...texts] = await legendAt(page, slots);
    if (time && !rows.has(time)) rows.set(time, texts);
  }
  return [...rows.values()];
}

/**
 * The box of a pane once its layout has settled. The legend above a chart that just changed
 * period grows by its indicator rows a few frames later, moving the pane; uPlot reads the
 * pane's place when the pointer enters it, so a sweep begun before that reads the wrong candles.
 */
export async function steadyBox(pane: Locator) {
  let last = await pane.boundingBox();
  for (let tries = 0; tries < 20; tries += 1) {
    await pane.page().waitForTimeout(100);
    const box = await pane.boundingBox();
    if (box && last && JSON.stringify(box) === JSON.stringify(last)) return box;
    last = box;
  }
  throw new Error(`the price pane never settled: ${JSON.stringify(last)}`);
}
