import { formatBalance } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { openLoggedIn, registerByEmail } from './test-support/accounts.js';
import type { AppPage } from './test-support/browser.js';
import { eventually } from './test-support/eventually.js';
import { shown } from './test-support/languages.js';
import { UPRIGHT } from './test-support/phone.js';
import { goOffline, goOnline } from './test-support/relay.js';
import { useBrowserSuite } from './test-support/suite.js';
import { FUNDED_BALANCE, fundAccount } from './test-support/trading.js';

// Pages go through a relay that cuts the network whatever the Chromium build emulates.
const suite = useBrowserSuite({ relay: true });

/** What a screen that could not be opened says. */
const SCREEN_FAILED = 'This page could not be opened';

function tab(app: AppPage, name: string) {
  return app.page.getByRole('navigation', { name: 'Main sections' }).getByRole('link', {
    name,
    exact: true,
  });
}

function heading(app: AppPage, name: string) {
  return app.page.getByRole('heading', { level: 1, name, exact: true });
}

/** Logged in on the quotes screen, its quotes in: every later screen is a first visit. */
async function onQuotes(app: AppPage) {
  const account = await registerByEmail(suite.stack);
  await openLoggedIn(app, account.session, '/');
  await app.page.getByTestId('quote-price').first().filter({ hasText: /\d/ }).waitFor();
  await app.idle();
  return account;
}

describe('a screen opened offline', () => {
  it('opens by itself once the network returns, Orders and Me alike', async () => {
    const app = await suite.newApp(UPRIGHT);
    await onQuotes(app);
    for (const [name, title, balance] of [
      ['Orders', 'Orders', 'account-balance'],
      ['Me', 'Personal center', 'balance'],
    ] as const) {
      await goOffline(app, suite.relay);
      await tab(app, name).click();
      await app.page.getByText(SCREEN_FAILED, { exact: true }).waitFor();
      await goOnline(app, suite.relay);
      // No tap: the connection coming back is enough (a browser that keeps a failed chunk
      // reloads the page by itself for it).
      await heading(app, title).waitFor();
      // And the screen reads its figures, not only its code.
      await app.page.getByTestId(balance).filter({ hasText: /\d/ }).waitFor();
      expect(await app.page.getByText(SCREEN_FAILED).count()).toBe(0);
    }
  });

  it('reads the balance on Me again when the network returns', async () => {
    const app = await suite.newApp(UPRIGHT);
    const account = await onQuotes(app);
    // Me's code and a first balance are in.
    await tab(app, 'Me').click();
    const balance = app.page.getByTestId('balance');
    await eventually(() => balance.textContent()).toBe(shown(formatBalance(0)));
    await tab(app, 'Quotes').click();
    await app.waitForRoute('/');
    await goOffline(app, suite.relay);
    // A deposit approved while the phone is offline: Me cannot read it yet.
    await fundAccount(suite.stack, account.session.token);
    await tab(app, 'Me').click();
    await heading(app, 'Personal center').waitFor();
    await goOnline(app, suite.relay);
    await eventually(() => balance.textContent()).toBe(shown(formatBalance(FUNDED_BALANCE)));
  });

  it('opens on the next visit after failing offline', async () => {
    const app = await suite.newApp(UPRIGHT);
    await onQuotes(app);
    await goOffline(app, suite.relay);
    await tab(app, 'Orders').click();
    await app.page.getByText(SCREEN_FAILED, { exact: true }).waitFor();
    await tab(app, 'Quotes').click();
    await app.waitForRoute('/');
    await goOnline(app, suite.relay);
    await tab(app, 'Orders').click();
    await heading(app, 'Orders').waitFor();
    await app.page.getByText('No data', { exact: true }).waitFor();
  });

  it('reads a list that failed offline again when the network returns', async () => {
    const app = await suite.newApp(UPRIGHT);
    await onQuotes(app);
    // The screen's code is in; its list is what fails.
    await tab(app, 'Orders').click();
    await app.page.getByText('No data', { exact: true }).waitFor();
    await tab(app, 'Quotes').click();
    await app.waitForRoute('/');
    await goOffline(app, suite.relay);
    await tab(app, 'Orders').click();
    await app.page.getByText('Could not load the list.', { exact: true }).waitFor();
    await goOnline(app, suite.relay);
    await app.page.getByText('No data', { exact: true }).waitFor();
    expect(await app.page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
  });
});
