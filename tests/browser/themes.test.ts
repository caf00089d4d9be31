import { describe, expect, it } from 'vitest';
import { openLoggedIn } from './test-support/accounts.js';
import type { AppPage } from './test-support/browser.js';
import { AA, poorContrastTexts } from './test-support/contrast.js';
import { UPRIGHT } from './test-support/phone.js';
import { useBrowserSuite } from './test-support/suite.js';
import { buyAtMarket, instrumentOf, orderRow, registerFunded } from './test-support/trading.js';

const suite = useBrowserSuite();

/** The palette on show: the root's `data-theme`, which the style sheets key on. */
const shownTheme = (app: AppPage) =>
  app.page.evaluate(() => document.documentElement.getAttribute('data-theme'));

/** A funded account holding one EURUSD order: /order shows its row, P&L and the account. */
async function holdingAccount() {
  const account = await registerFunded(suite.stack);
  const euro = await instrumentOf(suite.stack, 'EURUSD');
  const order = await buyAtMarket(suite.stack, account.session.token, euro);
  return { account, order };
}

describe('themes', () => {
  it.each(['light', 'dark'] as const)(
    'every text on /, /trade and /order reaches 4.5:1 in the %s theme',
    async (colorScheme) => {
      const { account, order } = await holdingAccount();
      const app = await suite.newApp({ ...UPRIGHT, colorScheme });
      await openLoggedIn(app, account.session, '/');
      expect(await shownTheme(app)).toBe(colorScheme);
      await app.page.getByTestId('quote-price').first().filter({ hasText: /\d/ }).waitFor();
      await app.idle();
      expect(await poorContrastTexts(app.page, AA)).toEqual([]);

      await app.open('/trade');
      await app.page.getByRole('button', { name: /^Buy/ }).first().waitFor();
      await app.idle();
      expect(await poorContrastTexts(app.page, AA)).toEqual([]);

      await app.open('/order');
      await orderRow(app, order.Id).waitFor();
      await app.idle();
      expect(await poorContrastTexts(app.page, AA)).toEqual([]);
    },
  );

  it('follows the phone until the trader chooses, and keeps the choice from the first paint', async () => {
    const { account } = await holdingAccount();
    const app = await suite.newApp({ ...UPRIGHT, colorScheme: 'dark' });
    // The theme when the page's body is first parsed, on every load of this context: set by
    // then, no frame of the page can show the other theme.
    await app.context.addInitScript(() => {
      const watcher = new MutationObserver(() => {
        if (!document.body) return;
        (window as { themeAtBody?: string | null }).themeAtBody =
          document.documentElement.getAttribute('data-theme');
        watcher.disconnect();
      });
      watcher.observe(document, { childList: true, subtree: true });
    });
    await openLoggedIn(app, account.session, '/mine/system');
    expect(await shownTheme(app)).toBe('dark');
    await app.page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => shownTheme(app)).toBe('light');

    const choices = app.page.getByRole('radiogroup', { name: 'Theme' });
    expect(await choices.getByRole('radio', { name: 'As the phone' }).isChecked()).toBe(true);
    await choices.getByRole('radio', { name: 'Dark', exact: true }).check();
    expect(await shownTheme(app)).toBe('dark');
    // The phone's setting no longer decides; a reload is dark before its body is parsed.
    await app.page.emulateMedia({ colorScheme: 'light' });
    await app.reload();
    expect(await shownTheme(app)).toBe('dark');
    expect(await app.page.evaluate(() => (window as { themeAtBody?: string }).themeAtBody)).toBe(
      'dark',
    );
    expect(await choices.getByRole('radio', { name: 'Dark', exact: true }).isChecked()).toBe(true);

    await choices.getByRole('radio', { name: 'As the phone' }).check();
    expect(await shownTheme(app)).toBe('light');
    await app.reload();
    expect(await app.page.evaluate(() => (window as { themeAtBody?: string }).themeAtBody)).toBe(
      'light',
    );
  });
});
