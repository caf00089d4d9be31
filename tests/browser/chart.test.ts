import {
  type AggregatedPeriod,
  aggregateCandles,
  computeIndicators,
  DEFAULT_INDICATORS,
  formatFixed,
  formatPrice,
  MAX_INDICATOR_PERIOD,
  sma,
  toColumns,
} from '@pipstream/protocol';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STOCKCHARTS_RSI, TA_MACD } from '../../protocol/src/indicators/test-support.js';
import type { AppPage } from './test-support/browser.js';
import { legendAt, PRICE_PANE, steadyBox, sweep } from './test-support/chart.js';
import { eventually } from './test-support/eventually.js';
import { shown } from './test-support/languages.js';
import { useBrowserSuite } from './test-support/suite.js';
import { touchScreen } from './test-support/touch.js';
import { instrumentOf } from './test-support/trading.js';

// The simulator's own steps are a minute apart: a test's prices hold still while it drags.
const suite = useBrowserSuite({ mock: { tickMs: 60_000 } });

describe('history', () => {
  it('loads the candles before the oldest one when the chart is panned back to it', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const history = await suite.stack.api.call('kline', { forex_id: eurusd.Id, period: '1min' });
    const app = await suite.newApp();
    const { page } = app;
    await app.open(`/trade?id=${eurusd.Id}`);
    const plot = page.locator(PRICE_PANE);
    await plot.waitFor();
    const older = page.waitForResponse(
      (response) =>
        response.url().includes('/v1/api/forex/kline') && response.url().includes('end_time='),
    );
    // Should the test fail before it is awaited, the page's closing must not reject it unheard.
    older.catch(() => undefined);
    // Drag the candles to the right until the first one comes into view, once the pane has
    // settled (it is laid out again as the first candles and quotes arrive).
    const box = await steadyBox(plot);
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

describe('touch gestures', () => {
  /** A chart whose candles hold still (a closed market): what a gesture shows is its doing. */
  async function openStillChart(app: AppPage) {
    await suite.stack.control('/market/status', { code: 'GBPUSD', status: 0 });
    const gbpusd = await instrumentOf(suite.stack, 'GBPUSD');
    await app.open(`/trade?id=${gbpusd.Id}`);
  }

  it('narrows the candles in view with a two-finger pinch', async () => {
    const app = await suite.newApp();
    const { page } = app;
    await openStillChart(app);
    const before = await sweep(page, ['close'], 0);
    await page.mouse.move(0, 0);

    // Two fingers on the middle of the chart, drawn apart sideways.
    const over = await steadyBox(page.locator(PRICE_PANE));
    const y = over.y + over.height / 2;
    const middle = over.x + over.width / 2;
    const fingers = await touchScreen(app);
    await fingers.start([
      { x: middle - 20, y },
      { x: middle + 20, y },
    ]);
    for (let step = 1; step <= 8; step += 1) {
      const apart = 20 + step * 12;
      await fingers.move([
        { x: middle - apart, y },
        { x: middle + apart, y },
      ]);
    }
    await fingers.end();

    const after = await sweep(page, ['close'], 0);
    expect(before.length).toBeGreaterThan(10);
    expect(after.length).toBeLessThan(before.length);
  });

  it('shows the legend of the candle under a finger held still on the chart', async () => {
    const app = await suite.newApp();
    const { page } = app;
    await openStillChart(app);
    const over = await steadyBox(page.locator(PRICE_PANE));
    await eventually(async () => (await legendAt(page, []))[0]).not.toBe('');
    const [latest] = await legendAt(page, []);

    // A finger held on the left third: the legend leaves the latest candle for the one under it.
    const finger = { x: over.x + over.width * 0.3, y: over.y + over.height / 2 };
    const fingers = await touchScreen(app);
    await fingers.start([finger]);
    await eventually(async () => (await legendAt(page, []))[0] !== latest).toBe(true);
    const [held] = await legendAt(page, []);
    await fingers.end();

    // The mouse over the same spot reads the same candle.
    await page.mouse.move(finger.x, finger.y);
    await eventually(async () => (await legendAt(page, []))[0]).toBe(held);
  });
});

describe('periods built from the upstream’s', () => {
  it('draws 4H candles that are the 60-minute ones aggregated, and 1W candles of the days', async () => {
    const app = await suite.newApp();
    const { page } = app;
    // A closed market: no live candle moves the latest one while the test reads it.
    await suite.stack.control('/market/status', { code: 'GBPUSD', status: 0 });
    const gbpusd = await instrumentOf(suite.stack, 'GBPUSD');
    await app.open(`/trade?id=${gbpusd.Id}`);
    const cases: [string, '60min' | '1day', AggregatedPeriod][] = [
      ['4H', '60min', '4hour'],
      ['1W', '1day', '1week'],
    ];
    for (const [tab, source, period] of cases) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      const sources = await suite.stack.api.call('kline', { forex_id: gbpusd.Id, period: source });
      const buckets = aggregateCandles(sources, period);
      const price = (value: number) => shown(formatPrice(value, gbpusd.PricePrecision));
      const latest = buckets.at(-1);
      if (!latest) throw new Error(`no ${source} candles`);
      // The legend shows the latest candle with no finger on the chart.
      const ohlc = () =>
        page.evaluate(() =>
          ['open', 'high', 'low', 'close'].map(
            (slot) => document.querySelector(`[data-slot="${slot}"]`)?.textContent ?? '',
          ),
        );
      await eventually(ohlc).toEqual(
        [latest.Open, latest.High, latest.Low, latest.Close].map(price),
      );
      // Candle by candle across the right half: each close is its bucket's.
      const closes = (await sweep(page, ['close'], 0.5)).map(([close]) => close);
      expect(closes.length, period).toBeGreaterThan(3);
      expect(closes, period).toEqual(
        buckets.slice(-closes.length).map((bucket) => price(bucket.Close)),
      );
      await page.mouse.move(0, 0);
    }
  });
});

describe('a tick', () => {
  /**
   * The price pane's canvas as hashes: uPlot's canvas alone, and the picture a trader sees
   * (uPlot's canvas with the forming slot's layer over it).
   */
  function pictures(page: AppPage['page']) {
    return page.evaluate(() => {
      const pane = document.querySelector('.chart:not(.chart-pending) .chart-pane-main');
      const base = pane?.querySelector<HTMLCanvasElement>('canvas:not(.chart-slot)');
      const layer = pane?.querySelector<HTMLCanvasElement>('canvas.chart-slot');
      if (!base) throw new Error('no chart canvas');
      const hash = (canvas: HTMLCanvasElement) => {
        const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
        let h = 2166136261;
        for (const byte of data ?? []) h = Math.imul(h ^ byte, 16777619);
        return h >>> 0;
      };
      const seen = document.createElement('canvas');
      seen.width = base.width;
      seen.height = base.height;
      const context = seen.getContext('2d');
      context?.drawImage(base, 0, 0);
      if (layer && !layer.hidden) {
        context?.drawImage(layer, layer.offsetLeft * (base.width / base.clientWidth), 0);
      }
      return { canvas: hash(base), seen: hash(seen) };
    });
  }

  it.each([
    ['candles', 'AUDUSD'],
    ['area', 'NZDUSD'],
  ])(
    'inside the drawn range repaints the forming %s alone, as a full redraw paints it',
    async (type, code) => {
      const app = await suite.newApp();
      const { page } = app;
      // Moving averages and MACD: lines that end in the slot, on the price pane and under it.
      const settings = {
        ...DEFAULT_INDICATORS,
        ma: { ...DEFAULT_INDICATORS.ma, on: true },
        macd: { ...DEFAULT_INDICATORS.macd, on: true },
      };
      await page.addInitScript(
        ([indicators, chartType]) => {
          localStorage.setItem('pipstream.chart.indicators', indicators);
          localStorage.setItem('pipstream.chart.type', chartType);
        },
        [JSON.stringify(settings), JSON.stringify(type)] as const,
      );
      await suite.stack.control('/market/status', { code, status: 0 });
      const instrument = await instrumentOf(suite.stack, code);
      const { PricePrecision } = instrument;
      const step = 10 ** -PricePrecision;
      const moveTo = async (price: number) => {
        const text = formatPrice(price, PricePrecision);
        await suite.stack.control('/market/price', { code, price: Number(text) });
        await expect.poll(() => page.getByTestId('trade-price').textContent()).toBe(shown(text));
      };
      await app.open(`/trade?id=${instrument.Id}`);
      await page.locator(PRICE_PANE).waitFor();
      const time = async () => (await legendAt(page, []))[0];
      /** The pictures once two reads a frame or more apart agree. */
      const settled = async () => {
        for (;;) {
          const first = await pictures(page);
          await page.evaluate(() => new Promise(requestAnimationFrame));
          const second = await pictures(page);
          if (first.seen === second.seen && first.canvas === second.canvas) return second;
        }
      };

      // Again if a new minute opens a candle midway (the simulator's own step is a minute).
      for (let attempt = 1; ; attempt++) {
        const minute = await time();
        const close = instrument.ForexQuotations.Close;
        // Three steps up, then one back: the forming candle's own high and low hold the second
        // price, so no scale moves for it.
        await moveTo(close + 3 * step);
        const before = await settled();
        await moveTo(close + step);
        await eventually(async () => (await pictures(page)).seen).not.toBe(before.seen);
        const tick = await settled();
        // A full redraw of the same candles: at a new width, then at the old one again.
        const viewport = page.viewportSize() ?? { width: 360, height: 740 };
        await page.setViewportSize({ ...viewport, width: viewport.width + 8 });
        await eventually(async () => (await pictures(page)).seen).not.toBe(tick.seen);
        await page.setViewportSize(viewport);
        await eventually(async () => (await pictures(page)).seen).toBe(tick.seen);
        if ((await time()) !== minute && attempt < 3) continue;
        // uPlot's canvas kept its picture through the tick: the slot's layer alone was painted.
        expect(tick.canvas).toBe(before.canvas);
        break;
      }
    },
  );
});

describe('chart types', () => {
  /** Pixels of the price pane's canvas by what painted them: candles, the line, its fill. */
  function painted(page: AppPage['page']) {
    return page.evaluate(() => {
      const canvas = document.querySelector<HTMLCanvasElement>(
        '.chart:not(.chart-pending) .chart-pane-main canvas:not(.chart-slot)',
      );
      const style = getComputedStyle(document.querySelector('.chart') ?? document.body);
      const rgb = (name: string) => {
        const probe = document.createElement('canvas').getContext('2d');
        if (!probe) return [0, 0, 0];
        probe.fillStyle = style.getPropertyValue(name).trim();
        probe.fillRect(0, 0, 1, 1);
        return [...probe.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      };
      const [up, down, line] = ['--up', '--down', '--chart-line-2'].map(rgb);
      const counts = { candles: 0, line: 0, fill: 0 };
      const data = canvas?.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
      const near = (at: number, colour: number[] | undefined) =>
        colour !== undefined &&
        Math.abs((data?.[at] ?? 0) - (colour[0] ?? 0)) +
          Math.abs((data?.[at + 1] ?? 0) - (colour[1] ?? 0)) +
          Math.abs((data?.[at + 2] ?? 0) - (colour[2] ?? 0)) <
          30;
      for (let at = 0; data && at < data.length; at += 4) {
        const alpha = data[at + 3] ?? 0;
        if (alpha > 200 && (near(at, up) || near(at, down))) counts.candles++;
        else if (alpha > 200 && near(at, line)) counts.line++;
        else if (alpha > 10 && alpha < 90 && near(at, line)) counts.fill++;
      }
      return counts;
    });
  }

  it('draws a line or an area through the closes instead of candles, kept on the device', async () => {
    const app = await suite.newApp();
    const { page } = app;
    await suite.stack.control('/market/status', { code: 'GBPUSD', status: 0 });
    const gbpusd = await instrumentOf(suite.stack, 'GBPUSD');
    await app.open(`/trade?id=${gbpusd.Id}`);
    await page.locator(PRICE_PANE).waitFor();
    await eventually(async () => (await painted(page)).candles > 100).toBe(true);
    expect((await painted(page)).line).toBeLessThan(10);

    const choose = async (name: string) => {
      await page.getByRole('button', { name: 'Indicators' }).click();
      await page.getByRole('radio', { name, exact: true }).check();
      await page.getByRole('button', { name: 'Done' }).click();
    };
    await choose('Line');
    await eventually(async () => (await painted(page)).candles).toBeLessThan(10);
    const line = await painted(page);
    expect(line.line).toBeGreaterThan(100);

    // The area under the line: many times the faint pixels a line's edges have.
    const filled = Math.max(10 * line.fill, 10_000);
    await choose('Area');
    await eventually(async () => (await painted(page)).fill).toBeGreaterThan(filled);
    // Kept on the device: the next visit draws the area again.
    await app.reload();
    await page.locator(PRICE_PANE).waitFor();
    await eventually(async () => (await painted(page)).fill).toBeGreaterThan(filled);
    expect((await painted(page)).candles).toBeLessThan(10);
  });
});

describe('indicators', () => {
  it('are chosen from a keyboard-usable sheet, kept on the device, and show RSI and MACD as the protocol computes them', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const app = await suite.newApp();
    const { page } = app;
    await app.open(`/trade?id=${eurusd.Id}`);
    await page
      .locator('.chart:not(.chart-pending) .chart-pane-main canvas:not(.chart-slot)')
      .waitFor();

    // The sheet from the keyboard alone: Tab to its button, Enter, Tab on to each switch,
    // Space to turn it on; Escape closes it and gives the focus back to the button.
    const button = page.getByRole('button', { name: 'Indicators' });
    await tabTo(app, button);
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Indicators' });
    await sheet.waitFor();
    for (const name of ['Relative strength index (RSI)', 'MACD']) {
      const toggle = sheet.getByRole('switch', { name });
      await tabTo(app, toggle);
      await page.keyboard.press('Space');
      await eventually(() => toggle.getAttribute('aria-checked')).toBe('true');
    }
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await eventually(() => hasFocus(button)).toBe(true);

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
    await page.locator('.chart-pane-rsi canvas:not(.chart-slot)').waitFor();
    await page.locator('.chart-pane-macd canvas:not(.chart-slot)').waitFor();

    // Kept on this device: a reload brings the same indicators back.
    await app.reload();
    await page.locator('.chart-pane-rsi canvas:not(.chart-slot)').waitFor();
    await page.getByTestId('legend-macd.signal').waitFor();
    expect(await page.getByTestId('legend-ma5').count()).toBe(0);
  });

  it('show each line’s value in its line’s colour, headed by the periods its name lacks', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const app = await suite.newApp();
    const { page } = app;
    const settings = {
      ...DEFAULT_INDICATORS,
      ma: { ...DEFAULT_INDICATORS.ma, on: true },
      boll: { ...DEFAULT_INDICATORS.boll, on: true },
      rsi: { on: true, period: 14 },
      volume: { on: true },
    };
    await page.addInitScript((stored) => {
      localStorage.setItem('pipstream.chart.indicators', stored);
    }, JSON.stringify(settings));
    await app.open(`/trade?id=${eurusd.Id}`);
    await page.locator('.chart-pane-rsi canvas:not(.chart-slot)').waitFor();
    const colourOf = (testId: string) =>
      page.getByTestId(testId).evaluate((item) => {
        const value = item.querySelector('i');
        return {
          item: getComputedStyle(item).color,
          value: value && getComputedStyle(value).color,
        };
      });
    const variable = (name: string) =>
      page.evaluate((property) => {
        const probe = document.createElement('span');
        probe.style.color = `var(${property})`;
        document.body.append(probe);
        const colour = getComputedStyle(probe).color;
        probe.remove();
        return colour;
      }, name);
    // MA5 to MA60 in the four line colours, in order; the value in its line's colour too.
    for (const [n, period] of [5, 10, 20, 60].entries()) {
      const colour = await variable(`--chart-line-${n + 1}`);
      expect(await colourOf(`legend-ma${period}`), `MA${period}`).toEqual({
        item: colour,
        value: colour,
      });
    }
    // Bollinger's outer bands muted, RSI in the first colour; volume, drawn per candle, plain.
    expect((await colourOf('legend-boll.upper')).item).toBe(await variable('--chart-line-muted'));
    expect((await colourOf('legend-rsi')).item).toBe(await variable('--chart-line-1'));
    expect((await colourOf('legend-volume')).item).toBe(await variable('--text-muted'));
    const headings = await page.locator('.chart-legend-heading').allTextContents();
    expect(headings).toEqual(['BOLL(20, 2)', 'RSI(14)']);
  });

  it('draw an MA of the period typed into the sheet, and keep their lines when a period is refused', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const app = await suite.newApp();
    const { page } = app;
    await app.open(`/trade?id=${eurusd.Id}`);
    await page
      .locator('.chart:not(.chart-pending) .chart-pane-main canvas:not(.chart-slot)')
      .waitFor();
    await page.getByRole('button', { name: 'Indicators' }).click();
    const sheet = page.getByRole('dialog', { name: 'Indicators' });
    await sheet.getByRole('switch', { name: 'Moving average (MA)' }).click();
    const firstPeriod = sheet.getByRole('textbox', { name: 'Period 1', exact: true });
    await firstPeriod.fill('7');

    // MA7 in place of MA5, its latest value the protocol's 7-candle SMA of the same candles.
    const ma7 = page.locator('[data-line="ma7"]');
    const latestSma7 = async () => {
      const candles = await suite.stack.api.call('kline', { forex_id: eurusd.Id, period: '1min' });
      return shown(formatPrice(sma(toColumns(candles).close, 7).at(-1) as number, 5));
    };
    await eventually(async () => (await ma7.textContent()) === (await latestSma7())).toBe(true);
    expect(await page.getByTestId('legend-ma5').count()).toBe(0);

    // 0 is refused where it was typed; the chart keeps the lines it had.
    await firstPeriod.fill('0');
    await sheet
      .getByRole('alert')
      .getByText(`Enter a whole number up to ${MAX_INDICATOR_PERIOD}`, { exact: true })
      .waitFor();
    expect(await firstPeriod.getAttribute('aria-invalid')).toBe('true');
    const legendLines = page.locator('.chart-legend [data-testid^="legend-"]');
    expect(
      await legendLines.evaluateAll((lines) => lines.map((line) => line.dataset.testid)),
    ).toEqual(['legend-ma7', 'legend-ma10', 'legend-ma20', 'legend-ma60']);
    await eventually(async () => (await ma7.textContent()) === (await latestSma7())).toBe(true);
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
    await page.locator('.chart-pane-rsi canvas:not(.chart-slot)').waitFor();
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

/** Whether `target` has the keyboard focus. */
function hasFocus(target: Locator) {
  return target.evaluate((element) => element === document.activeElement);
}

/**
 * Presses Tab until `target` has the focus, as a keyboard user moves through the screen; fails
 * when `target` is not among the next `limit` stops.
 */
async function tabTo(app: AppPage, target: Locator, limit = 60) {
  for (let stop = 0; stop < limit; stop += 1) {
    if (await hasFocus(target)) return;
    await app.page.keyboard.press('Tab');
  }
  throw new Error(`not reached with Tab in ${limit} stops: ${target}`);
}
