import { formatPrice, type Instrument } from '@pipstream/protocol';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AppPage } from './test-support/browser.js';
import { PRICE_PANE, steadyBox } from './test-support/chart.js';
import { eventually } from './test-support/eventually.js';
import { useBrowserSuite } from './test-support/suite.js';
import { type Point, touchScreen } from './test-support/touch.js';
import { instrumentOf, movePrice } from './test-support/trading.js';

// The simulator's own steps are a minute apart: a test's prices hold still while it draws.
const suite = useBrowserSuite({ mock: { tickMs: 60_000 } });

/** The phone of the walk. */
const PHONE_740 = { viewport: { width: 360, height: 740 } } as const;

/** Where the app keeps the drawings. */
const DRAWINGS_KEY = 'pipstream.chart.drawings';

/** Opens `code`'s chart on a closed market (its candles hold still); resolves the price pane. */
async function openStillChart(app: AppPage, code: string) {
  await suite.stack.control('/market/status', { code, status: 0 });
  const instrument = await instrumentOf(suite.stack, code);
  await app.open(`/trade?id=${instrument.Id}`);
  return { instrument, over: await steadyBox(app.page.locator(PRICE_PANE)) };
}

/** Picks a drawing tool from the chart's Draw menu. */
async function pickTool(app: AppPage, name: 'Horizontal line' | 'Trend line') {
  await app.page.getByRole('button', { name: 'Draw', exact: true }).click();
  await app.page.getByRole('button', { name, exact: true }).click();
  await app.page.getByTestId('drawing-capture').waitFor();
}

async function centreOf(target: Locator): Promise<Point> {
  const box = await target.boundingBox();
  if (!box) throw new Error(`${target} has no box on screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A point `share` of the way across and down the price pane. */
function inPane(
  over: { x: number; y: number; width: number; height: number },
  x: number,
  y: number,
) {
  return { x: over.x + over.width * x, y: over.y + over.height * y };
}

/** The price in a horizontal line's name. */
function levelOf(name: string | null): string {
  const read = /^Horizontal line at ([0-9.]+)$/.exec(name ?? '');
  if (!read?.[1]) throw new Error(`not a horizontal line's name: ${name}`);
  return read[1];
}

/** The drawings the device keeps for `instrument`. */
function kept(app: AppPage, instrument: Instrument) {
  return app.page.evaluate(([key, id]) => JSON.parse(localStorage.getItem(key) ?? '{}')[id] ?? [], [
    DRAWINGS_KEY,
    String(instrument.Id),
  ] as const);
}

const horizontalLines = (app: AppPage) =>
  app.page.getByRole('button', { name: /^Horizontal line at / });

describe('chart drawings', () => {
  it('places a horizontal line with a finger, keeps it through a reload, moves and deletes it', async () => {
    const app = await suite.newApp(PHONE_740);
    const { page } = app;
    const { instrument, over } = await openStillChart(app, 'GBPUSD');
    const fingers = await touchScreen(app);

    await pickTool(app, 'Horizontal line');
    const tapped = inPane(over, 0.5, 0.4);
    await fingers.tap(tapped);
    const line = horizontalLines(app);
    await line.waitFor();
    const name = await line.getAttribute('aria-label');
    const level = levelOf(name);
    // Its grip is on the price axis, at the height the finger lifted.
    expect(Math.abs((await centreOf(line)).y - tapped.y)).toBeLessThan(2);
    expect(await kept(app, instrument)).toEqual([
      { id: expect.any(String), kind: 'horizontal', price: Number(level) },
    ]);

    // Kept on the device: the next visit shows it at the same price.
    await app.reload();
    await steadyBox(page.locator(PRICE_PANE));
    await page.getByRole('button', { name: name ?? '', exact: true }).waitFor();

    // A finger drags the grip 40 px up: a higher price, kept.
    const from = await centreOf(line);
    await fingers.swipe(from, { x: from.x, y: from.y - 40 });
    await eventually(() => line.getAttribute('aria-label')).not.toBe(name);
    const moved = levelOf(await line.getAttribute('aria-label'));
    expect(Number(moved)).toBeGreaterThan(Number(level));
    expect(Math.abs((await centreOf(line)).y - (from.y - 40))).toBeLessThan(2);
    expect((await kept(app, instrument))[0]?.price).toBe(Number(moved));

    // A tap selects it; its bar deletes it, here and on the device.
    await fingers.tap(await centreOf(line));
    const bar = page.getByRole('toolbar', { name: `Horizontal line at ${moved}` });
    await bar.getByRole('button', { name: 'Delete' }).click();
    await app.expectToast('Drawing deleted');
    expect(await line.count()).toBe(0);
    expect(await kept(app, instrument)).toEqual([]);
    await app.reload();
    await steadyBox(page.locator(PRICE_PANE));
    expect(await line.count()).toBe(0);
  });

  it('draws a trend line that moves with its candles, on every period', async () => {
    const app = await suite.newApp(PHONE_740);
    const { page } = app;
    const { instrument, over } = await openStillChart(app, 'AUDUSD');
    const fingers = await touchScreen(app);

    // Dragged from one end to the other: from high on the left to low on the right.
    await pickTool(app, 'Trend line');
    const start = inPane(over, 0.3, 0.3);
    const end = inPane(over, 0.7, 0.7);
    await fingers.swipe(start, end, 10);
    const trend = page.getByRole('button', { name: /^Trend line from / });
    await trend.waitFor();
    const [line] = await kept(app, instrument);
    expect(line.kind).toBe('trend');
    expect(line.from.time).toBeLessThan(line.to.time);
    expect(line.from.price).toBeGreaterThan(line.to.price);
    // Its grip sits half way between the ends.
    const drawn = await centreOf(trend);
    expect(Math.abs(drawn.x - (start.x + end.x) / 2)).toBeLessThan(2);
    expect(Math.abs(drawn.y - (start.y + end.y) / 2)).toBeLessThan(2);

    // The line just drawn is selected: its end dots move one end alone.
    const endDot = page.getByTestId('drawing-end-to');
    const dot = await centreOf(endDot);
    expect(Math.abs(dot.x - end.x)).toBeLessThan(2);
    await fingers.swipe(dot, { x: dot.x, y: dot.y - 30 });
    await eventually(async () => (await kept(app, instrument))[0]?.to.price).toBeGreaterThan(
      line.to.price,
    );
    const [reshaped] = await kept(app, instrument);
    expect(reshaped.from).toEqual(line.from);
    expect(reshaped.to.time).toBe(line.to.time);
    const middle = await centreOf(trend);
    expect(Math.abs(middle.y - (start.y + end.y - 30) / 2)).toBeLessThan(2);

    // The chart dragged 60 px to the right (older candles): the line goes along with them.
    const row = over.y + over.height * 0.95;
    await page.mouse.move(over.x + 40, row);
    await page.mouse.down();
    await page.mouse.move(over.x + 100, row, { steps: 6 });
    await page.mouse.up();
    await eventually(async () => Math.round((await centreOf(trend)).x - middle.x)).toBeGreaterThan(
      55,
    );
    expect((await centreOf(trend)).x - middle.x).toBeLessThan(65);

    // The same line on the 5-minute chart: drawings belong to the instrument, not the period.
    const name = await trend.getAttribute('aria-label');
    await page.getByRole('tab', { name: '5M', exact: true }).click();
    await page.getByRole('button', { name: name ?? '', exact: true }).waitFor();

    // Tapped at one end, then the other: a second line.
    await pickTool(app, 'Trend line');
    const over5 = await steadyBox(page.locator(PRICE_PANE));
    await fingers.tap(inPane(over5, 0.2, 0.8));
    await page.getByText('Now tap where the line ends').waitFor();
    await fingers.tap(inPane(over5, 0.6, 0.2));
    await eventually(() => trend.count()).toBe(2);
    const both = await kept(app, instrument);
    expect(both).toHaveLength(2);
    expect(both[1].from.price).toBeLessThan(both[1].to.price);
  });

  it('turns a drawn horizontal line into a price alert in one tap, and the alert fires', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const market = await movePrice(suite.stack, eurusd, 1.085);
    const price = (value: number) => formatPrice(value, eurusd.PricePrecision);
    const app = await suite.newApp(PHONE_740);
    const { page } = app;
    await app.open(`/trade?id=${eurusd.Id}`);
    await eventually(() => page.getByTestId('trade-price').textContent()).toBe(price(market));
    const over = await steadyBox(page.locator(PRICE_PANE));
    const fingers = await touchScreen(app);

    // Near the pane's top: above every candle in view, the current price included.
    await pickTool(app, 'Horizontal line');
    await fingers.tap(inPane(over, 0.5, 0.03));
    const line = horizontalLines(app);
    await line.waitFor();
    const level = levelOf(await line.getAttribute('aria-label'));
    expect(Number(level)).toBeGreaterThan(market);

    // A line just drawn is selected: its bar offers the alert at once.
    const bar = page.getByRole('toolbar', { name: `Horizontal line at ${level}` });
    await bar.getByRole('button', { name: 'Alert at this price' }).click();
    await app.expectToast('Price alert saved');

    // The price crosses the line: the alert fires as any alert does.
    await app.idle();
    const crossed = await movePrice(suite.stack, eurusd, Number(level) + 0.0003);
    await app.expectToast(`Price alert: EUR/USD at or above ${level}. Now ${price(crossed)}.`);
    await app.open('/alerts');
    await page.getByText(`EUR/USD at or above ${level}`).waitFor();
  });
});
