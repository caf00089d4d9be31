import { describe, expect, it } from 'vitest';
import { openLoggedIn, registerByEmail } from './test-support/accounts.js';
import type { AppPage } from './test-support/browser.js';
import { UPRIGHT } from './test-support/phone.js';
import { useBrowserSuite } from './test-support/suite.js';

const suite = useBrowserSuite();

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
}

describe('a screen opened offline', () => {
  it('opens by itself once the network returns, Orders and Me alike', async () => {
    const app = await suite.newApp(UPRIGHT);
    await onQuotes(app);
    for (const [name, title] of [
      ['Orders', 'Orders'],
      ['Me', 'Personal center'],
    ] as const) {
      await app.context.setOffline(true);
      await tab(app, name).click();
      await app.page.getByText(SCREEN_FAILED, { exact: true }).waitFor();
      await app.context.setOffline(false);
      // No tap, no reload: the browser's online event is enough.
      await heading(app, title).waitFor();
      expect(await app.page.getByText(SCREEN_FAILED).count()).toBe(0);
    }
  });

  it('opens on the next visit after failing offline', async () => {
    const app = await suite.newApp(UPRIGHT);
    await onQuotes(app);
    await app.context.setOffline(true);
    await tab(app, 'Orders').click();
    await app.page.getByText(SCREEN_FAILED, { exact: true }).waitFor();
    await tab(app, 'Quotes').click();
    await app.waitForRoute('/');
    await app.context.setOffline(false);
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
    await app.context.setOffline(true);
    await tab(app, 'Orders').click();
    await app.page.getByText('Could not load the list.', { exact: true }).waitFor();
    await app.context.setOffline(false);
    await app.page.getByText('No data', { exact: true }).waitFor();
    expect(await app.page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
  });
});
