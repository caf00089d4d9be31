import { formatPrice, LANGUAGE_TAGS, type Language, type Session } from '@pipstream/protocol';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerByEmail } from './test-support/accounts.js';
import type { AppPage, PhoneOptions } from './test-support/browser.js';
import { eventually } from './test-support/eventually.js';
import { localeText, openWithoutQuery, seedLanguage, shown } from './test-support/languages.js';
import {
  allowClipboard,
  clipboardText,
  SUPPORT_PATH,
  withSupportPage,
} from './test-support/personal.js';
import { NARROW, UPRIGHT } from './test-support/phone.js';
import { fontsPainted, reviewFolder, useScriptFonts } from './test-support/review.js';
import { useBrowserSuite } from './test-support/suite.js';
import {
  buyLots,
  confirmation,
  fundedAt,
  instrumentOf,
  movePrice,
  orderRow,
} from './test-support/trading.js';

// Small things a walk through the app at 360 px found, each in the language it was found in.
// Every price here is one a test set: the simulator's own steps are a minute apart.
const suite = useBrowserSuite({ mock: { tickMs: 60_000 } });

/** A fresh phone in `language` (logged in as `session` if given) on `route`. */
async function openIn(
  language: Language,
  route: string,
  options: { readonly phone?: PhoneOptions; readonly session?: Session } = {},
): Promise<AppPage> {
  const app = await suite.newApp(options.phone ?? UPRIGHT);
  await useScriptFonts(app.context);
  await seedLanguage(app, language, options.session);
  await openWithoutQuery(app, route, language);
  return app;
}

/** Writes what the phone shows to the review folder (`output/slips/<name>.png`). */
async function screenshot(app: AppPage, name: string): Promise<void> {
  await fontsPainted(app.page);
  await app.page.screenshot({ path: `${await reviewFolder('slips')}/${name}.png` });
}

/** `key` of `language`'s locale file. */
const text = (language: Language, key: string, params?: Record<string, string | number>) =>
  localeText(language, key, params);

/** The price alert editor sheet. */
function alertSheet(app: AppPage, language: Language): Locator {
  const title = text(language, 'web.alerts.new_title', { code: 'GBP/USD' });
  return app.page.getByRole('dialog', { name: title });
}

/** Input through the DevTools protocol: the touch screen a finger presses. */
async function finger(app: AppPage) {
  const session = await app.context.newCDPSession(app.page);
  return {
    down: (x: number, y: number) =>
      session.send('Input.dispatchTouchEvent', {
        type: 'touchStart',
        touchPoints: [{ x, y, id: 0 }],
      }),
    up: () => session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] }),
  };
}

/** Until the page has handled the input already sent (the tap that ends a press among it). */
function inputHandled(app: AppPage): Promise<void> {
  return app.page.evaluate(
    () =>
      new Promise<void>((done) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done))),
      ),
  );
}

describe('a long press on a quote row', () => {
  it('opens the alert sheet, which stays open when the finger lifts after a second', async () => {
    const gbpusd = await instrumentOf(suite.stack, 'GBPUSD');
    await movePrice(suite.stack, gbpusd, 1.25);
    const app = await openIn('en', '/');
    const row = app.page.getByTestId('quote-row-GBPUSD');
    await eventually(() => row.getByTestId('quote-price').textContent()).toBe('1.25000');
    const box = await row.boundingBox();
    if (!box) throw new Error('the row has no box on screen');

    const touch = await finger(app);
    const pressedAt = Date.now();
    await touch.down(box.x + box.width / 3, box.y + box.height / 2);
    const sheet = alertSheet(app, 'en');
    await sheet.waitFor();
    // The finger stays down for a second in all, as the walk held it, then lifts over the scrim.
    await new Promise((held) => setTimeout(held, Math.max(0, 1000 - (Date.now() - pressedAt))));
    await touch.up();
    await inputHandled(app);

    expect(await sheet.isVisible()).toBe(true);
    await sheet.getByRole('textbox', { name: 'Price' }).fill('1.26');
    await sheet.getByRole('button', { name: 'Save alert' }).click();
    await app.expectToast('Price alert saved');
    expect(await app.route()).toBe('/');
  });
});

describe('the alert sheet', () => {
  it.each([
    ['ru', NARROW],
    ['ar', UPRIGHT],
    ['en', UPRIGHT],
  ] as const)(
    'in %s has the sheets’ padding and the whole change in view',
    async (language, phone) => {
      const gbpusd = await instrumentOf(suite.stack, 'GBPUSD');
      await movePrice(suite.stack, gbpusd, 1.25);
      const app = await openIn(language, '/', { phone });
      await app.page.getByTestId('quote-row-GBPUSD').click({ button: 'right' });
      const sheet = alertSheet(app, language);
      const reference = sheet.getByTestId('alert-reference');
      await eventually(() => reference.textContent()).toMatch(/%/);

      const fit = await reference.evaluate((figures) => {
        const panel = figures.closest('.modal-panel');
        if (!panel) throw new Error('the figures are not in a sheet');
        const outer = panel.getBoundingClientRect();
        const inner = figures.getBoundingClientRect();
        return {
          start: Math.round(inner.left - outer.left),
          end: Math.round(outer.right - inner.right),
          clipped: figures.scrollWidth > figures.clientWidth,
          onScreen: inner.left >= 0 && inner.right <= window.innerWidth,
        };
      });
      // The other sheets (the indicators', an order's details) keep 16 px from their edges.
      expect(fit.start).toBeGreaterThanOrEqual(16);
      expect(fit.end).toBeGreaterThanOrEqual(16);
      expect(fit.clipped).toBe(false);
      expect(fit.onScreen).toBe(true);
      await screenshot(app, `alert-sheet-${language}-${phone.viewport?.width}`);
    },
  );
});

/** The app's tab bar's labels whose words break across lines, or that are cut short. */
function brokenTabLabels(app: AppPage) {
  return app.page.locator('#root .tabbar').evaluate((bar) => {
    const broken: string[] = [];
    for (const label of bar.querySelectorAll<HTMLElement>('.tabbar-item span')) {
      const node = label.firstChild;
      const words = label.textContent ?? '';
      if (label.scrollWidth > label.clientWidth) broken.push(`${words}: cut short`);
      if (!node) continue;
      // A word ends at a space or at an invisible break hint (U+200B).
      let start = 0;
      for (const word of words.split(/[\s\u200b]/)) {
        const range = document.createRange();
        range.setStart(node, start);
        range.setEnd(node, start + word.length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(`${word}: over ${lines.size} lines`);
        start += word.length + 1;
      }
    }
    return broken;
  });
}

describe('the tab bar in Chinese, Japanese and Korean', () => {
  it.each([
    ['jp', UPRIGHT],
    ['jp', NARROW],
    ['kr', NARROW],
    ['hk', NARROW],
  ] as const)('in %s keeps every word whole', async (language, phone) => {
    const app = await openIn(language, '/', { phone });
    const rank = app.page.locator('#root .tabbar').getByRole('link', {
      name: text(language, 'web.tabs.documentary'),
    });
    await rank.waitFor();
    expect(await brokenTabLabels(app)).toEqual([]);
    if (language === 'jp') await screenshot(app, `tabs-jp-${phone.viewport?.width}`);
  });
});

describe('lots in Russian', () => {
  it('read one way in the stepper, the question, the toast, the chart labels and the rows', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const { account, token, quoted } = await fundedAt(suite.stack, eurusd, 1.085);
    const held = await buyLots(suite.stack, token, eurusd, 0.5);
    const app = await openIn('ru', `/trade?id=${eurusd.Id}`, { session: account.session });
    const { page } = app;
    const price = shown(formatPrice(quoted, eurusd.PricePrecision), 'ru');
    await eventually(() => page.getByTestId('trade-price').textContent()).toBe(price);

    // The stepper starts at the minimum, written as Russian writes it.
    const lots = page.getByRole('textbox', { name: text('ru', 'web.trade.lots'), exact: true });
    await eventually(() => lots.inputValue()).toBe('0,01');
    // Stepped up, still the same way; a lot typed with a point reads back with a comma.
    await page.getByRole('button', { name: text('ru', 'web.trade.lots_increase') }).click();
    await eventually(() => lots.inputValue()).toBe('0,02');
    await lots.fill('1');
    await lots.blur();
    await eventually(() => lots.inputValue()).toBe('1,00');

    await page.getByRole('button', { name: text('ru', 'web.trade.buy'), exact: true }).click();
    const question = confirmation(app);
    await question.getByText('1,00 лота', { exact: false }).waitFor();
    await question.getByRole('button', { name: text('ru', 'web.trade.confirm') }).click();
    const filled = text('ru', 'web.order_fill.filled', {
      code: eurusd.ShowCode,
      side: text('ru', 'web.trade.buy'),
      lots: '1,00 лота',
      price,
    });
    await app.expectToast(filled);

    // The chart's entry labels: the figure alone, as the form writes it.
    const figures = page.locator('.chart-line-entry .chart-line-figure');
    await eventually(async () => (await figures.allTextContents()).sort()).toEqual([
      '0,50',
      '1,00',
    ]);

    // The orders screen: rows and the close question.
    await page.goto('/order');
    const row = orderRow(app, held.Id);
    await eventually(() => row.locator('.orders-lots').textContent()).toBe('0,50 лота');
    await row.getByRole('button', { name: text('ru', 'web.order.close') }).click();
    const close = text('ru', 'web.order.close_confirm', {
      code: eurusd.ShowCode,
      side: text('ru', 'web.order.buy'),
      lots: '0,50 лота',
    });
    await confirmation(app).getByText(close, { exact: true }).waitFor();
    await screenshot(app, 'lots-ru-close');
  });
});

describe('a number of lots', () => {
  it.each([
    ['ar', [1, 3], ['1.00 لوت', '3.00 لوتات']],
    ['en', [1, 3], ['1.00 lots', '3.00 lots']],
    ['fr', [1, 3], ['1,00 lot', '3,00 lots']],
  ] as const)(
    'in %s takes the plural form of the figure as written',
    async (language, sizes, said) => {
      const eurusd = await instrumentOf(suite.stack, 'EURUSD');
      const { account, token } = await fundedAt(suite.stack, eurusd, 1.085);
      const orders = [];
      for (const size of sizes) orders.push(await buyLots(suite.stack, token, eurusd, size));
      const app = await openIn(language, '/order', { session: account.session });
      for (const [index, order] of orders.entries()) {
        await eventually(() => orderRow(app, order.Id).locator('.orders-lots').textContent()).toBe(
          said[index],
        );
      }
      if (language !== 'fr') await screenshot(app, `lots-${language}-rows`);
    },
  );
});

describe('the support chat', () => {
  it('says in Arabic that its page cannot be reached, and offers every way out', () =>
    withSupportPage(suite.stack, async () => {
      const account = await registerByEmail(suite.stack);
      const app = await suite.newApp(UPRIGHT);
      await useScriptFonts(app.context);
      await allowClipboard(app, suite.stack.baseUrl);
      // The support host refuses every connection: the frame would show the browser's error.
      let reachable = false;
      await app.context.route(`${suite.stack.baseUrl}${SUPPORT_PATH}?*`, (route) =>
        reachable
          ? route.fulfill({ contentType: 'text/html', body: '<p>Support desk</p>' })
          : route.abort('connectionrefused'),
      );
      await seedLanguage(app, 'ar', account.session);
      await openWithoutQuery(app, '/mine/chat', 'ar');
      const notice = app.page.getByTestId('chat-unreachable');
      await notice.getByText(text('ar', 'web.chat.unreachable')).waitFor();
      await expect.poll(() => app.page.locator('iframe').count()).toBe(0);
      await screenshot(app, 'chat-unreachable-ar');

      const open = notice.getByRole('link', { name: text('ar', 'web.chat.open_in_browser') });
      const src = (await open.getAttribute('href')) ?? '';
      expect(src).toContain(`${SUPPORT_PATH}?uid=`);
      expect(await open.getAttribute('target')).toBe('_blank');
      await notice.getByRole('button', { name: text('ar', 'web.chat.copy_link') }).click();
      await eventually(() => clipboardText(app)).toBe(src);

      // The host answers again: "Try again" shows its page.
      reachable = true;
      await notice.getByRole('button', { name: text('ar', 'web.list.retry') }).click();
      await app.page.frameLocator('iframe').getByText('Support desk').waitFor();
      await expect.poll(() => notice.count()).toBe(0);

      // The other way out: the complaint e-mail.
      reachable = false;
      await app.reload();
      await notice.getByRole('link', { name: text('ar', 'web.chat.email_us') }).click();
      await app.waitForRoute('/mine/email');
    }));

  it.each([
    ['ar', NARROW],
    ['ru', NARROW],
    ['en', UPRIGHT],
  ] as const)('in %s names its header icons in words', (language, phone) =>
    withSupportPage(suite.stack, async () => {
      const account = await registerByEmail(suite.stack);
      const app = await suite.newApp(phone);
      await useScriptFonts(app.context);
      await app.context.route(`${suite.stack.baseUrl}${SUPPORT_PATH}?*`, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<p>Support desk</p>' }),
      );
      await seedLanguage(app, language, account.session);
      await openWithoutQuery(app, '/mine/chat', language);
      const header = app.page.locator('header');
      const actions = [
        header.getByRole('link', { name: text(language, 'web.chat.open_in_browser') }),
        header.getByRole('button', { name: text(language, 'web.chat.copy_link') }),
      ];
      for (const action of actions) {
        // A word under the icon, in view and whole, that the accessible name contains.
        const word = action.locator('span');
        await word.waitFor();
        const caption = (await word.textContent()) ?? '';
        expect(caption.trim()).not.toBe('');
        const name = (await action.getAttribute('aria-label')) ?? '';
        expect(name.toLocaleLowerCase(LANGUAGE_TAGS[language])).toContain(
          caption.toLocaleLowerCase(LANGUAGE_TAGS[language]),
        );
        expect(await word.evaluate((span) => span.scrollWidth <= span.clientWidth)).toBe(true);
      }
      await screenshot(app, `chat-header-${language}-${phone.viewport?.width}`);
    }),
  );
});
