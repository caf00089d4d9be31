import { appendFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Language } from '@pipstream/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CACHE, LANGUAGE_DIR } from '../../web/src/service-worker/requests.js';
import { openLoggedIn } from './test-support/accounts.js';
import type { AppPage } from './test-support/browser.js';
import { deviceCopy, keptOnDevice, serviceWorkerReady } from './test-support/device.js';
import { eventually } from './test-support/eventually.js';
import {
  chooseLanguage,
  documentLanguage,
  localeText,
  openWithoutQuery,
} from './test-support/languages.js';
import { UPRIGHT } from './test-support/phone.js';
import { goOffline, goOnline } from './test-support/relay.js';
import { useBrowserSuite } from './test-support/suite.js';
import { recordToasts, toastsSeen } from './test-support/toasts.js';
import { buyAtMarket, instrumentOf, orderRow, registerFunded } from './test-support/trading.js';

// The simulator moves prices as for a user: fresh quotes come every half second. Pages go
// through a relay that cuts the network whatever the Chromium build emulates.
const suite = useBrowserSuite({ relay: true });

/** A phone on which the app's service worker may run (blocked in the other tests). */
const WITH_SERVICE_WORKER = { ...UPRIGHT, serviceWorkers: 'allow' } as const;

/** The header's word on the prices of the screen on show (kept-alive screens are hidden). */
function liveStatus(page: Page) {
  return page.locator('main:not([hidden]) .page-header [data-testid="live-status"]');
}

function tab(app: AppPage, name: string) {
  return app.page.getByRole('navigation', { name: 'Main sections' }).getByRole('link', {
    name,
    exact: true,
  });
}

/** The paths of what the service worker keeps of the languages' texts. */
function languageCache(page: Page) {
  return page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  }, LANGUAGE_CACHE);
}

/** A path of `language`'s chunk of texts, whatever its build hash. */
const languageChunk = (language: Language) =>
  expect.stringMatching(new RegExp(`^/${LANGUAGE_DIR}/${language}-[\\w-]{8}\\.js$`));

/** A funded account holding one EURUSD order. */
async function holdingAccount() {
  const account = await registerFunded(suite.stack);
  const euro = await instrumentOf(suite.stack, 'EURUSD');
  const order = await buyAtMarket(suite.stack, account.session.token, euro);
  return { account, order };
}

/** One visit: quotes and orders shown, the service worker installed, the device copy kept. */
async function firstVisit(app: AppPage) {
  await app.page.getByTestId('quote-price').first().filter({ hasText: /\d/ }).waitFor();
  await serviceWorkerReady(app.page);
  await eventually(async () => (await deviceCopy(app.page, 'quotes')) !== undefined).toBe(true);
  await eventually(async () => (await deviceCopy(app.page, 'account')) !== undefined).toBe(true);
}

/** A trader holding an order, reopened with no signal after one visit: quotes on show. */
async function reopenedOffline() {
  const { account, order } = await holdingAccount();
  const app = await suite.newApp(WITH_SERVICE_WORKER);
  await openLoggedIn(app, account.session, '/');
  await firstVisit(app);
  await recordToasts(app);
  await goOffline(app, suite.relay);
  await app.reload();
  const euro = app.page.getByTestId('quote-row-EURUSD').getByTestId('quote-price');
  await euro.filter({ hasText: /\d/ }).waitFor();
  return { app, order, euro };
}

describe('the app opened with no signal', () => {
  it('opens offline after one visit with delayed quotes and holdings, and goes live back online', async () => {
    const { app, order, euro } = await reopenedOffline();
    const connection = app.page.getByTestId('connection-badge');
    await eventually(() => connection.getAttribute('data-state')).toBe('offline');
    // Nothing trades on the kept prices: Buy and Sell are disabled, and the screen says why.
    await tab(app, 'Trade').click();
    const trade = app.page.locator('main:not([hidden])');
    const buy = trade.getByRole('button', { name: 'Buy', exact: true });
    await buy.waitFor();
    await trade
      .getByTestId('trade-blocked')
      .getByText('You are offline: trading is paused until live prices are back.')
      .waitFor();
    expect(await buy.isDisabled()).toBe(true);
    expect(await trade.getByRole('button', { name: 'Sell', exact: true }).isDisabled()).toBe(true);
    // The holdings this device kept, not tradable: their price is not live.
    await tab(app, 'Orders').click();
    const row = orderRow(app, order.Id);
    await row.waitFor();
    expect(await row.getByRole('button', { name: 'Close position' }).isDisabled()).toBe(true);
    await app.page.getByTestId(`order-blocked-${order.Id}`).waitFor();

    await eventually(() => liveStatus(app.page).textContent()).toBe('Offline');
    // The start's reads, the kept copy answering them, alarmed nobody.
    await app.idle();
    expect(await toastsSeen(app, 'error')).toEqual([]);

    await goOnline(app, suite.relay);
    // Live by itself once fresh quotes come: no reload, no tap.
    await eventually(() => liveStatus(app.page).textContent()).toBe('Live');
    const close = row.getByRole('button', { name: 'Close position' });
    await eventually(() => close.isEnabled()).toBe(true);
    await tab(app, 'Quotes').click();
    await eventually(() => connection.getAttribute('data-state')).toBe('live');
    expect(await euro.textContent()).toMatch(/\d/);
  });

  it('marks every kept price delayed with its age, on the quote rows and the trade screen', async () => {
    const { app } = await reopenedOffline();
    const { page } = app;
    const rows = page.getByTestId(/^quote-row-/);
    await eventually(() => rows.count()).toBeGreaterThan(5);
    // Every row on show says its price is old, and how old: the device copy keeps when.
    const aged = /^Delayed · \d+ (sec|min)\. ago$/;
    await eventually(async () =>
      (await rows.getByTestId('quote-status').allTextContents()).every((text) => aged.test(text)),
    ).toBe(true);
    expect(await rows.getByTestId('quote-status').count()).toBe(await rows.count());
    // The trade screen's price says the same.
    await tab(app, 'Trade').click();
    const strip = page.locator('main:not([hidden])').getByTestId('trade-delayed');
    await eventually(() => strip.textContent()).toMatch(aged);
  });

  it('opens Orders offline on the kept copy, not live, with no error toast', async () => {
    const { app, order } = await reopenedOffline();

    await tab(app, 'Orders').click();
    const row = orderRow(app, order.Id);
    await row.waitFor();
    // Marked as not live: no trading on it, and the header says why.
    await app.page.getByTestId(`order-blocked-${order.Id}`).waitFor();
    expect(await row.getByRole('button', { name: 'Close position' }).isDisabled()).toBe(true);
    await eventually(() => liveStatus(app.page).textContent()).toBe('Offline');
    // Whatever the start and the screen asked for has ended, well past a failed call's toast.
    await app.idle();
    expect(await toastsSeen(app, 'error')).toEqual([]);
  });

  it('opens offline in the language chosen online, keeping only that language’s texts', async () => {
    const app = await suite.newApp(WITH_SERVICE_WORKER);
    const fr = (key: string) => localeText('fr', key);
    await chooseLanguage(app, 'fr');
    await app.waitForRoute('/');
    await app.page.getByTestId('quote-price').first().filter({ hasText: /\d/ }).waitFor();
    await serviceWorkerReady(app.page);
    await eventually(async () => (await deviceCopy(app.page, 'quotes')) !== undefined).toBe(true);
    // The service worker keeps the French texts, and no other language's.
    await eventually(() => languageCache(app.page)).toEqual([languageChunk('fr')]);

    await goOffline(app, suite.relay);
    await app.reload();
    const tabs = app.page.getByRole('navigation', { name: fr('web.tabs.label') });
    await tabs.getByRole('link', { name: fr('web.tabs.quotes'), exact: true }).waitFor();
    const connection = app.page.getByTestId('connection-badge');
    await eventually(() => connection.textContent()).toBe(fr('web.connection.offline'));
    await app.page.getByTestId('quote-price').first().filter({ hasText: /\d/ }).waitFor();

    // Back online, a language chosen next replaces it.
    await goOnline(app, suite.relay);
    await chooseLanguage(app, 'de');
    await app.waitForRoute('/');
    await eventually(() => languageCache(app.page)).toEqual([languageChunk('de')]);
  });

  it('shows English, kept with the shell, where the chosen language’s texts cannot be had', async () => {
    const app = await suite.newApp(WITH_SERVICE_WORKER);
    await app.open('/');
    await app.page.getByTestId('quote-price').first().filter({ hasText: /\d/ }).waitFor();
    await serviceWorkerReady(app.page);
    await eventually(async () => (await deviceCopy(app.page, 'quotes')) !== undefined).toBe(true);
    // German chosen with no signal: its texts were never fetched, nor kept.
    await goOffline(app, suite.relay);
    await chooseLanguage(app, 'de');
    await app.waitForRoute('/');
    await app.reload();
    const tabs = app.page.getByRole('navigation', { name: localeText('en', 'web.tabs.label') });
    await tabs
      .getByRole('link', { name: localeText('en', 'web.tabs.quotes'), exact: true })
      .waitFor();
    expect(await documentLanguage(app)).toEqual({ lang: 'en', dir: 'ltr' });
    await app.page.getByTestId('quote-price').first().filter({ hasText: /\d/ }).waitFor();

    // The choice stays: German shows once its texts can be fetched.
    await goOnline(app, suite.relay);
    await openWithoutQuery(app, '/');
    await eventually(() => documentLanguage(app)).toEqual({ lang: 'de', dir: 'ltr' });
    await app.page.getByRole('navigation', { name: localeText('de', 'web.tabs.label') }).waitFor();
  });

  it('never keeps an answer of the API, the socket or uploads', async () => {
    const { account } = await holdingAccount();
    const app = await suite.newApp(WITH_SERVICE_WORKER);
    await openLoggedIn(app, account.session, '/');
    await firstVisit(app);
    // Now through the service worker: every call of a logged-in visit.
    await app.reload();
    expect(await serviceWorkerReady(app.page)).toBe(true);
    await tab(app, 'Orders').click();
    await app.page.getByRole('heading', { level: 1, name: 'Orders', exact: true }).waitFor();
    await tab(app, 'Me').click();
    await app.page
      .getByRole('heading', { level: 1, name: 'Personal center', exact: true })
      .waitFor();
    await app.idle();

    const { caches } = await keptOnDevice(app.page);
    // The shell is there (precached under its revision).
    expect(caches.some((entry) => entry.includes('/index.html'))).toBe(true);
    expect(caches.filter((entry) => /\/\/[^/]+\/(api|v1|uploads)\//.test(entry))).toEqual([]);
    // Offline, an account call has nothing to fall back on.
    await goOffline(app, suite.relay);
    const answered = await app.page.evaluate(async (token) => {
      try {
        await fetch('/v1/api/user/info', { headers: { token } });
        return true;
      } catch {
        return false;
      }
    }, account.session.token);
    expect(answered).toBe(false);
  });

  it('leaves nothing of the account on the device after logout', async () => {
    const { account, order } = await holdingAccount();
    const app = await suite.newApp(WITH_SERVICE_WORKER);
    await openLoggedIn(app, account.session, '/');
    await firstVisit(app);
    const { uid } = account.session.user;
    const before = JSON.stringify(await keptOnDevice(app.page));
    // What the check looks for is there while logged in.
    expect(before).toContain(account.session.token);
    expect(before).toContain(uid);

    await app.open('/mine/system');
    await app.page.getByRole('button', { name: 'Log out' }).click();
    await app.page.getByRole('alertdialog').getByRole('button', { name: 'Log out' }).click();
    await app.waitForRoute('/');
    await eventually(async () => {
      const kept = JSON.stringify(await keptOnDevice(app.page));
      return [account.session.token, uid, account.email, `"Id":${order.Id}`].filter((trace) =>
        kept.includes(trace),
      );
    }).toEqual([]);
  });

  it('takes a new version at the next start, saying so first', async () => {
    const app = await suite.newApp(WITH_SERVICE_WORKER);
    await app.open('/');
    await app.page.getByTestId('quote-price').first().filter({ hasText: /\d/ }).waitFor();
    await serviceWorkerReady(app.page);

    // A deploy: a service worker that differs, and says which version it is when asked.
    const worker = join(suite.stack.webDir, 'sw.js');
    await rm(`${worker}.br`, { force: true });
    await rm(`${worker}.gz`, { force: true });
    await appendFile(
      worker,
      "\nself.addEventListener('message', (event) => { if (event.data === 'version?') event.source.postMessage('next'); });\n",
    );
    const versionOf = (page: Page) =>
      page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const worker = navigator.serviceWorker.controller;
            if (!worker) return resolve('none');
            navigator.serviceWorker.addEventListener('message', (event) => resolve(event.data));
            worker.postMessage('version?');
            setTimeout(() => resolve('first'), 2000);
          }),
      );

    // The next visit finds it, says so, and keeps the version it opened with.
    await app.reload();
    await app.expectToast('A new version is ready. It opens the next time you start the app.');
    expect(await versionOf(app.page)).toBe('first');

    // Every tab closed, the app started again: the new version runs.
    await app.page.close();
    const next = await app.context.newPage();
    await next.goto('/?lang=en');
    await next.getByTestId('quote-price').first().filter({ hasText: /\d/ }).waitFor();
    expect(await versionOf(next)).toBe('next');
  });
});
