import { describe, expect, it } from 'vitest';
import { openLoggedIn } from './test-support/accounts.js';
import type { AppPage } from './test-support/browser.js';
import { AA, poorContrastTexts } from './test-support/contrast.js';
import { eventually } from './test-support/eventually.js';
import { UPRIGHT } from './test-support/phone.js';
import { useBrowserSuite } from './test-support/suite.js';
import { buyAtMarket, instrumentOf, orderRow, registerFunded } from './test-support/trading.js';

const suite = useBrowserSuite();

/** The palette on show: the root's `data-theme`, which the style sheets key on. */
const shownTheme = (app: AppPage) =>
  app.page.evaluate(() => document.documentElement.getAttribute('data-theme'));

/** The colour of rising candles in the palette on show (the style sheets' `--up`). */
const upColour = (app: AppPage) =>
  app.page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--up').trim(),
  );

/**
 * How many pixels of the candle chart's price pane (on the screen on show) are exactly each
 * colour: candle bodies are filled with their colour, so a palette's up colour is counted there.
 */
const chartPixels = (app: AppPage, colours: readonly string[]) =>
  app.page.evaluate((wanted) => {
    const canvas = document.querySelector<HTMLCanvasElement>(
      'main:not([hidden]) .chart-pane-main canvas:not(.chart-slot)',
    );
    const pixels = canvas?.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
    if (!pixels) return null;
    // Each colour as the canvas stores it: painted on a pixel of a canvas of its own.
    const probe = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    const targets = wanted.map((colour) => {
      if (!probe) throw new Error('no 2D canvas');
      probe.clearRect(0, 0, 1, 1);
      probe.fillStyle = colour;
      probe.fillRect(0, 0, 1, 1);
      return Array.from(probe.getImageData(0, 0, 1, 1).data);
    });
    const counts: Record<string, number> = Object.fromEntries(wanted.map((colour) => [colour, 0]));
    for (let at = 0; at < pixels.length; at += 4) {
      targets.forEach(([r, g, b, a], index) => {
        if (
          pixels[at] === r &&
          pixels[at + 1] === g &&
          pixels[at + 2] === b &&
          pixels[at + 3] === a
        ) {
          counts[wanted[index] as string] = (counts[wanted[index] as string] ?? 0) + 1;
        }
      });
    }
    return counts;
  }, colours);

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

  it('redraws the candle chart in the new theme at once, whether the phone or the trader switches', async () => {
    const { account } = await holdingAccount();
    const euro = await instrumentOf(suite.stack, 'EURUSD');
    const app = await suite.newApp({ ...UPRIGHT, colorScheme: 'dark' });
    await openLoggedIn(app, account.session, `/trade?id=${euro.Id}`);
    await app.page
      .locator('.chart:not(.chart-pending) .chart-pane-main canvas:not(.chart-slot)')
      .waitFor();
    // A mark on this page: a reload would lose it.
    await app.page.evaluate(() => Object.assign(window, { sameVisit: true }));
    const dark = await upColour(app);
    await eventually(async () => (await chartPixels(app, [dark]))?.[dark]).toBeGreaterThan(0);

    // The phone turns light while the choice is "system".
    await app.page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => shownTheme(app)).toBe('light');
    const light = await upColour(app);
    expect(light).not.toBe(dark);
    await eventually(async () => {
      const counts = await chartPixels(app, [dark, light]);
      return { darkUp: counts?.[dark], lightUp: (counts?.[light] ?? 0) > 0 };
    }).toEqual({ darkUp: 0, lightUp: true });

    // The trader chooses dark in the settings and comes back to the same chart.
    await app.page.evaluate(() => {
      history.pushState(null, '', '/mine/system');
    });
    const choices = app.page.getByRole('radiogroup', { name: 'Theme' });
    await choices.getByRole('radio', { name: 'Dark', exact: true }).check();
    await app.page.evaluate(() => history.back());
    await app.waitForRoute(`/trade?id=${euro.Id}`);
    await eventually(async () => {
      const counts = await chartPixels(app, [dark, light]);
      return { darkUp: (counts?.[dark] ?? 0) > 0, lightUp: counts?.[light] };
    }).toEqual({ darkUp: true, lightUp: 0 });
    expect(await app.page.evaluate(() => 'sameVisit' in window)).toBe(true);
  });
});
