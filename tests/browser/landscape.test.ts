import { describe, expect, it } from 'vitest';
import { openLoggedIn } from './test-support/accounts.js';
import type { AppPage } from './test-support/browser.js';
import { openDemo } from './test-support/personal.js';
import { SIDEWAYS, UPRIGHT } from './test-support/phone.js';
import { useBrowserSuite } from './test-support/suite.js';
import { instrumentOf } from './test-support/trading.js';

const suite = useBrowserSuite();

/** Opens the trade screen on EURUSD and waits until its chart is drawn. */
async function openChart(app: AppPage) {
  const euro = await instrumentOf(suite.stack, 'EURUSD');
  await app.open(`/trade?id=${euro.Id}`);
  await app.page
    .locator('.chart:not(.chart-pending) .chart-canvas canvas:not(.chart-slot)')
    .waitFor();
}

/**
 * Points spread over the chart's drawing (a 5 × 4 grid inside its box) that something else
 * covers: what is painted there is not part of the chart.
 */
function coveredPoints(app: AppPage) {
  return app.page.locator('.chart-canvas').evaluate((canvas) => {
    const box = canvas.getBoundingClientRect();
    const covered: string[] = [];
    for (const fx of [0.05, 0.3, 0.5, 0.7, 0.95]) {
      for (const fy of [0.05, 0.4, 0.7, 0.95]) {
        const x = box.left + box.width * fx;
        const y = box.top + box.height * fy;
        const top = document.elementFromPoint(x, y);
        if (!top || !canvas.contains(top)) {
          covered.push(`${Math.round(x)},${Math.round(y)}: ${top?.className || top?.tagName}`);
        }
      }
    }
    return covered;
  });
}

describe('the trade screen turned sideways', () => {
  it('shows the chart full screen, nothing over it', async () => {
    const app = await suite.newApp(SIDEWAYS);
    await openChart(app);
    const { width, height } = SIDEWAYS.viewport ?? { width: 0, height: 0 };
    const canvas = await app.page.locator('.chart-canvas').boundingBox();
    if (!canvas) throw new Error('the chart has no box');
    expect(canvas.width).toBeGreaterThanOrEqual(width * 0.9);
    // The chart shares the screen with its quote, periods and legend, and Buy and Sell.
    expect(canvas.height).toBeGreaterThanOrEqual(height * 0.55);
    // Down to the Buy and Sell bar at its bottom edge.
    const bar = await app.page.locator('.order-actions').boundingBox();
    if (!bar) throw new Error('no Buy and Sell bar');
    expect(bar.y + bar.height).toBeCloseTo(height, 0);
    expect(canvas.y + canvas.height).toBeGreaterThanOrEqual(bar.y - 16);
    expect(canvas.y + canvas.height).toBeLessThanOrEqual(bar.y);
    expect(await coveredPoints(app)).toEqual([]);
    // Its periods stay at hand.
    await app.page.getByRole('tab', { name: '5M', exact: true }).click();
    expect(await coveredPoints(app)).toEqual([]);
  });

  it('keeps the upright layout on an upright phone: chart, form and tab bar', async () => {
    const app = await suite.newApp(UPRIGHT);
    await openChart(app);
    await app.page.getByRole('navigation', { name: 'Main sections' }).waitFor();
    const canvas = await app.page.locator('.chart-canvas').boundingBox();
    expect(canvas?.height).toBeLessThan(400);
    await app.page.getByRole('button', { name: 'Buy', exact: true }).scrollIntoViewIfNeeded();
    expect(await app.page.getByRole('button', { name: 'Buy', exact: true }).isVisible()).toBe(true);
  });
});

/**
 * Whether `name`'s button is on screen, whole, with nothing over its middle: a thumb can press
 * it where it is, with no scrolling.
 */
function inReach(app: AppPage, name: string) {
  return app.page.getByRole('button', { name, exact: true }).evaluate((button) => {
    const box = button.getBoundingClientRect();
    const whole =
      box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return whole && top !== null && button.contains(top);
  });
}

describe('Buy and Sell', () => {
  it.each([
    ['upright', UPRIGHT],
    ['sideways', SIDEWAYS],
  ] as const)(
    'are in reach on the trade screen of a phone held %s, with no scrolling',
    async (_, phone) => {
      const demo = await openDemo(suite.stack);
      const app = await suite.newApp(phone);
      const euro = await instrumentOf(suite.stack, 'EURUSD');
      await openLoggedIn(app, demo, `/trade?id=${euro.Id}`);
      await app.page
        .locator('.chart:not(.chart-pending) .chart-canvas canvas:not(.chart-slot)')
        .waitFor();
      expect(await app.page.evaluate(() => scrollY)).toBe(0);
      expect(await inReach(app, 'Buy')).toBe(true);
      expect(await inReach(app, 'Sell')).toBe(true);
      // Each with the price it fills at beside it.
      expect(await app.page.getByTestId('buy-price').isVisible()).toBe(true);
      expect(await app.page.getByTestId('sell-price').isVisible()).toBe(true);
    },
  );
});
