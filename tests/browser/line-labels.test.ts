import {
  DEFAULT_INDICATORS,
  type Instrument,
  ORDER_MODE,
  ORDER_SIDE,
  type Order,
} from '@pipstream/protocol';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openLoggedIn } from './test-support/accounts.js';
import type { AppPage, PhoneOptions } from './test-support/browser.js';
import { openChart, PRICE_PANE, steadyBox } from './test-support/chart.js';
import { eventually } from './test-support/eventually.js';
import { openWithoutQuery, seedLanguage } from './test-support/languages.js';
import { SIDEWAYS, UPRIGHT } from './test-support/phone.js';
import { fontsPainted, reviewFolder, useScriptFonts } from './test-support/review.js';
import { useBrowserSuite } from './test-support/suite.js';
import {
  buyLots,
  fundedAt,
  instrumentOf,
  movePrice,
  orderRow,
  trailStop,
} from './test-support/trading.js';

// The simulator's own steps are a minute apart: every price in this file is one a test set.
const suite = useBrowserSuite({ mock: { tickMs: 60_000 } });

/** A pending buy of EURUSD's smallest size at `price` (a precondition, through the API). */
function pendingBuy(token: string, eurusd: Instrument, price: number) {
  return suite.stack.apiAs(token).call('submit', {
    type: ORDER_SIDE.BUY,
    cont: eurusd.ForexMinCont,
    forex_id: eurusd.Id,
    status: ORDER_MODE.PENDING,
    target_price: price,
    stop_loss_price: 0,
    target_profit_price: 0,
    multiple: (eurusd.HasForexMultiple[0] as { Value: number }).Value,
  });
}

/** Every label on show over the chart (a group's too), as read where it is painted. */
interface ShownLabel {
  readonly name: string;
  readonly box: { left: number; top: number; right: number; bottom: number };
  /** The label's texts (tag, figure, P&L), each on screen and covered by nothing. */
  readonly texts: readonly { text: string; clear: boolean }[];
  /** The whole label is on screen and nothing covers its middle. */
  readonly clear: boolean;
}

function shownLabels(app: AppPage): Promise<ShownLabel[]> {
  return app.page.locator('.chart-lines').evaluate((layer) => {
    const clearAt = (label: Element, part: Element) => {
      const box = part.getBoundingClientRect();
      const onScreen =
        box.width > 0 &&
        box.left >= 0 &&
        box.top >= 0 &&
        box.right <= innerWidth &&
        box.bottom <= innerHeight;
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return onScreen && top !== null && label.contains(top);
    };
    return [...layer.querySelectorAll('.chart-line')]
      .filter((label) => getComputedStyle(label).visibility === 'visible')
      .map((label) => {
        const { left, top, right, bottom } = label.getBoundingClientRect();
        return {
          name: label.getAttribute('aria-label') ?? label.getAttribute('aria-valuetext') ?? '',
          box: { left, top, right, bottom },
          texts: [...label.querySelectorAll('span')]
            .filter((part) => (part.textContent ?? '') !== '')
            .map((part) => ({ text: part.textContent ?? '', clear: clearAt(label, part) })),
          clear: clearAt(label, label),
        };
      });
  });
}

/** The pairs of labels whose boxes meet, by name: none when every label stands apart. */
function overlaps(labels: readonly ShownLabel[]): string[] {
  const found: string[] = [];
  labels.forEach((a, at) => {
    for (const b of labels.slice(at + 1)) {
      const apart =
        a.box.right <= b.box.left ||
        b.box.right <= a.box.left ||
        a.box.bottom <= b.box.top ||
        b.box.bottom <= a.box.top;
      if (!apart) found.push(`${a.name} × ${b.name}`);
    }
  });
  return found;
}

/** What a reader cannot make out: a label or text covered, cut or off screen. */
function unreadable(labels: readonly ShownLabel[]): string[] {
  return labels.flatMap((label) => [
    ...(label.clear ? [] : [`${label.name}: covered`]),
    ...label.texts.filter((part) => !part.clear).map((part) => `${label.name}: ${part.text}`),
  ]);
}

/** Waits until the labels stand apart and every text of theirs can be read; resolves them. */
async function readableLabels(app: AppPage, count: number) {
  await eventually(async () => {
    const labels = await shownLabels(app);
    return { count: labels.length, overlaps: overlaps(labels), unreadable: unreadable(labels) };
  }).toEqual({ count, overlaps: [], unreadable: [] });
  return shownLabels(app);
}

/**
 * A funded trader holding `holdings` buys of 1 lot of EURUSD at 1.1 with `stops`, and a pending
 * buy at `pendingAt` (preconditions, through the API).
 */
async function ordersAt(
  holdings: number,
  stops: { stop_loss_price?: number; target_profit_price: number },
  pendingAt: number,
) {
  const eurusd = await instrumentOf(suite.stack, 'EURUSD');
  const { account, token } = await fundedAt(suite.stack, eurusd, 1.1);
  const orders = [];
  for (let n = 0; n < holdings; n++)
    orders.push(await buyLots(suite.stack, token, eurusd, 1, stops));
  await pendingBuy(token, eurusd, pendingAt);
  return { eurusd, session: account.session, orders };
}

/**
 * A trader holding 1 lot of EURUSD bought at 1.1 with a take profit at 1.105, its stop loss
 * trailing 20 pips behind a price now at 1.1025 (so at 1.1005, 5 pips over the entry), and a
 * pending buy 25 pips under the entry, at 1.0975; on the chart at 360×740.
 */
async function crowdedHolding() {
  const { eurusd, session, orders } = await ordersAt(1, { target_profit_price: 1.105 }, 1.0975);
  const order = orders[0] as Order;
  const app = await suite.newApp(UPRIGHT);
  const { page } = app;
  await openLoggedIn(app, session, '/order');
  await trailStop(app, orderRow(app, order.Id), '20', '5');
  await movePrice(suite.stack, eurusd, 1.1025);
  await openChart(app, session, eurusd);
  const stopLoss = page.getByTestId(`chart-line-${order.Id}-stopLoss`);
  await eventually(() => stopLoss.locator('.chart-line-tag').textContent()).toBe('Trailing SL');
  return { app, order };
}

describe('order labels on the chart', () => {
  it('keep apart and readable with a trailing SL 5 pips and a pending order 25 pips from the entry, upright and sideways', async () => {
    const { app, order } = await crowdedHolding();
    const entry = app.page.getByTestId(`chart-line-${order.Id}-entry`);
    for (const phone of [UPRIGHT, SIDEWAYS]) {
      if (phone.viewport) await app.page.setViewportSize(phone.viewport);
      const labels = await readableLabels(app, 4);
      // The entry's lots and live P&L and every level's price are among what can be read.
      const pnl = (await entry.locator('.chart-line-pnl').textContent()) ?? '';
      expect(pnl).toMatch(/^[0-9.,]+ USD$/);
      const texts = labels.flatMap((label) => label.texts.map((part) => part.text));
      expect(texts).toEqual(
        expect.arrayContaining(['1.00', pnl, 'Trailing SL', '1.10050', '1.10500', '0.01 1.09750']),
      );
    }
  });

  it('collapse into one group when too many crowd a place; a tap opens it, Escape or a tap elsewhere closes it', async () => {
    // Two holdings with a stop loss and a take profit 2 price steps away, and a pending order
    // 1 step away: seven lines within 4 price steps.
    const stops = { stop_loss_price: 1.09998, target_profit_price: 1.10002 };
    const { eurusd, session } = await ordersAt(2, stops, 1.09999);
    const app = await suite.newApp(UPRIGHT);
    const { page } = app;
    await openChart(app, session, eurusd);
    const group = page.getByRole('button', { name: 'Order lines here: 7', exact: true });
    await group.waitFor();
    expect(await group.getAttribute('aria-expanded')).toBe('false');
    // One label in place of seven, and none of them can be reached under it.
    await readableLabels(app, 1);
    expect(await page.getByRole('slider').count()).toBe(0);

    const folder = await reviewFolder('line-labels');
    await page.screenshot({ path: `${folder}/en-group-closed.png` });
    await group.click();
    await eventually(() => group.getAttribute('aria-expanded')).toBe('true');
    await readableLabels(app, 8);
    expect(await page.getByRole('slider').count()).toBe(6);
    await page.screenshot({ path: `${folder}/en-group-open.png` });

    await page.keyboard.press('Escape');
    await eventually(() => group.getAttribute('aria-expanded')).toBe('false');
    await readableLabels(app, 1);
    await group.click();
    await readableLabels(app, 8);
    await page.locator('.chart-legend').click();
    await eventually(() => group.getAttribute('aria-expanded')).toBe('false');
    await readableLabels(app, 1);
  });

  it.each(['en', 'ar'] as const)(
    'are written for review in %s, upright and sideways',
    async (language) => {
      const folder = await reviewFolder('line-labels');
      const stops = { stop_loss_price: 1.0995, target_profit_price: 1.105 };
      const { eurusd, session } = await ordersAt(1, stops, 1.0975);
      const app = await suite.newApp(UPRIGHT);
      const { page } = app;
      await useScriptFonts(app.context);
      await seedLanguage(app, language, session);
      await openWithoutQuery(app, `/trade?id=${eurusd.Id}`);
      await page
        .locator('.chart:not(.chart-pending) .chart-pane-main canvas:not(.chart-slot)')
        .waitFor();
      const snap = async (name: string, phone: PhoneOptions) => {
        if (phone.viewport) await page.setViewportSize(phone.viewport);
        await readableLabels(app, 4);
        await app.idle();
        await fontsPainted(page);
        await page.screenshot({ path: `${folder}/${language}-${name}.png` });
      };
      await snap('upright', UPRIGHT);
      await snap('sideways', SIDEWAYS);
    },
  );
});

describe('the chart’s legend', () => {
  it('folds to one line and stays folded after a reload', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const app = await suite.newApp(UPRIGHT);
    const { page } = app;
    // MA, EMA and Bollinger Bands on: the whole legend takes several lines at 360 px.
    const settings = {
      ...DEFAULT_INDICATORS,
      ma: { ...DEFAULT_INDICATORS.ma, on: true },
      ema: { ...DEFAULT_INDICATORS.ema, on: true },
      boll: { ...DEFAULT_INDICATORS.boll, on: true },
    };
    await page.addInitScript((stored) => {
      localStorage.setItem('pipstream.chart.indicators', stored);
    }, JSON.stringify(settings));
    await app.open(`/trade?id=${eurusd.Id}`);
    const legend = page.locator('.chart:not(.chart-pending) .chart-legend');
    await legend.waitFor();
    const lines = () =>
      legend.evaluate(
        (element) =>
          new Set(
            [...element.children]
              .filter(
                (child) =>
                  child.getBoundingClientRect().bottom <= element.getBoundingClientRect().bottom,
              )
              .map((child) => Math.round(child.getBoundingClientRect().top)),
          ).size,
      );
    await eventually(lines).toBeGreaterThan(2);
    const toggle = page.getByRole('button', { name: 'Chart legend', exact: true });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');

    await toggle.click();
    await eventually(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await eventually(lines).toBe(1);
    const folded = await legend.boundingBox();
    expect(folded?.height).toBeLessThan(24);

    await app.reload();
    await page
      .locator('.chart:not(.chart-pending) .chart-pane-main canvas:not(.chart-slot)')
      .waitFor();
    await eventually(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await eventually(lines).toBe(1);
    await toggle.click();
    await eventually(lines).toBeGreaterThan(2);
  });
});

describe('the time axis', () => {
  it('keeps its leftmost label inside the chart in Cantonese at 360 px, wherever the chart is panned', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const app = await suite.newApp(UPRIGHT);
    await seedLanguage(app, 'hk');
    await openWithoutQuery(app, `/trade?id=${eurusd.Id}`);
    const pane = app.page.locator(PRICE_PANE);
    await pane.waitFor();
    const over = await steadyBox(pane);
    // Panned a pixel or two at a time across more than the labels' spacing (64 px), every
    // place a label can take near the left edge is tried.
    const y = over.y + over.height / 2;
    let x = over.x + over.width / 2;
    await app.page.mouse.move(x, y);
    await app.page.mouse.down();
    const cut: number[] = [];
    for (let step = 0; step < 50; step++) {
      x += 2;
      await app.page.mouse.move(x, y);
      if (await inkAtLeftEdge(app.page.locator('.chart-pane-main canvas:not(.chart-slot)')))
        cut.push(step);
    }
    await app.page.mouse.up();
    expect(cut).toEqual([]);
  });
});

/**
 * Whether the time axis, under the price pane, paints in its two leftmost CSS px columns: a
 * label cut by the edge does; one inside the chart does not. Read after the pan's frame.
 */
function inkAtLeftEdge(canvas: Locator): Promise<boolean> {
  return canvas.evaluate(async (element: HTMLCanvasElement) => {
    await new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));
    const ratio = element.width / element.getBoundingClientRect().width;
    const band = Math.round(24 * ratio);
    const context = element.getContext('2d');
    if (!context) return false;
    const { data } = context.getImageData(0, element.height - band, Math.round(2 * ratio), band);
    for (let at = 3; at < data.length; at += 4) if ((data[at] ?? 0) > 0) return true;
    return false;
  });
}
