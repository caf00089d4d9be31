import { setTimeout as delay } from 'node:timers/promises';
import type { User } from '@pipstream/protocol';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core';

/** Debian's Chromium unless `CHROMIUM_PATH` names another build. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Flags for a quiet, deterministic headless run in a container: no sandbox (root in CI), no GPU,
 * no QUIC, and none of the background traffic a fresh profile would start. Without the
 * Chromium features below (see `chromiumArgs`).
 */
const CHROMIUM_BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

/**
 * Desktop Chrome's own UI that every new window preloads in a hidden renderer: the omnibox
 * popup's WebUI pages (lit and Mojo, `chrome://omnibox-popup.top-chrome`). Left on, it runs
 * beside every page a test or the client benchmark opens and takes CPU from the page's load,
 * which a phone never pays: it runs nothing of the kind (bench/README.md has what it cost).
 */
export const DESKTOP_UI_FEATURES = [
  'PreloadTopChromeWebUI',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
] as const;

/**
 * The features playwright-core turns off at launch (its `chromiumSwitches`). Chromium keeps
 * only the last `--disable-features` of a command line and Playwright puts its own first, so
 * ours repeats them; tests/browser/launch.test.ts fails when Playwright's list has grown.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
] as const;

/** One `--disable-features` switch naming every feature of `lists`, each once. */
export function disableFeaturesSwitch(...lists: readonly (readonly string[])[]): string {
  return `--disable-features=${[...new Set(lists.flat())].join(',')}`;
}

/** The features a `--disable-features` switch names (empty for any other argument). */
export function featuresOf(argument: string): string[] {
  const prefix = '--disable-features=';
  if (!argument.startsWith(prefix)) return [];
  return argument
    .slice(prefix.length)
    .split(',')
    .filter((name) => name !== '');
}

/**
 * The base flags and one `--disable-features` switch: the desktop UI off, and whatever the
 * launcher disables itself (`launcherFeatures`), which the switch would otherwise undo.
 */
export function chromiumArgs(launcherFeatures: readonly string[]): string[] {
  return [...CHROMIUM_BASE_ARGS, disableFeaturesSwitch(launcherFeatures, DESKTOP_UI_FEATURES)];
}

/** Playwright's launch flags for the browser tests; the client benchmark uses the same ones. */
export const CHROMIUM_ARGS: readonly string[] = chromiumArgs(PLAYWRIGHT_DISABLED_FEATURES);

/** The phone the app is built for (360×640 and up), in English. */
export const PHONE = {
  viewport: { width: 360, height: 640 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'en-US',
  // The theme the app had before it followed the phone: a test of the light one says so.
  colorScheme: 'dark',
} as const;

/** How long a visible outcome may take to appear: generous for a loaded 2-core machine. */
export const UI_TIMEOUT_MS = 10_000;

/**
 * Launches headless Chromium (`CHROMIUM_PATH`, default `/usr/bin/chromium`). Playwright gives
 * it a fresh temporary `--user-data-dir` and removes it on close. One per test file: starting a
 * browser costs far more than a context.
 */
export async function launchBrowser(): Promise<Browser> {
  try {
    return await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_ARGS],
      timeout: 30_000,
    });
  } catch (error) {
    throw new Error(
      `could not start Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH to another build): ${String(error)}`,
    );
  }
}

/** What went wrong inside the page while a test ran. */
export interface PageProblems {
  /** Uncaught errors and unhandled rejections of the page and its workers: each fails the test. */
  readonly uncaught: string[];
  /** `console.error` lines of the page and its workers: reported with a failure. */
  readonly consoleErrors: string[];
}

/** One phone-sized browser context on the app, and the helpers a test drives it with. */
export interface AppPage {
  readonly page: Page;
  readonly context: BrowserContext;
  readonly problems: PageProblems;
  /**
   * Opens the app at a route (`/order?type=1`) with `lang=en` in its query and waits until the
   * shell has painted. A full load: use it for the first visit and for deep links. (A test of
   * the language choice opens the route itself, without the query that would override it.)
   */
  open(route?: string): Promise<void>;
  /** Reloads the page and waits for the shell, as a user pulling to reload would. */
  reload(): Promise<void>;
  /** The current route with its query: `/login?from=%2Forder`. */
  route(): Promise<string>;
  /** Waits until the route equals `route` (a string) or matches it (a RegExp). */
  waitForRoute(route: string | RegExp): Promise<void>;
  /** The toast showing exactly `text`: `await expectToast(…)` waits for it to be visible. */
  toast(text: string): Locator;
  /** Waits for a toast showing exactly `text`. */
  expectToast(text: string): Promise<void>;
  /** The token and user the app keeps in localStorage, or nulls when logged out. */
  storedSession(): Promise<{ token: string | null; user: User | null }>;
  /**
   * Waits until none of the page's own fetch/XHR calls has been running for `quietMs`: call it
   * before changing the world through the control API, so no call the app already sent sees
   * the change (a session expired under a request still in flight, say).
   */
  idle(quietMs?: number): Promise<void>;
}

/** What a test may change of the phone: its screen (a taller one, or one turned sideways). */
export interface PhoneOptions {
  readonly viewport?: { readonly width: number; readonly height: number };
  /** The phone's light or dark setting (`prefers-color-scheme`); Chromium's default is light. */
  readonly colorScheme?: 'light' | 'dark';
  /**
   * Whether the app's service worker may run: blocked unless a test is about it, so the other
   * tests see the network as the page asks for it (a service worker's fetches are not the
   * page's: `page.route` and `idle()` would not see them) and no context downloads the app
   * shell it will never use.
   */
  readonly serviceWorkers?: 'allow' | 'block';
  /** Whether the page's scripts run: off to see what the page shows before any script. */
  readonly javaScriptEnabled?: boolean;
}

/** `route` (`/trade?id=1`) with `lang` added to its query: `/trade?id=1&lang=en`. */
export function withLanguage(route: string, language: string): string {
  const url = new URL(route.startsWith('/') ? route : `/${route}`, 'http://app.invalid');
  url.searchParams.set('lang', language);
  return `${url.pathname}${url.search}`;
}

/** The app reads `?lang=`, then `localStorage['pipstream.lang']`: both say English. */
const LANGUAGE = 'en';

/**
 * Opens a fresh context (cookies, storage and cache of its own) on `baseUrl` with a phone's
 * viewport (360×640 unless `phone` says otherwise) and touch, in English, recording the page's uncaught errors and console errors.
 */
export async function openApp(
  browser: Browser,
  baseUrl: string,
  phone: PhoneOptions = {},
): Promise<AppPage> {
  const context = await browser.newContext({
    ...PHONE,
    serviceWorkers: 'block',
    ...phone,
    baseURL: baseUrl,
  });
  context.setDefaultTimeout(UI_TIMEOUT_MS);
  // English before the app's first script runs; a choice made in the app itself (the language
  // screen) is left alone, and kept by a reload that does not name `?lang=`.
  await context.addInitScript((language) => {
    // The app's own window only: an embedded page (the support chat) may not touch storage.
    if (window !== window.top) return;
    if (localStorage.getItem('pipstream.lang') === null) {
      localStorage.setItem('pipstream.lang', JSON.stringify(language));
    }
  }, LANGUAGE);
  const page = await context.newPage();
  const problems: PageProblems = { uncaught: [], consoleErrors: [] };
  page.on('pageerror', (error) => problems.uncaught.push(describeUncaught(error)));
  // Page and worker console lines both arrive here (ConsoleMessage.worker() tells them apart).
  context.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.worker() ? 'worker' : 'page';
    problems.consoleErrors.push(`[${where}] ${message.text()}`);
  });

  const inFlight = trackCalls(page);
  const shell = page.locator('#root .app');
  const waitForShell = () => shell.waitFor({ state: 'attached' });
  const currentRoute = () => page.evaluate(() => `${location.pathname}${location.search}`);
  const toast = (text: string) => page.locator('.toast-host .toast', { hasText: exactly(text) });

  return {
    page,
    context,
    problems,
    async open(route = '/') {
      await page.goto(withLanguage(route, LANGUAGE));
      await waitForShell();
    },
    async reload() {
      await page.reload();
      await waitForShell();
    },
    route: currentRoute,
    async waitForRoute(route) {
      const matches = (at: string) => (typeof route === 'string' ? at === route : route.test(at));
      const deadline = Date.now() + UI_TIMEOUT_MS;
      let at = await currentRoute();
      while (!matches(at)) {
        if (Date.now() > deadline) {
          throw new Error(`expected the route ${String(route)}, still at ${at}`);
        }
        await delay(50);
        at = await currentRoute();
      }
    },
    toast,
    async expectToast(text) {
      await toast(text).first().waitFor({ state: 'visible' });
    },
    storedSession: () =>
      page.evaluate(() => {
        const read = (key: string) => {
          const text = localStorage.getItem(key);
          return text === null ? null : JSON.parse(text);
        };
        return { token: read('pipstream.token'), user: read('pipstream.user') };
      }),
    async idle(quietMs = 300) {
      const deadline = Date.now() + UI_TIMEOUT_MS;
      let quietSince = Date.now();
      for (;;) {
        if (inFlight.size > 0) quietSince = Date.now();
        else if (Date.now() - quietSince >= quietMs) return;
        if (Date.now() > deadline) {
          throw new Error(`the page's calls did not settle: ${[...inFlight.values()].join(', ')}`);
        }
        await delay(25);
      }
    },
  };
}

/** The page's fetch and XHR calls that have not ended yet, with their URLs (`idle` waits on it). */
function trackCalls(page: Page): ReadonlyMap<Request, string> {
  const running = new Map<Request, string>();
  page.on('request', (request) => {
    const type = request.resourceType();
    if (type === 'fetch' || type === 'xhr') running.set(request, request.url());
  });
  const end = (request: Request) => running.delete(request);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return running;
}

/** A screen's title: its level-1 heading, named `text` exactly. */
export function title(app: AppPage, text: string): Locator {
  return app.page.getByRole('heading', { level: 1, name: text, exact: true });
}

/**
 * An uncaught error of the page as a line of the report: its stack when it has one, else its
 * name and message. Playwright gives an error that reached the page with no frame of script
 * (a failed `fetch` or `import()` rejecting unhandled) an empty stack, not none.
 */
export function describeUncaught(error: Error): string {
  return error.stack || `${error.name}: ${error.message}`;
}

/** A RegExp matching `text` and nothing more (Playwright's `hasText` matches substrings). */
export function exactly(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}

/** A readable account of what went wrong in a page, for a failure message. */
export function describeProblems(problems: PageProblems): string {
  const lines = [
    ...problems.uncaught.map((line) => `uncaught: ${line}`),
    ...problems.consoleErrors.map((line) => `console: ${line}`),
  ];
  return lines.length === 0 ? 'nothing reported' : lines.join('\n');
}
