import {
  FIRST_SCREEN_DATA_ID,
  formatMargin,
  formatPrice,
  LANGUAGE_TAGS,
  orderMargin,
  RTL_LANGUAGES,
} from '@pipstream/protocol';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_DIR } from '../../web/src/service-worker/requests.js';
import { registerByEmail } from './test-support/accounts.js';
import type { AppPage } from './test-support/browser.js';
import { eventually } from './test-support/eventually.js';
import {
  chooseLanguage,
  documentLanguage,
  localeText,
  openWithoutQuery,
  recordApiCalls,
  seedLanguage,
  shown,
} from './test-support/languages.js';
import { useBrowserSuite } from './test-support/suite.js';
import { FUNDED_BALANCE, instrumentOf, movePrice, registerFunded } from './test-support/trading.js';

// Prices are set by the tests: the simulator's own steps are a minute apart.
const suite = useBrowserSuite({ mock: { tickMs: 60_000 } });

/** The phone's width (test-support/browser.ts). */
const SCREEN_WIDTH = 360;

/** Where `locator` is on screen; fails when it is not rendered. */
async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

/** The `lang` header of every call recorded, and that there was at least one. */
function langHeaders(calls: ReturnType<typeof recordApiCalls>): string[] {
  expect(calls.length).toBeGreaterThan(0);
  return calls.map((call) => call.headers().lang ?? '(none)');
}

describe('right to left', () => {
  it('mirrors the layout when Arabic is chosen, and the app keeps working in Arabic', async () => {
    const account = await registerByEmail(suite.stack);
    const gold = await instrumentOf(suite.stack, 'XAUUSD');
    const level = await movePrice(suite.stack, gold, 2345.67);
    const app = await suite.newApp();
    const { page } = app;
    const ar = (key: string) => localeText('ar', key);
    expect(RTL_LANGUAGES.has('ar')).toBe(true);

    await chooseLanguage(app, 'ar');
    await eventually(() => documentLanguage(app)).toEqual({ lang: 'ar', dir: 'rtl' });
    await app.waitForRoute('/');
    await page.getByRole('heading', { name: ar('web.home.title'), level: 1 }).waitFor();

    // The tab bar reads from the right: the first tab (quotes) is the rightmost.
    const tabBar = page.getByRole('navigation', { name: ar('web.tabs.label') });
    const tabs = ['quotes', 'trade', 'order', 'documentary', 'personal_center'];
    const lefts: number[] = [];
    for (const tab of tabs) {
      const link = tabBar.getByRole('link', { name: ar(`web.tabs.${tab}`), exact: true });
      lefts.push((await boxOf(link)).x);
    }
    expect(lefts).toEqual([...lefts].sort((a, b) => b - a));
    expect(new Set(lefts).size).toBe(tabs.length);

    // The language drawer (a start drawer) comes in from the right.
    await page.getByRole('button', { name: ar('web.home.choose_language'), exact: true }).click();
    const drawer = page.getByRole('dialog', { name: ar('web.language.title') });
    await eventually(async () => {
      const box = await boxOf(drawer);
      return Math.round(box.x + box.width);
    }).toBe(SCREEN_WIDTH);
    expect((await boxOf(drawer)).x).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    // The tabs still lead where they should, the screens speak Arabic.
    await tabBar.getByRole('link', { name: ar('web.tabs.trade'), exact: true }).click();
    await app.waitForRoute(/^\/trade/);
    await page.getByRole('button', { name: ar('web.trade.buy'), exact: true }).waitFor();

    // A price keeps Latin digits and the instrument's decimals, grouped as Arabic groups.
    await openWithoutQuery(app, `/trade?id=${gold.Id}`);
    const priceText = shown(formatPrice(level, gold.PricePrecision), 'ar');
    expect(priceText).toMatch(/^\u200e?2,345\.67$/);
    await eventually(() => page.getByTestId('trade-price').textContent()).toBe(priceText);
    await tabBar.getByRole('link', { name: ar('web.tabs.personal_center'), exact: true }).click();
    await app.waitForRoute('/login?from=%2Fuser');

    // The header's back button sits at the right edge.
    await page.getByRole('heading', { name: ar('web.login.title'), level: 1 }).waitFor();
    const back = await boxOf(
      page.getByRole('button', { name: ar('web.common.back'), exact: true }),
    );
    expect(back.x).toBeGreaterThan(SCREEN_WIDTH / 2);
    expect(back.x + back.width).toBeGreaterThan(SCREEN_WIDTH - 12);

    // The login form in Arabic, and the server's refusal in Arabic too (the `lang` header).
    await page.getByRole('tab', { name: ar('web.auth.by_email'), exact: true }).click();
    await page.getByLabel(ar('web.auth.email'), { exact: true }).fill(account.email);
    await page.getByLabel(ar('web.auth.password'), { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: ar('web.login.submit'), exact: true }).click();
    await app.expectToast(localeText('ar', 'mock.account.invalid_credentials'));
    expect(await documentLanguage(app)).toEqual({ lang: 'ar', dir: 'rtl' });
  });
});

describe('the chosen language', () => {
  it('keeps Japanese across a reload: texts, <html lang> and the lang header of every call', async () => {
    const app = await suite.newApp();
    const { page } = app;
    const jp = (key: string) => localeText('jp', key);
    // Japanese is drawn with the phone's own fonts: the app downloads none.
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(request.url());
    });

    await chooseLanguage(app, 'jp');
    await eventually(() => documentLanguage(app)).toEqual({ lang: 'ja', dir: 'ltr' });
    await app.waitForRoute('/');
    await app.idle();

    const calls = recordApiCalls(app);
    await app.reload();
    await eventually(() => documentLanguage(app)).toEqual({ lang: 'ja', dir: 'ltr' });
    await page.getByRole('heading', { name: jp('web.home.title'), level: 1 }).waitFor();
    const tabBar = page.getByRole('navigation', { name: jp('web.tabs.label') });
    await tabBar.getByRole('link', { name: jp('web.tabs.quotes'), exact: true }).waitFor();
    await app.idle();
    expect(new Set(langHeaders(calls))).toEqual(new Set(['jp']));
    expect(await page.evaluate(() => localStorage.getItem('pipstream.lang'))).toBe('"jp"');
    expect(fonts).toEqual([]);
  });

  it('reads tw, in the query or kept from an earlier visit, as traditional Chinese (hk)', async () => {
    const hk = (key: string) => localeText('hk', key);

    const linked = await suite.newApp();
    const linkedCalls = recordApiCalls(linked);
    await openWithoutQuery(linked, '/', 'tw');
    await eventually(() => documentLanguage(linked)).toEqual({ lang: 'zh-Hant-HK', dir: 'ltr' });
    await linked.page.getByRole('heading', { name: hk('web.home.title'), level: 1 }).waitFor();
    await linked.idle();
    expect(new Set(langHeaders(linkedCalls))).toEqual(new Set(['hk']));

    const returning = await suite.newApp();
    await seedLanguage(returning, 'tw');
    const returningCalls = recordApiCalls(returning);
    await openWithoutQuery(returning, '/');
    await eventually(() => documentLanguage(returning)).toEqual({
      lang: 'zh-Hant-HK',
      dir: 'ltr',
    });
    const tabBar = returning.page.getByRole('navigation', { name: hk('web.tabs.label') });
    await tabBar.getByRole('link', { name: hk('web.tabs.quotes'), exact: true }).waitFor();
    await returning.idle();
    expect(new Set(langHeaders(returningCalls))).toEqual(new Set(['hk']));
  });
});

/** A language's texts fetched by the page. */
interface TextsFetch {
  readonly language: string;
  /** Asked for while the entry script was still arriving: named by the page, not the app. */
  readonly besideEntry: boolean;
  /** When it was asked for (ms from the navigation). */
  readonly startTime: number;
}

/** What the page held when the app's first render reached the screen (`#root`'s tab bar). */
interface FirstRender {
  /** The tab bar's name: the language the app rendered in first. */
  readonly tabs: string;
  /** The languages' texts fetched by then. */
  readonly texts: readonly TextsFetch[];
  /** When (ms from the navigation). */
  readonly at: number;
}

type Recorder = { textsFetched(): TextsFetch[]; firstRender?: FirstRender };

/**
 * Records, from before the page's first script runs, the texts the page fetches and what it
 * held at the app's first render.
 */
async function recordFirstRender(app: AppPage) {
  await app.page.addInitScript((dir) => {
    const recorder = window as unknown as Recorder;
    recorder.textsFetched = () => {
      const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src;
      const loaded = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const entryEnd = loaded.find((item) => item.name === entry)?.responseEnd ?? 0;
      return loaded
        .map((item) => ({ path: new URL(item.name).pathname, item }))
        .filter(({ path }) => path.startsWith(`/${dir}/`))
        .map(({ path, item }) => ({
          language: String(path.split('/').pop()?.split('-')[0]),
          besideEntry: item.startTime < entryEnd,
          startTime: item.startTime,
        }));
    };
    new MutationObserver((_records, observer) => {
      const tabs = document.querySelector('#root nav[aria-label]')?.getAttribute('aria-label');
      if (tabs == null) return;
      observer.disconnect();
      recorder.firstRender = { tabs, texts: recorder.textsFetched(), at: performance.now() };
    }).observe(document, { childList: true, subtree: true });
  }, LANGUAGE_DIR);
}

async function firstRender(app: AppPage): Promise<FirstRender> {
  await app.page.waitForFunction(() => (window as unknown as Recorder).firstRender !== undefined);
  return app.page.evaluate(() => (window as unknown as Required<Recorder>).firstRender);
}

const textsFetched = (app: AppPage) =>
  app.page.evaluate(() => (window as unknown as Recorder).textsFetched());

describe('the first render', () => {
  it('is in the chosen language, its texts preloaded beside the entry, English only after it', async () => {
    for (const [route, language, preloaded] of [
      // The page the gateway paints names the visitor's language.
      ['/?lang=ar', 'ar', 'ar'],
      // The build's page names the default language, a first visitor's.
      ['/', 'hk', 'hk'],
      // The build's page in another language: its texts come after the entry, all the same
      // before the first render.
      ['/news?lang=ar', 'ar', 'hk'],
    ] as const) {
      // A first visit: no language kept (the harness keeps English).
      const app = await suite.newApp();
      await app.context.addInitScript(() => localStorage.removeItem('pipstream.lang'));
      await recordFirstRender(app);
      if (preloaded === language) {
        const page = () => fetch(`${suite.stack.baseUrl}${route}`).then((answer) => answer.text());
        await eventually(page).toContain(FIRST_SCREEN_DATA_ID);
      }
      await app.page.goto(route);
      const first = await firstRender(app);
      expect(first.tabs, route).toBe(localeText(language, 'web.tabs.label'));
      expect(
        first.texts.map((fetch) => fetch.language),
        route,
      ).toContain(language);
      // The page's preload fetched its language's texts beside the entry, not the app once
      // it had run.
      const beside = (await textsFetched(app)).filter((fetch) => fetch.besideEntry);
      expect(
        beside.map((fetch) => fetch.language),
        route,
      ).toEqual([preloaded]);
      // English, the fallback, asked for only after the first render.
      const english = async () =>
        (await textsFetched(app)).filter((fetch) => fetch.language === 'en');
      await eventually(async () => (await english()).length).toBeGreaterThan(0);
      for (const fetch of await english()) expect(fetch.startTime, route).toBeGreaterThan(first.at);
      expect(await documentLanguage(app), route).toEqual({
        lang: LANGUAGE_TAGS[language],
        dir: language === 'ar' ? 'rtl' : 'ltr',
      });
    }
  });
});

describe('numbers', () => {
  it('writes amounts the German way with the decimals the product sets: a balance and a margin', async () => {
    const account = await registerFunded(suite.stack);
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const market = await movePrice(suite.stack, eurusd, 1.085);
    const app = await suite.newApp();
    const { page } = app;
    await seedLanguage(app, 'de', account.session);
    await openWithoutQuery(app, '/user');
    await eventually(() => documentLanguage(app)).toEqual({ lang: 'de', dir: 'ltr' });

    // A balance: 2 decimals after a ',' and '.' between thousands.
    const german = (digits: number) =>
      new Intl.NumberFormat('de', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    const balance = german(2).format(Number(FUNDED_BALANCE));
    expect(balance).toMatch(/^\d{1,3}(\.\d{3})+,\d{2}$/);
    await eventually(() => page.getByTestId('balance').textContent()).toBe(balance);

    // An estimated margin: 6 decimals after a ','.
    await openWithoutQuery(app, `/trade?id=${eurusd.Id}`);
    const [leverage] = eurusd.HasForexMultiple;
    const margin = formatMargin(
      orderMargin(eurusd, eurusd.ForexMinCont, market, leverage?.Value ?? 0),
    );
    const marginText = german(6).format(margin as Intl.StringNumericLiteral);
    expect(marginText).toMatch(/^[\d.]+,\d{6}$/);
    await eventually(() => page.getByTestId('trade-estimate-margin').textContent()).toBe(
      marginText,
    );
    await page
      .getByRole('button', { name: localeText('de', 'web.trade.buy'), exact: true })
      .waitFor();
  });
});
