import type { Language } from '@pipstream/protocol';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerByEmail } from './test-support/accounts.js';
import type { AppPage } from './test-support/browser.js';
import { publishNews } from './test-support/content.js';
import { eventually } from './test-support/eventually.js';
import { localeText, openWithoutQuery, seedLanguage } from './test-support/languages.js';
import { UPRIGHT } from './test-support/phone.js';
import { useBrowserSuite } from './test-support/suite.js';
import { confirmation, fundAccount, instrumentOf } from './test-support/trading.js';

const suite = useBrowserSuite();

/** The category keys of the mock's locale texts, in display order. */
const CATEGORY_KEYS = [
  'forex_majors',
  'forex_crosses',
  'metals',
  'energy',
  'indices',
  'crypto',
  'stocks',
] as const;

/** The category names the quotes screen's filter bar shows, after "All". */
async function categoryTabs(app: AppPage, language: Language): Promise<string[]> {
  const bar = app.page.getByRole('tablist', { name: localeText(language, 'web.home.categories') });
  const tabs = bar.getByRole('tab');
  await eventually(() => tabs.count()).toBe(CATEGORY_KEYS.length + 1);
  return (await tabs.allTextContents()).slice(1).map((name) => name.trim());
}

function expectedCategories(language: Language): string[] {
  return CATEGORY_KEYS.map((key) => localeText(language, `mock.market.categories.${key}`));
}

/**
 * Where a text's last character is drawn against its first: English read left to right ends on
 * the right; laid out right to left, its full stop or bracket jumps to the left.
 */
function lastLetterSide(field: Locator): Promise<'left' | 'right'> {
  return field.evaluate((element) => {
    const text = element.firstChild;
    if (!(text instanceof Text) || text.length < 2) throw new Error('not a plain text');
    const at = (offset: number) => {
      const range = document.createRange();
      range.setStart(text, offset);
      range.setEnd(text, offset + 1);
      return range.getBoundingClientRect().left;
    };
    return at(text.length - 1) > at(0) ? 'right' : 'left';
  });
}

describe('names from the server', () => {
  it.each(['ar', 'fa', 'jp', 'th', 'ru', 'hi', 'my'] as const)(
    'names the categories in %s',
    async (language) => {
      const app = await suite.newApp(UPRIGHT);
      await seedLanguage(app, language);
      await openWithoutQuery(app, '/');
      expect(await categoryTabs(app, language)).toEqual(expectedCategories(language));
    },
  );

  it('names them again in a language chosen from the drawer, without leaving the screen', async () => {
    const app = await suite.newApp(UPRIGHT);
    await app.open('/');
    expect(await categoryTabs(app, 'en')).toEqual(expectedCategories('en'));
    await app.page.getByRole('button', { name: 'Choose language', exact: true }).click();
    await app.page.getByRole('dialog').getByText('Русский', { exact: true }).click();
    await eventually(() => categoryTabs(app, 'ru')).toEqual(expectedCategories('ru'));
    // Instruments listed under a name carry it in the language too.
    await app.page
      .getByRole('tab', { name: localeText('ru', 'mock.market.categories.metals') })
      .click();
    await app.page.getByTestId('quote-row-COPPER').getByText('Медь', { exact: true }).waitFor();
  });

  it('lets upstream text in Arabic pages keep its own direction', async () => {
    const title = `Gold rallies 2% on rate-cut hopes ${Date.now()}.`;
    const item = await publishNews(suite.stack, {
      title,
      desc: 'Traders bought the dip.',
      content: '<p>Spot gold rose 2% (to 2,400 USD).</p>',
    });
    const app = await suite.newApp(UPRIGHT);
    await seedLanguage(app, 'ar');
    await openWithoutQuery(app, '/news');
    const row = app.page.getByTestId(`news-row-${item.id}`);
    const rowTitle = row.getByText(title, { exact: true });
    await rowTitle.waitFor();
    expect(await rowTitle.getAttribute('dir')).toBe('auto');
    // English text reads left to right, its full stop at its end, inside the Arabic page.
    expect(await rowTitle.evaluate((element) => element.matches(':dir(ltr)'))).toBe(true);
    expect(await app.page.locator('html').getAttribute('dir')).toBe('rtl');
    await row.click();
    const heading = app.page.getByRole('heading', { level: 2, name: title });
    await heading.waitFor();
    expect(await heading.evaluate((element) => element.matches(':dir(ltr)'))).toBe(true);
    const content = app.page.getByTestId('news-content');
    expect(await content.evaluate((element) => element.matches(':dir(ltr)'))).toBe(true);
  });

  it('lets company details in Arabic pages keep their own direction', async () => {
    // The mock's company with the endings that bidi moves: a full stop, a closing bracket.
    const ending = {
      name: 'Pipstream Markets Ltd.',
      subject: 'Pipstream Holdings (Seychelles) Ltd.',
      location: '21 Kingsway Quay, London (UK).',
      registered_address: 'Suite 305, Anchor House, Victoria, Seychelles.',
    };
    const app = await suite.newApp(UPRIGHT);
    await app.context.route(`${suite.stack.baseUrl}/api/company/getCompany*`, async (route) => {
      const answer = await route.fetch();
      const body = await answer.json();
      await route.fulfill({
        response: answer,
        json: { ...body, data: { ...body.data, ...ending } },
      });
    });
    await seedLanguage(app, 'ar');
    await openWithoutQuery(app, '/feedback');
    const info = app.page.getByTestId('company-info');
    await info.getByText(ending.name, { exact: true }).waitFor();
    expect(await app.page.locator('html').getAttribute('dir')).toBe('rtl');
    for (const [testId, text] of [
      ['company-name', ending.name],
      ['company-subject', ending.subject],
      ['company-office', ending.location],
      ['company-registered', ending.registered_address],
    ] as const) {
      const field = info.getByTestId(testId);
      expect(await field.textContent(), testId).toBe(text);
      expect(await field.getAttribute('dir'), testId).toBe('auto');
      expect(await field.evaluate((element) => element.matches(':dir(ltr)')), testId).toBe(true);
      expect(await lastLetterSide(field), testId).toBe('right');
    }
  });
});

describe('the words traders use', () => {
  it('confirms an order without stops in Russian with one full stop', async () => {
    const account = await registerByEmail(suite.stack);
    await fundAccount(suite.stack, account.session.token);
    const euro = await instrumentOf(suite.stack, 'EURUSD');
    const app = await suite.newApp(UPRIGHT);
    await seedLanguage(app, 'ru', account.session);
    await openWithoutQuery(app, `/trade?id=${euro.Id}`);
    await app.page
      .getByRole('button', { name: localeText('ru', 'web.trade.buy'), exact: true })
      .click();
    const dialog = confirmation(app);
    await dialog.waitFor();
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain('стоп-лосс: не задан, тейк-профит: не задан.');
    expect(text).not.toContain('..');
  });

  it('names the copy-trade tab "Copy trading", and its screen alike', async () => {
    const app = await suite.newApp(UPRIGHT);
    await app.open('/rank');
    const tab = app.page.getByRole('navigation', { name: 'Main sections' }).getByRole('link', {
      name: 'Copy trading',
      exact: true,
    });
    expect(await tab.getAttribute('aria-current')).toBe('page');
    await app.page.getByRole('heading', { level: 1, name: 'Copy trading', exact: true }).waitFor();
    // The name in each of the 21 languages is pinned in locales/terms.test.ts.
  });
});
