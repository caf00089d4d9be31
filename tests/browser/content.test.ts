import { setTimeout as delay } from 'node:timers/promises';
import {
  formatChangePercent,
  LANGUAGES,
  manifestSchema,
  type RankingItem,
  routes,
} from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { type AppPage, title } from './test-support/browser.js';
import {
  HOSTILE_HTML,
  HOSTILE_SAFE_TEXT,
  imagesSettled,
  PWNED_FLAG,
  pngSize,
  publishNews,
  pullDown,
  pwned,
  scriptTraces,
  setCompanyType,
  withoutCsp,
} from './test-support/content.js';
import { eventually } from './test-support/eventually.js';
import { localeText } from './test-support/languages.js';
import { useBrowserSuite } from './test-support/suite.js';

const suite = useBrowserSuite();

/** The screen's title (each screen has one `h1`). */
/** Scrolls to the end of the page until `end` shows (each scroll may load another page). */
async function scrollUntil(app: AppPage, end: ReturnType<AppPage['page']['getByText']>) {
  await eventually(async () => {
    await app.page.mouse.wheel(0, 4000);
    return end.isVisible();
  }).toBe(true);
}

describe('news', () => {
  it('pages the news to "No more", refreshes by pulling, and opens an item', async () => {
    const first = await suite.stack.api.call('newsList', { page: 1 });
    const app = await suite.newApp();
    const { page } = app;
    // When the list's first page last came in: the gateway shares that answer for its cache's
    // lifetime, so a pull inside it shows the same page (seen: a pull 0.77 s after it).
    let firstPageAt = 0;
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname === routes.newsList.path && url.searchParams.get('page') === '1') {
        firstPageAt = Date.now();
      }
    });
    await app.open('/news');
    await title(app, 'News').waitFor();
    const rows = page.locator('[data-testid^="news-row-"]');
    await rows.first().waitFor();
    expect(
      await rows
        .first()
        .getByText(first.data[0]?.title ?? '?')
        .isVisible(),
    ).toBe(true);
    // The first page only, until the end of the list comes near.
    expect(await rows.count()).toBeLessThan(first.total);

    const noMore = page.getByText('No more', { exact: true });
    await scrollUntil(app, noMore);
    expect(await rows.count()).toBe(first.total);
    const ids = await rows.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(new Set(ids).size).toBe(first.total);

    // A new item is published: a pull from the top, once the first page's shared answer has
    // expired at the gateway, shows it first.
    await page.evaluate(() => window.scrollTo(0, 0));
    await app.idle();
    const fresh = await publishNews(suite.stack, {
      title: 'Pulled in by a refresh',
      desc: 'Published while the list was open.',
      content: '<p>Fresh content.</p>',
    });
    expect(firstPageAt).toBeGreaterThan(0);
    await delay(Math.max(0, firstPageAt + suite.stack.cacheTtlMs - Date.now()));
    await pullDown(app);
    await eventually(() => rows.first().getAttribute('data-testid')).toBe(`news-row-${fresh.id}`);
    expect(await rows.first().textContent()).toContain('Published while the list was open.');

    // A row opens its item: the content is rendered as HTML, its links open a new tab.
    const seeded = first.data[0];
    if (!seeded) throw new Error('no news');
    await page.getByTestId(`news-row-${seeded.id}`).click();
    await app.waitForRoute(`/news/detail?id=${seeded.id}`);
    await page.getByRole('heading', { level: 2, name: seeded.title }).waitFor();
    const content = page.getByTestId('news-content');
    expect(await content.locator('li').count()).toBeGreaterThan(0);
    const image = content.locator('img').first();
    expect(await image.getAttribute('src')).toBe(seeded.logo);
    // Images follow the column: never wider than the content.
    const widths = await content.evaluate((root) => ({
      column: root.clientWidth,
      image: root.querySelector('img')?.getBoundingClientRect().width ?? 0,
    }));
    expect(widths.image).toBeGreaterThan(0);
    expect(widths.image).toBeLessThanOrEqual(widths.column);
    const link = content.locator('a').first();
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('renders a hostile item as its safe text without running any of its script', async () => {
    const hostile = await publishNews(suite.stack, {
      title: 'Hostile markup',
      content: HOSTILE_HTML,
    });
    const app = await suite.newApp();
    const { page } = app;
    // Without the CSP the page would run whatever the sanitiser let through.
    await withoutCsp(page);
    await app.open(`/news/detail?id=${hostile.id}`);
    const content = page.getByTestId('news-content');
    await content.getByText(HOSTILE_SAFE_TEXT).waitFor();
    await imagesSettled(content);

    // Nowhere in the page an event handler or a script URL; in the article nothing that runs
    // script or restyles the app.
    const whole = await scriptTraces(page.locator('html'));
    expect({ handlers: whole.handlers, scriptUrls: whole.scriptUrls }).toEqual({
      handlers: [],
      scriptUrls: [],
    });
    expect(await scriptTraces(content)).toEqual({
      handlers: [],
      scriptUrls: [],
      forbidden: [],
      styled: [],
    });
    expect(await pwned(page)).toBeUndefined();
    // The link texts stay readable; the `javascript:` and `data:` ones lost their target.
    for (const name of [
      'Plain javascript link',
      'Mixed-case link',
      'Encoded link',
      'Tabbed link',
    ]) {
      expect(await content.getByText(name).getAttribute('href')).toBeNull();
    }
    expect(await content.getByText('Data link').getAttribute('href')).toBeNull();
    await content.getByText('Plain javascript link').click();
    expect(await app.route()).toBe(`/news/detail?id=${hostile.id}`);
    // What is safe survives: a web link (in a new tab, cut off from this one) and an inline PNG.
    const safe = content.getByRole('link', { name: 'A safe link' });
    expect(await safe.getAttribute('href')).toBe('https://www.pipstream.example/safe');
    expect(await safe.getAttribute('target')).toBe('_blank');
    expect(await safe.getAttribute('rel')).toBe('noopener noreferrer');
    const pixel = content.getByAltText('inline pixel');
    expect(await pixel.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await pixel.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
    // The overlay lost its style: it is an ordinary block of the article, not over the app.
    expect(await page.getByRole('button', { name: 'Back' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Back' }).click({ trial: true });

    // The check can fail: the same handler written straight into the page runs.
    await page.evaluate(
      (flag) =>
        document.body.insertAdjacentHTML(
          'beforeend',
          `<img src="/control-${Date.now()}.png" onerror="window.${flag} = 'control'">`,
        ),
      PWNED_FLAG,
    );
    await eventually(() => pwned(page)).toBe('control');
  });

  it('says an unknown or malformed item is not found, with a way back to the list', async () => {
    const app = await suite.newApp();
    const { page } = app;
    await app.open('/news/detail?id=999999');
    await page.getByText('This news item could not be found.').waitFor();
    await page.getByRole('link', { name: 'Back to news' }).click();
    await app.waitForRoute('/news');
    await title(app, 'News').waitFor();

    await app.open('/news/detail?id=abc');
    await page.getByText('This news item could not be found.').waitFor();
    await app.open('/news/detail');
    await page.getByText('This news item could not be found.').waitFor();
  });
});

describe('ranking', () => {
  it('lists the leaders with their three-week figures and ends with "No more"', async () => {
    const leaders = await suite.stack.api.call('followList');
    const best = leaders[0] as RankingItem;
    const app = await suite.newApp();
    const { page } = app;
    await app.open('/rank');
    const top = page.getByTestId('rank-row-1');
    await top.waitFor();
    expect(await top.getByText(best.user, { exact: true }).isVisible()).toBe(true);
    expect(await top.getByText(formatChangePercent(best.three_week_rate)).first().isVisible()).toBe(
      true,
    );
    expect(await top.getByText('3-week win rate').isVisible()).toBe(true);
    expect(await top.getByText('3-week profit').isVisible()).toBe(true);
    expect(await page.locator('[data-testid^="rank-row-"]').count()).toBe(leaders.length);
    await scrollUntil(app, page.getByText('No more', { exact: true }));
  });

  it('says "No data" when the ranking cannot be read and "Coming soon" when it is empty', async () => {
    const app = await suite.newApp();
    const { page } = app;
    let answer: object = { code: 0, msg: 'Ranking unavailable', data: null };
    await page.route('**/api/follow/list**', (route) => route.fulfill({ json: answer }));
    await app.open('/rank');
    await app.expectToast('Ranking unavailable');
    const empty = page.locator('.empty-state');
    await empty.getByText('No data', { exact: true }).waitFor();

    answer = { code: 1, msg: '', data: [] };
    await page.getByRole('button', { name: 'Try again' }).click();
    await empty.getByText('Coming soon', { exact: true }).waitFor();
    expect(await page.locator('[data-testid^="rank-row-"]').count()).toBe(0);

    await page.unroute('**/api/follow/list**');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByTestId('rank-row-1').waitFor();
    expect(await empty.count()).toBe(0);
  });
});

describe('language', () => {
  it('lists the 21 languages, marks the current one, and moves the mark with a choice', async () => {
    const app = await suite.newApp();
    const { page } = app;
    await app.open('/language');
    const list = page.getByRole('list', { name: 'Language' });
    const choices = list.getByRole('button');
    await choices.first().waitFor();
    expect(await choices.count()).toBe(LANGUAGES.length);
    expect(LANGUAGES).toHaveLength(21);
    const tags = await list
      .locator('[lang]')
      .evaluateAll((names) => names.map((name) => name.getAttribute('lang')));
    expect(new Set(tags).size).toBe(21);
    const current = list.locator('[aria-current="true"]');
    expect(await current.count()).toBe(1);
    expect(await current.textContent()).toBe('English');

    await list.getByRole('button', { name: 'Deutsch' }).click();
    await app.waitForRoute('/');
    await page.evaluate(() => {
      history.pushState(null, '', '/language');
    });
    // The list now speaks German: found by its German name.
    const german = page.getByRole('list', { name: localeText('de', 'web.language.title') });
    await eventually(() => german.locator('[aria-current="true"]').textContent()).toBe('Deutsch');
    expect(await german.locator('[aria-current="true"]').count()).toBe(1);
  });
});

describe('company-directory mode', () => {
  it('lists companies with links, and shows the company information, the notice and its cookie', async () => {
    await setCompanyType(suite.stack, 0);
    try {
      const app = await suite.newApp();
      const { page, context } = app;
      await app.open('/product');
      await title(app, 'Find a company').waitFor();
      await page.getByLabel('Company name').fill('kestrel');
      const row = page.getByRole('link', { name: /Kestrel Markets Ltd/ });
      await row.waitFor();
      expect(await row.getAttribute('href')).toBe('https://www.kestrelmarkets.example/');
      expect(await row.getAttribute('target')).toBe('_blank');
      expect(await row.locator('img').count()).toBe(1);
      // The directory names who is not served, beside the results.
      expect(await page.getByTestId('service-notice').textContent()).toContain('North Korea');

      const company = await suite.stack.api.call('company');
      await app.open('/feedback');
      const info = page.getByTestId('company-info');
      await info.getByText(company.name).waitFor();
      expect(await info.getByTestId('company-subject').textContent()).toBe(company.subject);
      expect(await info.getByTestId('company-email').textContent()).toContain(company.email);
      const website = info.getByTestId('company-website').getByRole('link');
      expect(await website.getAttribute('href')).toBe(`${company.url}/`);
      expect(await website.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await info.getByTestId('company-office').textContent()).toBe(company.location);
      expect(await info.getByTestId('company-registered').textContent()).toBe(
        company.registered_address,
      );
      const notice = page.getByTestId('service-notice');
      const text = (await notice.textContent()) ?? '';
      for (const country of ['North Korea', 'Israel', 'China', 'Vanuatu', 'Cuba']) {
        expect(text).toContain(country);
      }

      // The company cookie: as long as Chromium keeps any cookie (400 days; the app asks for
      // 3 years), and enough to show the company with its call failing.
      const cookie = (await context.cookies()).find((c) => c.name === 'pipstream_company');
      expect(cookie).toBeDefined();
      const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(399);
      await page.route('**/api/company/getCompany**', (route) => route.abort());
      await app.reload();
      await info.getByTestId('company-subject').waitFor();
      expect(await info.getByTestId('company-subject').textContent()).toBe(company.subject);
    } finally {
      await setCompanyType(suite.stack, 1);
    }
  });
});

describe('manifest', () => {
  it('serves an installable manifest through the gateway, with icons that load', async () => {
    const response = await fetch(`${suite.stack.baseUrl}/manifest.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/json/);
    const manifest = manifestSchema.parse(await response.json());
    expect(manifest).toMatchObject({
      name: 'Pipstream',
      short_name: 'Pipstream',
      start_url: './',
      scope: './',
      display: 'standalone',
      theme_color: '#0b0e14',
      background_color: '#0b0e14',
    });
    for (const size of [192, 512]) {
      const icon = manifest.icons.find(
        (i) => i.sizes === `${size}x${size}` && i.purpose !== 'maskable',
      );
      expect(icon?.type).toBe('image/png');
      const url = new URL(icon?.src ?? '', `${suite.stack.baseUrl}/manifest.json`);
      const image = await fetch(url);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(pngSize(Buffer.from(await image.arrayBuffer()))).toEqual({
        width: size,
        height: size,
      });
    }

    // The page links it and Chromium finds nothing against installing the app.
    const app = await suite.newApp();
    await app.open('/');
    const linked = await app.page.locator('link[rel="manifest"]').getAttribute('href');
    expect(new URL(linked ?? '', suite.stack.baseUrl).pathname).toBe('/manifest.json');
    // The browser's bar takes the colour of the theme the phone is set to.
    const barColour = (scheme: string) =>
      app.page
        .locator(`meta[name="theme-color"][media="(prefers-color-scheme: ${scheme})"]`)
        .getAttribute('content');
    expect(await barColour('dark')).toBe('#0b0e14');
    expect(await barColour('light')).toBe('#f4f6fa');
    const cdp = await app.context.newCDPSession(app.page);
    const parsed = await cdp.send('Page.getAppManifest');
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    await cdp.detach();
    expect(new URL(parsed.url).pathname).toBe('/manifest.json');
    expect(parsed.errors).toEqual([]);
    // A test context is incognito, which alone bars installing; Chromium still checks the
    // manifest and its icons (a manifest without them lists its faults here).
    expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
  });
});
