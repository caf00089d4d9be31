import type { NewsDetail } from '@pipstream/protocol';
import type { Locator, Page } from 'playwright-core';
import type { AppPage } from './browser.js';
import { eventually } from './eventually.js';
import type { Stack } from './stack.js';

/** What `/news/add` takes (the mock's control API). */
export interface NewsDraft {
  readonly title: string;
  readonly content: string;
  readonly desc?: string;
  readonly logo?: string;
  readonly category_id?: number;
}

/** Publishes a news item through the mock's control API; resolves the created item. */
export function publishNews(stack: Stack, draft: NewsDraft): Promise<NewsDetail> {
  return stack.control<NewsDetail>('/news/add', draft);
}

/** The global a hostile payload sets if any of its script runs. */
export const PWNED_FLAG = '__pwned';

/** The readable text of the hostile item: it must show, whatever is stripped around it. */
export const HOSTILE_SAFE_TEXT = 'Markets steady: this sentence is safe text.';

/**
 * A news item written to run script in every way news HTML commonly tries: a script element,
 * event handler attributes on an image and an SVG, `javascript:` links (plain, mixed case,
 * entity-encoded, with a tab inside), a `data:text/html` link, an iframe with `srcdoc`, a form
 * posting to `javascript:`, a classic mutation-XSS nesting, and a full-screen overlay in a
 * `style` attribute. Each would set `window.__pwned`.
 */
export const HOSTILE_HTML = [
  `<p>${HOSTILE_SAFE_TEXT}</p>`,
  `<script>window.${PWNED_FLAG} = 'script'</script>`,
  `<img src="/nowhere-${Date.now()}.png" alt="broken" onerror="window.${PWNED_FLAG} = 'img'">`,
  `<p><a href="javascript:window.${PWNED_FLAG} = 'link'">Plain javascript link</a></p>`,
  `<p><a href=" JaVaScRiPt:window.${PWNED_FLAG} = 'case'">Mixed-case link</a></p>`,
  `<p><a href="&#106;avascript:window.${PWNED_FLAG} = 'entity'">Encoded link</a></p>`,
  `<p><a href="java\tscript:window.${PWNED_FLAG} = 'tab'">Tabbed link</a></p>`,
  `<p><a href="data:text/html,<script>alert(1)</script>">Data link</a></p>`,
  `<svg onload="window.${PWNED_FLAG} = 'svg'"><circle r="4"></circle></svg>`,
  `<iframe srcdoc="<script>parent.${PWNED_FLAG} = 'iframe'</script>"></iframe>`,
  `<form action="javascript:window.${PWNED_FLAG} = 'form'"><button>Send</button></form>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="window.${PWNED_FLAG} = 'mxss'"></style></mglyph></table></mtext></math>`,
  '<div style="position:fixed;inset:0;z-index:9999;background:red">Overlay</div>',
  '<p><a href="https://www.pipstream.example/safe">A safe link</a></p>',
  // A 1×1 PNG written inline: `data:` stays allowed for raster images.
  '<p><img alt="inline pixel" src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="></p>',
].join('\n');

/**
 * Serves the app's page without its Content-Security-Policy, so an inline handler or a
 * `javascript:` URL that slipped through the sanitiser would really run: with the gateway's
 * CSP on, the `window.__pwned` check could not fail.
 */
export async function withoutCsp(page: Page): Promise<void> {
  await page.route(
    // The page at any app path (`/news/detail`), never a file of the build.
    (url) => !/\.[a-z0-9]+$/i.test(url.pathname),
    async (route) => {
      if (!route.request().isNavigationRequest()) return route.fallback();
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-security-policy'];
      await route.fulfill({ response, headers });
    },
  );
}

/** What in `scope` could run script or act for the content: each list must stay empty. */
export interface ScriptTraces {
  /** `tag[onfoo]` for every element carrying an event handler attribute. */
  readonly handlers: string[];
  /** Every `href`, `src`, `action` or `formaction` starting with `javascript:` or `data:text`. */
  readonly scriptUrls: string[];
  /** Elements that have no place in sanitised news. */
  readonly forbidden: string[];
  /** Elements carrying a `style` attribute. */
  readonly styled: string[];
}

/** Looks for anything left in `scope` that could run script (see {@link ScriptTraces}). */
export function scriptTraces(scope: Locator): Promise<ScriptTraces> {
  return scope.evaluate((root) => {
    const all = [root, ...root.querySelectorAll('*')];
    const handlers: string[] = [];
    const scriptUrls: string[] = [];
    for (const element of all) {
      for (const { name, value } of element.attributes) {
        if (/^on/i.test(name)) handlers.push(`${element.localName}[${name}]`);
        // What the browser would read: no whitespace or control characters anywhere.
        const url = [...value]
          .filter((char) => char.charCodeAt(0) > 0x20)
          .join('')
          .toLowerCase();
        if (
          ['href', 'src', 'action', 'formaction', 'xlink:href'].includes(name.toLowerCase()) &&
          (url.startsWith('javascript:') || url.startsWith('data:text'))
        ) {
          scriptUrls.push(`${element.localName}[${name}=${value}]`);
        }
      }
    }
    const forbidden = [
      ...root.querySelectorAll('script, iframe, object, embed, svg, math, form, style, base'),
    ].map((element) => element.localName);
    const styled = [...root.querySelectorAll('[style]')].map((element) => element.localName);
    return { handlers, scriptUrls, forbidden, styled };
  });
}

/** Waits until every image in `scope` has loaded or failed, so an `onerror` would have run. */
export async function imagesSettled(scope: Locator): Promise<void> {
  await eventually(() =>
    scope.evaluate((root) => [...root.querySelectorAll('img')].every((image) => image.complete)),
  ).toBe(true);
}

/** The global the hostile payload sets, as the page sees it now. */
export function pwned(page: Page): Promise<unknown> {
  return page.evaluate((flag) => (window as unknown as Record<string, unknown>)[flag], PWNED_FLAG);
}

/**
 * Pulls the page down by touch, as a thumb would: a touch starting at `fromY`, dragged `by`
 * pixels down in small steps, then lifted (Chromium's own touch events, through CDP).
 */
export async function pullDown(app: AppPage, fromY = 160, by = 220): Promise<void> {
  const cdp = await app.context.newCDPSession(app.page);
  const x = 180;
  const point = (y: number) => [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
  try {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(fromY) });
    for (let step = 1; step <= 10; step++) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: point(fromY + (by * step) / 10),
      });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } finally {
    await cdp.detach();
  }
}

/** Width and height of a PNG, from its IHDR chunk; throws when `bytes` is not a PNG. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  const signature = '89504e470d0a1a0a';
  if (
    bytes.subarray(0, 8).toString('hex') !== signature ||
    bytes.toString('ascii', 12, 16) !== 'IHDR'
  ) {
    throw new Error('not a PNG');
  }
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * Sets the startup check's `type` through the control API (0: company-directory mode) and waits
 * until the gateway answers it (its micro-cache may hold the old answer for a second).
 */
export async function setCompanyType(stack: Stack, type: 0 | 1): Promise<void> {
  await stack.control('/company/status', { type });
  await eventually(async () => (await stack.api.call('companyStatus')).type).toBe(type);
}
