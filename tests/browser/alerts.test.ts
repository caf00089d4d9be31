import { formatPrice } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import type { AppPage } from './test-support/browser.js';
import { eventually } from './test-support/eventually.js';
import { useBrowserSuite } from './test-support/suite.js';
import { instrumentOf, movePrice } from './test-support/trading.js';

// Every price in this file is one a test set: the simulator's own steps are a minute apart.
const suite = useBrowserSuite({ mock: { tickMs: 60_000 } });

/** The alert editor sheet. */
function editor(app: AppPage) {
  return app.page.getByRole('dialog', { name: /price alert/ });
}

/** Records every system notification the page shows (the real API still shows it). */
function recordNotifications(app: AppPage) {
  return app.context.addInitScript(() => {
    const shown: { title: string; body: string | undefined }[] = [];
    (window as unknown as { notified: typeof shown }).notified = shown;
    const Real = window.Notification;
    class Recorded extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push({ title, body: options?.body });
      }
    }
    Object.defineProperty(window, 'Notification', { value: Recorded, configurable: true });
  });
}

describe('price alerts', () => {
  it('fires an alert set on the trade screen once, when the price crosses it', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const market = await movePrice(suite.stack, eurusd, 1.085);
    const price = (value: number) => formatPrice(value, eurusd.PricePrecision);
    const app = await suite.newApp();
    const { page } = app;
    await app.open(`/trade?id=${eurusd.Id}`);
    await eventually(() => page.getByTestId('trade-price').textContent()).toBe(price(market));

    await page.getByRole('button', { name: 'Set a price alert on EUR/USD' }).click();
    const sheet = editor(app);
    await sheet.getByRole('radio', { name: 'Price rises to' }).check();
    // A level the price already reached is refused: it would fire at once.
    await sheet.getByRole('textbox', { name: 'Price' }).fill(price(1.08));
    await sheet.getByRole('button', { name: 'Save alert' }).click();
    await sheet
      .getByText('The price is already there: choose a level it has not reached yet')
      .waitFor();
    await sheet.getByRole('textbox', { name: 'Price' }).fill(price(1.09));
    await sheet.getByRole('button', { name: 'Save alert' }).click();
    await app.expectToast('Price alert saved');

    await app.idle();
    await movePrice(suite.stack, eurusd, 1.0905);
    const fired = `Price alert: EUR/USD at or above ${price(1.09)}. Now ${price(1.0905)}.`;
    await app.expectToast(fired);
    // Once: the list says when, and a further move past the level tells nothing new.
    await movePrice(suite.stack, eurusd, 1.0912);
    await eventually(() => page.getByTestId('trade-price').textContent()).toBe(price(1.0912));
    // The tick that moved the price came in the batch that would have carried a second firing.
    expect(await page.getByText(/^Price alert: EUR\/USD/).count()).toBe(1);
    await app.open('/alerts');
    const rows = page.getByRole('list', { name: 'Price alerts' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(1);
    await rows
      .first()
      .getByText(/^Fired /)
      .waitFor();
  });

  it('fires a "moves by x % today" alert set in the editor when the day’s change reaches it', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const price = (value: number) => formatPrice(value, eurusd.PricePrecision);
    // Flat on the day: the price back at the day's open.
    const open = await movePrice(suite.stack, eurusd, eurusd.ForexQuotations.Open);
    const app = await suite.newApp();
    const { page } = app;
    await app.open(`/trade?id=${eurusd.Id}`);
    await eventually(() => page.getByTestId('trade-price').textContent()).toBe(price(open));

    await page.getByRole('button', { name: 'Set a price alert on EUR/USD' }).click();
    const sheet = editor(app);
    await sheet.getByRole('radio', { name: "Day's change reaches" }).check();
    await sheet.getByRole('textbox', { name: 'Change in %' }).fill('2');
    await sheet.getByRole('button', { name: 'Save alert' }).click();
    await app.expectToast('Price alert saved');

    // 1 % down on the day: not yet.
    await app.idle();
    const halfway = await movePrice(suite.stack, eurusd, open * 0.99);
    await eventually(() => page.getByTestId('trade-price').textContent()).toBe(price(halfway));
    expect(await page.getByText(/^Price alert: EUR\/USD/).count()).toBe(0);
    // 2.1 % down: the day's change, either way, has reached 2 %.
    const moved = await movePrice(suite.stack, eurusd, open * 0.979);
    await app.expectToast(`Price alert: EUR/USD moves 2 % today. Now ${price(moved)}.`);
  });

  it('keeps an alert set by a long press through a reload, and notifies the system', async () => {
    const gbpusd = await instrumentOf(suite.stack, 'GBPUSD');
    await movePrice(suite.stack, gbpusd, 1.25);
    const price = (value: number) => formatPrice(value, gbpusd.PricePrecision);
    const app = await suite.newApp();
    const { page } = app;
    await app.context.grantPermissions(['notifications'], { origin: suite.stack.baseUrl });
    await recordNotifications(app);
    await app.open('/');
    // A phone's long press opens the row's context menu: the row sets an alert instead.
    await page.getByTestId('quote-row-GBPUSD').click({ button: 'right' });
    const sheet = editor(app);
    await sheet.getByRole('radio', { name: 'Price falls to' }).check();
    await sheet.getByRole('textbox', { name: 'Price' }).fill(price(1.24));
    await sheet.getByRole('button', { name: 'Save alert' }).click();
    await app.expectToast('Price alert saved');
    expect(await app.route()).toBe('/');

    await app.reload();
    await app.open('/alerts');
    await page.getByText(`GBP/USD at or below ${price(1.24)}`).waitFor();
    await page.getByText('On: a fired alert also shows as a notification').waitFor();
    await app.idle();
    await movePrice(suite.stack, gbpusd, 1.2395);
    const fired = `Price alert: GBP/USD at or below ${price(1.24)}. Now ${price(1.2395)}.`;
    await app.expectToast(fired);
    await eventually(() =>
      page.evaluate(() => (window as unknown as { notified: unknown[] }).notified),
    ).toEqual([{ title: 'Price alerts', body: fired }]);
  });

  it('edits and deletes alerts on the alert screen, ignoring what the device kept broken', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    await movePrice(suite.stack, eurusd, 1.085);
    const price = (value: number) => formatPrice(value, eurusd.PricePrecision);
    const app = await suite.newApp();
    const { page } = app;
    await app.context.addInitScript(
      ([id]) => {
        if (sessionStorage.getItem('seeded')) return;
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem(
          'pipstream.alerts',
          JSON.stringify([
            {
              id: 'kept',
              instrumentId: id,
              code: 'EUR/USD',
              precision: 5,
              condition: { kind: 'move', percent: 5 },
              createdAt: 1,
              firedAt: null,
            },
            { id: 'broken', instrumentId: 'x' },
            'junk',
          ]),
        );
      },
      [eurusd.Id],
    );
    await app.open('/alerts');
    const rows = page.getByRole('list', { name: 'Price alerts' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.getByText('EUR/USD moves 5 % today').waitFor();

    await page.getByRole('button', { name: 'Edit the alert EUR/USD moves 5 % today' }).click();
    const sheet = editor(app);
    await sheet.getByRole('radio', { name: 'Price rises to' }).check();
    await sheet.getByRole('textbox', { name: 'Price' }).fill(price(1.1));
    await sheet.getByRole('button', { name: 'Save alert' }).click();
    await app.expectToast('Price alert saved');
    await rows.getByText(`EUR/USD at or above ${price(1.1)}`).waitFor();

    await page
      .getByRole('button', { name: `Delete the alert EUR/USD at or above ${price(1.1)}` })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await app.expectToast('Price alert deleted');
    await page.getByText(/^No price alerts yet/).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('pipstream.alerts'))).toBe('[]');
  });
});
