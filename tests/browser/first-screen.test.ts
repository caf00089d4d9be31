import {
  FIRST_SCREEN_DATA_ID,
  formatPrice,
  type Instrument,
  type Language,
} from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { MAX_ROWS } from '../../gateway/src/web/first-screen/markup.js';
import type { AppPage } from './test-support/browser.js';
import { eventually } from './test-support/eventually.js';
import { localeText, shown } from './test-support/languages.js';
import { useBrowserSuite } from './test-support/suite.js';
import { movePrice } from './test-support/trading.js';

// Prices are set by the tests: the simulator's own steps are a minute apart.
const suite = useBrowserSuite({ mock: { tickMs: 60_000 } });

/** The first screen's rows, as the page painted them. */
const PAINTED_ROWS = '#first-screen .quote-row';

/** Sets a price on each listed instrument: the gateway's last value of each is then known. */
async function setPrices(): Promise<Map<number, { instrument: Instrument; price: number }>> {
  const listed = await suite.stack.api.call('tradeList');
  const prices = new Map<number, { instrument: Instrument; price: number }>();
  for (const [index, instrument] of listed.entries()) {
    const price = await movePrice(
      suite.stack,
      instrument,
      instrument.ForexQuotations.Close * (1 + (index + 1) / 1000),
    );
    prices.set(instrument.Id, { instrument, price });
  }
  return prices;
}

/**
 * Sets the prices until the gateway paints `/` in `language` with them, and resolves them. The
 * gateway holds the quotes from the first page asked for on: prices set before its
 * subscription reached the upstream are set again.
 */
async function paintedPrices(language: Language) {
  let prices = new Map<number, { instrument: Instrument; price: number }>();
  await eventually(async () => {
    prices = await setPrices();
    const html = await (await fetch(`${suite.stack.baseUrl}/?lang=${language}`)).text();
    // The rows painted: the first MAX_ROWS of the list.
    return [...prices.values()]
      .slice(0, MAX_ROWS)
      .every(
        ({ instrument, price }) =>
          html.includes(FIRST_SCREEN_DATA_ID) &&
          html.includes(`>${shown(formatPrice(price, instrument.PricePrecision), language)}<`),
      );
  }).toBe(true);
  return prices;
}

/** The painted rows' instrument ids, prices and status words. */
function paintedRows(app: AppPage) {
  return app.page.locator(PAINTED_ROWS).evaluateAll((rows) =>
    rows.map((row) => ({
      id: Number(row.getAttribute('data-instrument')),
      price: row.querySelector('.quote-price')?.textContent ?? '',
      status: row.querySelector('.quote-status')?.textContent ?? '',
    })),
  );
}

/**
 * Where the screen's parts are under `scope` (rounded CSS pixels): the title, the first
 * category tab, the column heads, the rows of `ids` and each bottom tab.
 */
function boxes(app: AppPage, scope: string, ids: readonly number[]) {
  const selectors = [
    '.page-title',
    '.category-bar [role="tab"]',
    '.quote-head',
    ...ids.map((id) => `.quote-row[data-instrument="${id}"]`),
    '.tabbar-item:nth-child(1)',
    '.tabbar-item:nth-child(5)',
  ].map((selector) => `${scope} ${selector}`);
  return app.page.evaluate(
    (all) =>
      all.map((selector) => {
        const box = document.querySelector(selector)?.getBoundingClientRect();
        if (!box) return `${selector}: none`;
        const px = (value: number) => Math.round(value);
        return `${selector.split(' ').slice(1).join(' ')}: ${px(box.x)},${px(box.y)} ${px(box.width)}×${px(box.height)}`;
      }),
    selectors,
  );
}

describe('the first screen in the page', () => {
  it('shows the quotes before any script runs, at the gateway’s last prices, in en, ar and hi', async () => {
    for (const language of ['en', 'ar', 'hi'] as const) {
      const prices = await paintedPrices(language);
      const app = await suite.newApp({ javaScriptEnabled: false });
      await app.page.goto(`/?lang=${language}`);
      const rows = await paintedRows(app);
      expect(rows.length, language).toBeGreaterThanOrEqual(10);
      for (const row of rows) {
        const set = prices.get(row.id);
        if (!set) throw new Error(`row of an unknown instrument ${row.id}`);
        expect(row.price, `${set.instrument.Code} in ${language}`).toBe(
          shown(formatPrice(set.price, set.instrument.PricePrecision), language),
        );
        // Not live: nothing has confirmed the price yet.
        const said =
          set.instrument.MarketStatus === 1 ? 'web.live_guard.delayed' : 'web.trade.market_closed';
        expect(row.status, set.instrument.Code).toBe(localeText(language, said));
      }
      expect(await app.page.locator('html').getAttribute('lang')).toBe(
        { en: 'en', ar: 'ar', hi: 'hi' }[language],
      );
    }
  });

  it('hands the rows over to the app as they turn live, with no layout shift and no second read', async () => {
    const [first] = (await paintedPrices('en')).values();
    if (!first) throw new Error('no instrument listed');
    const app = await suite.newApp();
    await app.context.addInitScript(() => {
      const shifts = { total: 0 };
      (window as unknown as { shifts: typeof shifts }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
          shifts.total += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const listReads: string[] = [];
    app.page.on('request', (request) => {
      if (/\/forex\/(trade_list|getCategories)/.test(request.url())) listReads.push(request.url());
    });
    await app.open('/');
    // The app's own row, live, has taken the painted one's place.
    const row = app.page.getByTestId(`quote-row-${first.instrument.Code}`);
    await app.page.locator('#first-screen').waitFor({ state: 'detached' });
    await eventually(() => row.getByTestId('quote-status').textContent()).toBe('');
    expect(await row.getByTestId('quote-price').textContent()).toBe(
      shown(formatPrice(first.price, first.instrument.PricePrecision)),
    );
    // The next tick moves it.
    const moved = await movePrice(suite.stack, first.instrument, first.price * 1.01);
    await eventually(() => row.getByTestId('quote-price').textContent()).toBe(
      shown(formatPrice(moved, first.instrument.PricePrecision)),
    );
    expect(
      await app.page.evaluate(
        () => (window as unknown as { shifts: { total: number } }).shifts.total,
      ),
    ).toBe(0);
    expect(listReads).toEqual([]);
  });

  it('paints the screen in the app’s own boxes: header, categories, rows and tabs stay put', async () => {
    for (const language of ['en', 'ar'] as const) {
      const prices = await paintedPrices(language);
      const ids = [...prices.keys()].slice(0, 6);
      const painted = await suite.newApp({ javaScriptEnabled: false });
      await painted.page.goto(`/?lang=${language}`);
      const before = await boxes(painted, '#first-screen', ids);
      const app = await suite.newApp();
      await app.page.goto(`/?lang=${language}`);
      await app.page.locator('#first-screen').waitFor({ state: 'detached' });
      await app.page.locator(`#root .quote-row[data-instrument="${ids.at(-1)}"]`).waitFor();
      const after = await boxes(app, '#root', ids);
      expect(after, language).toEqual(before);
    }
  });

  it('shows the painted screen whole, never half-parsed, on a slow phone', async () => {
    await paintedPrices('en');
    for (let visit = 0; visit < 3; visit++) {
      // The painted page alone: the app's scripts never arrive, so whatever moves is its own.
      const painted = await suite.newApp();
      await painted.page.route('**/assets/*.js', (route) => route.abort());
      await painted.context.addInitScript(() => {
        const seen = { total: 0 };
        (window as unknown as { shifts: typeof seen }).shifts = seen;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
            seen.total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // The parser of a slow phone stops and paints in the middle of the page.
      const cdp = await painted.context.newCDPSession(painted.page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
      await painted.page.goto('/?lang=en', { waitUntil: 'load' });
      const shifts = await painted.page.evaluate(
        () =>
          new Promise<number>((resolve) =>
            requestAnimationFrame(() =>
              setTimeout(() =>
                resolve((window as unknown as { shifts: { total: number } }).shifts.total),
              ),
            ),
          ),
      );
      expect(shifts, `visit ${visit}`).toBe(0);
    }
  });

  it('renders a hostile instrument name as its text', async () => {
    // German: a language no page was asked in yet, so its trade list is read after the rename.
    const listed = await suite.stack.api.call('tradeList');
    const [victim] = listed;
    if (!victim) throw new Error('no instrument listed');
    const hostile = '<img src=x onerror="document.title=1">"><b>bold</b>';
    await suite.stack.control('/market/name', { code: victim.Code, name: hostile });
    await eventually(async () => {
      const html = await (await fetch(`${suite.stack.baseUrl}/?lang=de`)).text();
      return html.includes('&lt;img src=x');
    }).toBe(true);
    const app = await suite.newApp({ javaScriptEnabled: false });
    await app.page.goto('/?lang=de');
    const row = app.page.locator(`${PAINTED_ROWS}[data-instrument="${victim.Id}"]`);
    expect(await row.locator('.quote-code').textContent()).toBe(hostile);
    expect(await row.locator('img, b').count()).toBe(0);
    expect(await app.page.title()).toBe('Pipstream');
  });
});
