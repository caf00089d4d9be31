import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openLoggedIn } from './test-support/accounts.js';
import type { AppPage } from './test-support/browser.js';
import { eventually } from './test-support/eventually.js';
import { brokenFigures } from './test-support/figures.js';
import { localeText, openWithoutQuery, seedLanguage } from './test-support/languages.js';
import { UPRIGHT } from './test-support/phone.js';
import { fontsPainted, reviewFolder, useScriptFonts } from './test-support/review.js';
import { useBrowserSuite } from './test-support/suite.js';
import { recordToasts, toastsSeen } from './test-support/toasts.js';
import { buyAtMarket, instrumentOf, registerFunded } from './test-support/trading.js';

// Fresh quotes every half second, as for a user. Every page goes through the relay, which
// black-holes the connection while Chromium keeps saying it is online.
const suite = useBrowserSuite({ relay: true });

/** The acceptance's bounds: trading paused within 3 s of the path dying, back within 2 s. */
const PAUSED_WITHIN_MS = 3000;
const BACK_WITHIN_MS = 2000;

/** What a screen that could not be opened says. */
const SCREEN_FAILED = 'This page could not be opened';

function tab(app: AppPage, name: string) {
  return app.page.getByRole('navigation', { name: 'Main sections' }).getByRole('link', {
    name,
    exact: true,
  });
}

/** The header's word on the prices of the screen on show (kept-alive screens are hidden). */
function liveStatus(page: Page) {
  return page.locator('main:not([hidden]) .page-header [data-testid="live-status"]');
}

/** A phone of the trader's, its toasts recorded, opened at `route` and live. */
async function phoneAt(session: Parameters<typeof openLoggedIn>[1], route: string) {
  const app = await suite.newApp(UPRIGHT);
  await recordToasts(app);
  await openLoggedIn(app, session, route);
  await eventually(() => app.page.getByTestId('connection-badge').getAttribute('data-state')).toBe(
    'live',
  );
  return app;
}

describe('a dead connection the browser does not know about', () => {
  it('pauses trading within 3 s with one calm notice, and recovers every screen by itself', async () => {
    const account = await registerFunded(suite.stack);
    const euro = await instrumentOf(suite.stack, 'EURUSD');
    await buyAtMarket(suite.stack, account.session.token, euro);
    // The trade screen, and two phones on the quotes that will open Orders and Me while
    // nothing answers.
    const trader = await phoneAt(account.session, `/trade?id=${euro.Id}`);
    const orders = await phoneAt(account.session, '/');
    const me = await phoneAt(account.session, '/');
    const phones = [trader, orders, me];
    const buy = trader.page.getByRole('button', { name: 'Buy', exact: true });
    await eventually(() => buy.isEnabled()).toBe(true);
    for (const phone of phones) await phone.idle();

    const cut = Date.now();
    suite.relay.blackHole();
    await expect
      .poll(() => buy.isDisabled(), { timeout: PAUSED_WITHIN_MS, interval: 50 })
      .toBe(true);
    expect(Date.now() - cut).toBeLessThanOrEqual(PAUSED_WITHIN_MS);
    // The browser still says it is online: only what the app saw paused it.
    expect(await trader.page.evaluate(() => navigator.onLine)).toBe(true);
    // One calm notice: the connection bar, and the reason beside Buy.
    const bar = trader.page.getByTestId('connection-badge');
    await eventually(() => bar.getAttribute('data-state')).toBe('offline');
    expect(await bar.locator('.connection-bar').textContent()).toBe('Offline');
    await trader.page
      .getByTestId('trade-blocked')
      .getByText('You are offline: trading is paused until live prices are back.')
      .waitFor();
    expect(await liveStatus(trader.page).textContent()).toBe('Offline');

    // Screens opened while nothing answers: their code goes into the black hole, and fails
    // when the dead path drops what it holds (as one does, sooner or later).
    await tab(orders, 'Orders').click();
    await tab(me, 'Me').click();
    suite.relay.refuse();
    await orders.page.getByText(SCREEN_FAILED, { exact: true }).waitFor();
    await me.page.getByText(SCREEN_FAILED, { exact: true }).waitFor();
    suite.relay.blackHole();

    const restored = Date.now();
    suite.relay.restore();
    await expect.poll(() => buy.isEnabled(), { timeout: BACK_WITHIN_MS, interval: 50 }).toBe(true);
    expect(Date.now() - restored).toBeLessThanOrEqual(BACK_WITHIN_MS);
    await eventually(() => liveStatus(trader.page).textContent()).toBe('Live');

    // Every screen comes back by itself: no tap, whatever failed meanwhile.
    await orders.page.getByRole('heading', { level: 1, name: 'Orders', exact: true }).waitFor();
    await orders.page.getByTestId('account-balance').filter({ hasText: /\d/ }).waitFor();
    await me.page
      .getByRole('heading', { level: 1, name: 'Personal center', exact: true })
      .waitFor();
    await me.page.getByTestId('balance').filter({ hasText: /\d/ }).waitFor();
    for (const phone of phones) {
      expect(await phone.page.getByText(SCREEN_FAILED).count()).toBe(0);
      // Nothing alarmed the trader: no toast at all, the bar said it all.
      expect(await toastsSeen(phone)).toEqual([]);
    }
  });
});

describe('a dead connection for review', () => {
  it.each(['en', 'ar'] as const)(
    'writes the trade screen with nothing answering, its one notice readable, in %s',
    async (language) => {
      const folder = await reviewFolder('connection');
      const text = (key: string) => localeText(language, key);
      const account = await registerFunded(suite.stack);
      const euro = await instrumentOf(suite.stack, 'EURUSD');
      const app = await suite.newApp(UPRIGHT);
      const { page } = app;
      await useScriptFonts(app.context);
      await seedLanguage(app, language, account.session);
      await openWithoutQuery(app, `/trade?id=${euro.Id}`);
      const bar = page.getByTestId('connection-badge');
      await eventually(() => bar.getAttribute('data-state')).toBe('live');
      await app.idle();

      suite.relay.blackHole();
      await eventually(() => bar.getAttribute('data-state')).toBe('offline');
      const reason = page.getByTestId('trade-blocked');
      await reason.getByText(text('web.live_guard.blocked_offline')).waitFor();
      expect(await bar.locator('.connection-bar').textContent()).toBe(
        text('web.connection.offline'),
      );
      // The bar fades in after a moment (a quick reconnection never shows it): shown in full.
      await eventually(() =>
        bar.locator('.connection-bar').evaluate((element) => getComputedStyle(element).opacity),
      ).toBe('1');
      await fontsPainted(page);
      await page.screenshot({ path: `${folder}/${language}-trade-offline.png` });
      await reason.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${folder}/${language}-trade-offline-reason.png` });
      // The notice and the reason fit the phone: nothing cut or out of the screen.
      expect(await brokenFigures(page)).toEqual([]);
      for (const notice of [bar.locator('.connection-bar'), reason]) {
        expect(
          await notice.evaluate(
            (element) =>
              element.scrollWidth <= element.clientWidth + 1 &&
              element.getBoundingClientRect().right <= window.innerWidth + 1 &&
              element.getBoundingClientRect().left >= -1,
          ),
        ).toBe(true);
      }
    },
  );
});
