import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  FIRST_SCREEN_DATA_ID,
  FIRST_SCREEN_ICONS,
  FIRST_SCREEN_TEXTS_FILE,
  type FirstScreenTexts,
  formatPrice,
  type Instrument,
  localizeDecimalText,
} from '@pipstream/protocol';
import { createMockUpstream, type MockUpstream } from '@pipstream/protocol/mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, type Gateway } from '../../server.js';
import { testConfig } from '../../test-support/config.js';
import { standInHub } from '../../test-support/stand-in-hub.js';

/** Each language's texts chunk in the build (the page preloads the default's, hk). */
const LANGUAGE_CHUNKS = {
  en: 'assets/lang/en-En12_3ab.js',
  ar: 'assets/lang/ar-Ar12_3ab.js',
  hk: 'assets/lang/hk-Hk12_3ab.js',
};

const INDEX_HTML =
  '<!doctype html><html lang="zh-Hant-HK"><head><title>Pipstream</title>' +
  '<script type="module" src="/assets/index-AbCd12_9.js"></script>' +
  `<link rel="modulepreload" crossorigin href="/${LANGUAGE_CHUNKS.hk}"></head>` +
  '<body><div id="root"></div></body></html>';

const texts = (word: string): FirstScreenTexts => ({
  title: `${word} quotes`,
  quoteList: `${word} list`,
  columnName: `${word} name`,
  columnPrice: `${word} price`,
  columnChange: `${word} change`,
  delayed: `${word} delayed`,
  closed: `${word} closed`,
  tradeTitle: `${word} trade`,
  chooseLanguage: `${word} language`,
  alerts: `${word} alerts`,
  search: `${word} search`,
  instruments: `${word} instruments`,
  connecting: `${word} connecting`,
  categories: `${word} categories`,
  allCategories: `${word} all`,
  tabs: `${word} tabs`,
  tabQuotes: `${word} tab quotes`,
  tabTrade: `${word} tab trade`,
  tabOrder: `${word} tab order`,
  tabRank: `${word} tab rank`,
  tabUser: `${word} tab user`,
});

const ICONS = Object.fromEntries(FIRST_SCREEN_ICONS.map((name) => [name, `M0 0h${name.length}`]));

let mock: MockUpstream;
let buildDir: string;
const apps: Gateway[] = [];

beforeAll(async () => {
  mock = await createMockUpstream({ port: 0, data: ':memory:', tickMs: 50 });
  buildDir = mkdtempSync(join(tmpdir(), 'pipstream-first-screen-'));
  writeFileSync(join(buildDir, 'index.html'), INDEX_HTML);
  writeFileSync(
    join(buildDir, FIRST_SCREEN_TEXTS_FILE),
    JSON.stringify({
      icons: ICONS,
      texts: { en: texts('EN'), ar: texts('AR'), hk: texts('HK') },
      languageChunks: LANGUAGE_CHUNKS,
    }),
  );
});
afterAll(async () => {
  await mock.close();
  rmSync(buildDir, { recursive: true, force: true });
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function start() {
  const app = buildGateway(testConfig(mock.url, { WEB_DIR: buildDir }));
  apps.push(app);
  return app.listen({ port: 0, host: '127.0.0.1' });
}

/** Asks for `path` until the answer is a painted page (the gateway reads what it paints from). */
async function painted(url: string, path: string, init?: RequestInit): Promise<Response> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = await fetch(`${url}${path}`, init);
    const html = await answer.clone().text();
    if (html.includes(FIRST_SCREEN_DATA_ID)) return answer;
    if (Date.now() > deadline) throw new Error(`no first screen at ${path}: ${html.slice(0, 200)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function dataOf(html: string): { language: string; instruments: Instrument[] } {
  const at = html.indexOf(`id="${FIRST_SCREEN_DATA_ID}">`);
  const start = html.indexOf('>', at) + 1;
  return JSON.parse(html.slice(start, html.indexOf('</script>', start)));
}

describe('the first screen in the page', () => {
  it('paints the quotes in the visitor’s language, with the CSP still refusing inline script', async () => {
    const url = await start();
    const answer = await painted(url, '/?lang=ar');
    const html = await answer.text();
    expect(html).toContain('<html lang="ar" dir="rtl"');
    expect(html).toContain('AR quotes');
    expect(html).toContain('AR delayed');
    // The screen as the app lays it out: its header's controls, the categories, the tab bar.
    expect(html).toContain('aria-label="AR language"');
    expect(html).toContain('>AR all</button>');
    expect(html).toContain('aria-current="page"><svg class="icon"');
    expect(html).toContain('<path d="M0 0h6"></path>');
    expect(html).toContain('<span>AR tab rank</span>');
    // The prices are in the page: the app's script yields to the paint.
    expect(html).toContain('<script type="module" fetchpriority="low" src="/assets/index-');
    const rows = html.match(/class="quote-row"/g) ?? [];
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const data = dataOf(html);
    expect(data.language).toBe('ar');
    const first = data.instruments[0];
    if (!first) throw new Error('no instrument carried');
    expect(html).toContain(`href="/trade?id=${first.Id}"`);
    const csp = answer.headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split(';').find((part) => part.trim().startsWith('script-src '));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(answer.headers.get('etag')).toMatch(/^W\//);
  });

  it('paints the very first page asked for, in the default language and in one not yet read', async () => {
    const url = await start();
    const deadline = Date.now() + 10_000;
    while ((await fetch(`${url}/readyz`)).status !== 200) {
      if (Date.now() > deadline) throw new Error('the gateway never became ready');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // One request each, no retry: the start read the feed and the default language's list, and
    // Arabic's list is read while its first page waits.
    const byDefault = await (await fetch(`${url}/`)).text();
    expect(byDefault).toContain(FIRST_SCREEN_DATA_ID);
    expect(byDefault).toContain('HK quotes');
    const arabic = await (await fetch(`${url}/?lang=ar`)).text();
    expect(arabic).toContain(FIRST_SCREEN_DATA_ID);
    expect(arabic).toContain('AR quotes');
  });

  it('chooses the language the app kept in its cookie, and the default without one', async () => {
    const url = await start();
    const english = await (
      await painted(url, '/', { headers: { cookie: 'other=1; pipstream_lang=en' } })
    ).text();
    expect(english).toContain('EN quotes');
    const byDefault = await (await painted(url, '/')).text();
    expect(byDefault).toContain('<html lang="zh-Hant-HK" dir="ltr"');
    expect(byDefault).toContain('HK quotes');
  });

  it('preloads the visitor’s language texts in place of the default’s', async () => {
    const url = await start();
    const preload = (file: string) =>
      `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`;
    const arabic = await (await painted(url, '/?lang=ar')).text();
    expect(arabic).toContain(preload(LANGUAGE_CHUNKS.ar));
    expect(arabic).not.toContain(LANGUAGE_CHUNKS.hk);
    const byDefault = await (await painted(url, '/')).text();
    expect(byDefault).toContain(preload(LANGUAGE_CHUNKS.hk));
    const english = await (
      await painted(url, `/trade?id=${dataOf(byDefault).instruments[0]?.Id}&lang=en`)
    ).text();
    expect(english).toContain(preload(LANGUAGE_CHUNKS.en));
    expect(english).not.toContain(LANGUAGE_CHUNKS.hk);
  });

  it('builds a page once per tick: the same tick gives the same page, and a 304 to its ETag', async () => {
    const url = await start();
    await fetch(`${mock.url}/__control/market/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'EURUSD', status: 1 }),
    });
    const first = await painted(url, '/?lang=en');
    const etag = first.headers.get('etag') ?? '';
    const again = await fetch(`${url}/?lang=en`, { headers: { 'if-none-match': etag } });
    // A tick may come between the two: then the page is new, with another ETag.
    const body = await again.text();
    if (again.status === 304) expect(body).toBe('');
    else expect(again.headers.get('etag')).not.toBe(etag);
  });

  it('writes a trade link’s header with the instrument’s last price, and escapes a hostile name', async () => {
    const url = await start();
    const hostile = '<img src=x onerror="alert(1)"></script><script>alert(2)</script>';
    await fetch(`${mock.url}/__control/market/name`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'GBPUSD', name: hostile }),
    });
    await fetch(`${mock.url}/__control/market/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'GBPUSD', status: 0 }),
    });
    const price = 1.23456;
    await fetch(`${mock.url}/__control/market/price`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'GBPUSD', price }),
    });
    const list = dataOf(await (await painted(url, '/?lang=en')).text());
    const pound = list.instruments.find((instrument) => instrument.Code === 'GBPUSD');
    if (!pound) throw new Error('GBPUSD not listed');
    const shown = localizeDecimalText(formatPrice(price, pound.PricePrecision), 'en');
    const deadline = Date.now() + 10_000;
    let html = '';
    do {
      html = await (await painted(url, `/trade?id=${pound.Id}&lang=en`)).text();
    } while (!html.includes(`>${shown}<`) && Date.now() < deadline);
    expect(html).toContain(`>${shown}<`);
    expect(html).toContain('EN closed');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>alert(2)');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    // Inside the data block the name is JSON with no `<` at all.
    const block = html.slice(html.indexOf(FIRST_SCREEN_DATA_ID));
    expect(block.slice(0, block.indexOf('</script>'))).not.toContain('<');
  });

  it('sends the build’s page, the app’s skeleton, while there is no feed', async () => {
    const app = buildGateway(testConfig(mock.url, { WEB_DIR: buildDir }), {
      hub: standInHub().hub,
    });
    apps.push(app);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    for (const path of ['/', '/?lang=en', '/trade?id=1']) {
      expect(await (await fetch(`${url}${path}`)).text(), path).toBe(INDEX_HTML);
    }
  });

  it('falls back to the build’s page where it paints nothing: another path, an unknown instrument', async () => {
    const url = await start();
    await painted(url, '/?lang=en');
    for (const path of ['/news?lang=en', '/trade?id=999999&lang=en', '/mine/wallet']) {
      const html = await (await fetch(`${url}${path}`)).text();
      expect(html, path).toBe(INDEX_HTML);
    }
  });
});
