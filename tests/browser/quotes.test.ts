import {
  formatChangePercent,
  formatPrice,
  type Instrument,
  type QuoteTick,
} from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import type { AppPage } from './test-support/browser.js';
import { shown } from './test-support/languages.js';
import { useBrowserSuite } from './test-support/suite.js';

// The simulator's own steps are a minute apart: every move in this file is one the test makes,
// so a price on screen can only be the one the test set.
const suite = useBrowserSuite({ mock: { tickMs: 60_000 } });

const ROW_PREFIX = 'quote-row-';

/** The instrument codes of the quote rows on screen, top first. */
async function visibleCodes(app: AppPage): Promise<string[]> {
  const ids = await app.page
    .locator(`[data-testid^="${ROW_PREFIX}"]`)
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.slice(ROW_PREFIX.length));
}

/** The price text of `code`'s quote row. */
function priceOf(app: AppPage, code: string) {
  return app.page.getByTestId(`${ROW_PREFIX}${code}`).getByTestId('quote-price');
}

/** The change text of `code`'s quote row. */
function changeOf(app: AppPage, code: string) {
  return app.page.getByTestId(`${ROW_PREFIX}${code}`).getByTestId('quote-change');
}

async function instrumentsByCode(): Promise<Map<string, Instrument>> {
  const list = await suite.stack.api.call('tradeList');
  return new Map(list.map((instrument) => [instrument.Code, instrument]));
}

/** Opens the quotes as a visitor and waits for the first row; its instrument is returned. */
async function openQuotes(app: AppPage): Promise<Instrument> {
  await app.open('/');
  await app.page.locator(`[data-testid^="${ROW_PREFIX}"]`).first().waitFor();
  const [first] = await visibleCodes(app);
  const instrument = first && (await instrumentsByCode()).get(first);
  if (!instrument) throw new Error(`the first quote row names no instrument: ${first}`);
  return instrument;
}

describe('quotes (/)', () => {
  it('shows a visitor each price the market moves to, at the instrument’s precision', async () => {
    const app = await suite.newApp();
    const instrument = await openQuotes(app);
    const { Code, PricePrecision } = instrument;
    const price = priceOf(app, Code);
    // The snapshot of the quotes arrives over the socket: the row leaves its placeholder.
    await expect.poll(() => price.textContent()).not.toBe('--');
    const before = await price.textContent();

    // Up, then down, by 1 % and at least ten of the last digit: each move shows at the
    // instrument's precision, and reaches the row without a reload.
    let level = instrument.ForexQuotations.Close;
    for (const [sign, direction] of [
      [1, 'up'],
      [-1, 'down'],
    ] as const) {
      const step = Math.max(level * 0.01, 10 * 10 ** -PricePrecision);
      level = Number(formatPrice(level + sign * step, PricePrecision));
      const moved = await suite.stack.control<Instrument>('/market/price', {
        code: Code,
        price: level,
      });
      await expect.poll(() => price.textContent()).toBe(shown(formatPrice(level, PricePrecision)));
      expect(await price.getAttribute('data-direction')).toBe(direction);
      await expect
        .poll(() => changeOf(app, Code).textContent())
        .toBe(formatChangePercent(moved.ForexQuotations.Change));
    }
    expect(await price.textContent()).not.toBe(before);
  });

  it('runs under the gateway’s Content-Security-Policy without one violation', async () => {
    const app = await suite.newApp();
    // Recorded from the page's first script on: a blocked inline script or worker never shows
    // as a failure otherwise (the app still starts, on its fallback path).
    await app.page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { __cspViolations: seen });
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(
          `${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
        );
      });
    });
    const { Code } = await openQuotes(app);
    await expect.poll(() => priceOf(app, Code).textContent()).toMatch(/[0-9]/);

    const violations = await app.page.evaluate(
      () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
    );
    expect(violations).toEqual([]);
    const policy = (await app.page.request.get('/')).headers()['content-security-policy'];
    expect(policy).toContain("script-src 'self';");
  });

  it('moves every row on screen with one market step', async () => {
    const app = await suite.newApp();
    await openQuotes(app);
    const instruments = await instrumentsByCode();
    const codes = await visibleCodes(app);
    expect(codes.length).toBeGreaterThan(3);

    const { ticks } = await suite.stack.control<{ ticks: QuoteTick[] }>('/market/step', {
      count: 3,
    });
    const last = new Map(ticks.map((tick) => [tick.Code, tick]));
    for (const code of codes) {
      const tick = last.get(code);
      const instrument = instruments.get(code);
      if (!tick || !instrument) throw new Error(`no tick or instrument for the row ${code}`);
      await expect
        .poll(() => priceOf(app, code).textContent())
        .toBe(shown(formatPrice(tick.Close, instrument.PricePrecision)));
    }
  });

  it('opens an instrument’s trade screen from its row, and back shows the quotes again', async () => {
    const app = await suite.newApp();
    const instrument = await openQuotes(app);
    await app.page.getByTestId(`${ROW_PREFIX}${instrument.Code}`).click();
    await app.waitForRoute(`/trade?id=${instrument.Id}`);
    // The app's own history entry: back leaves the trade screen for the list, not the site.
    await app.page.goBack();
    await app.waitForRoute('/');
    await app.page.getByTestId(`${ROW_PREFIX}${instrument.Code}`).waitFor();
  });

  it('renders the rows in view, then the others as the list scrolls', async () => {
    const app = await suite.newApp();
    await openQuotes(app);
    const listed = (await suite.stack.api.call('tradeList')).map((instrument) => instrument.Code);
    const rows = app.page.locator(`[data-testid^="${ROW_PREFIX}"]`);
    const viewport = app.page.viewportSize();
    if (!viewport) throw new Error('the phone context has no viewport');
    // Only a screen's worth and a margin: the list is far longer than that.
    const rowsInView = Math.ceil(viewport.height / 60);
    expect(listed.length).toBeGreaterThan(3 * rowsInView);
    await expect.poll(() => rows.count()).toBeLessThanOrEqual(rowsInView + 12);

    // To the end: the last instrument's row is rendered, at its place in the whole list, and
    // the first ones are let go.
    const last = listed.at(-1) ?? '';
    await expect
      .poll(async () => {
        await app.page.mouse.wheel(0, 2000);
        return app.page.getByTestId(`${ROW_PREFIX}${last}`).count();
      })
      .toBe(1);
    const lastItem = app.page.locator('.virtual-row', {
      has: app.page.getByTestId(`${ROW_PREFIX}${last}`),
    });
    expect(await lastItem.getAttribute('aria-posinset')).toBe(String(listed.length));
    expect(await app.page.getByTestId(`${ROW_PREFIX}${listed[0]}`).count()).toBe(0);
    expect(await rows.count()).toBeLessThanOrEqual(rowsInView + 12);
  });
});
