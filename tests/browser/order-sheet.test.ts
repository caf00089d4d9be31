import { formatPrice, type Instrument, ORDER_SIDE, ORDER_STATUS } from '@pipstream/protocol';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openLoggedIn } from './test-support/accounts.js';
import type { AppPage, PhoneOptions } from './test-support/browser.js';
import { eventually } from './test-support/eventually.js';
import { localeText, openWithoutQuery, seedLanguage, shown } from './test-support/languages.js';
import { openDemo } from './test-support/personal.js';
import { NARROW, SIDEWAYS, UPRIGHT } from './test-support/phone.js';
import { fontsPainted, reviewFolder, useScriptFonts } from './test-support/review.js';
import { useBrowserSuite } from './test-support/suite.js';
import { confirmation, instrumentOf, movePrice, onlyOrder } from './test-support/trading.js';

// The simulator's own steps are a minute apart: the prices a test sets hold still.
const suite = useBrowserSuite({ mock: { tickMs: 60_000 } });

/** The trade screen on show (kept-alive screens are hidden). */
function screenOf(app: AppPage): Locator {
  return app.page.locator('main:not([hidden])');
}

/** The bar's details control: its name starts "Order details:" and sums the order up. */
function detailsControl(app: AppPage): Locator {
  return screenOf(app).getByRole('button', { name: /^Order details: / });
}

/** The parts of the bar's summary as shown ("0.05 lots", "200x", "SL 1.08000"). */
function summaryOf(app: AppPage): Promise<string[]> {
  return detailsControl(app).locator('.order-details-part').allTextContents();
}

/** The details sheet of `instrument`. */
function sheetOf(app: AppPage, instrument: Instrument): Locator {
  return app.page.getByRole('dialog', { name: `Order details · ${instrument.ShowCode}` });
}

/** Waits until the trade screen shows `instrument` with its prices. */
async function showing(app: AppPage, instrument: Instrument) {
  await app.page
    .getByRole('heading', { level: 1, name: instrument.ShowCode, exact: true })
    .waitFor();
  await screenOf(app).getByTestId('buy-price').waitFor();
}

/**
 * Chooses `instrument` in the drawer. The drawer opens from the header, which a phone held
 * sideways covers with the chart: it is turned upright for the choice, and back.
 */
async function switchTo(app: AppPage, instrument: Instrument, phone: PhoneOptions) {
  const { page } = app;
  if (phone === SIDEWAYS) await page.setViewportSize(UPRIGHT.viewport ?? { width: 0, height: 0 });
  await page.getByRole('button', { name: 'Products' }).click();
  await page.getByTestId(`trade-instrument-${instrument.Code}`).click();
  await showing(app, instrument);
  if (phone === SIDEWAYS) await page.setViewportSize(SIDEWAYS.viewport ?? { width: 0, height: 0 });
}

/** Opens the details from the bar, lets `change` set them, and closes the sheet with Done. */
async function editDetails(
  app: AppPage,
  instrument: Instrument,
  change: (sheet: Locator) => Promise<void>,
) {
  await detailsControl(app).click();
  const sheet = sheetOf(app, instrument);
  await sheet.waitFor();
  await change(sheet);
  await sheet.getByRole('button', { name: 'Done', exact: true }).click();
  await sheet.waitFor({ state: 'detached' });
}

/** Steps the lots in `sheet` up `steps` times and waits for `lots` in the field. */
async function stepLots(sheet: Locator, steps: number, lots: string) {
  for (let step = 0; step < steps; step++) {
    await sheet.getByRole('button', { name: 'Increase lots' }).click();
  }
  await eventually(() => sheet.getByRole('textbox', { name: 'Lots' }).inputValue()).toBe(lots);
}

describe('the order details, opened from the bar', () => {
  it.each([
    ['upright', UPRIGHT],
    ['sideways', SIDEWAYS],
  ] as const)(
    'are set in a sheet on a phone held %s, summed up on the bar, sent by Buy, and kept per instrument across a switch and a reload',
    async (_, phone) => {
      const demo = await openDemo(suite.stack);
      const euro = await instrumentOf(suite.stack, 'EURUSD');
      const pound = await instrumentOf(suite.stack, 'GBPUSD');
      const euroAt = await movePrice(suite.stack, euro, 1.085);
      await movePrice(suite.stack, pound, 1.27);
      const app = await suite.newApp(phone);
      const { page } = app;
      await openLoggedIn(app, demo, `/trade?id=${euro.Id}`);
      await showing(app, euro);
      await eventually(() => screenOf(app).getByTestId('buy-price').textContent()).toBe(
        shown(formatPrice(euroAt, euro.PricePrecision)),
      );
      // A fresh form: the minimum lots at the default leverage.
      await eventually(() => summaryOf(app)).toEqual(['0.01 lots', '100x']);

      // 0.05 lots at 200x with a stop loss 50 pips under the price, set in the sheet.
      const stopLoss = formatPrice(euroAt - 0.005, euro.PricePrecision);
      await editDetails(app, euro, async (sheet) => {
        await stepLots(sheet, 4, '0.05');
        await sheet.getByRole('radio', { name: '200x' }).check();
        await sheet.getByRole('switch', { name: 'Stop loss' }).click();
        await sheet.getByRole('textbox', { name: 'Stop loss price' }).fill(stopLoss);
      });
      const euroSummary = ['0.05 lots', '200x', `SL ${stopLoss}`];
      await eventually(() => summaryOf(app)).toEqual(euroSummary);
      expect(await detailsControl(app).getAttribute('aria-label')).toBe(
        `Order details: ${euroSummary.join(' · ')}`,
      );

      // Buy, from the bar, sends the order with them, through the usual question.
      await screenOf(app).getByRole('button', { name: 'Buy', exact: true }).click();
      const question = confirmation(app);
      await question
        .getByText(
          `Buy 0.05 lots of ${euro.ShowCode} at the market price, leverage 200x, ` +
            `stop loss ${stopLoss}, take profit off.`,
          { exact: true },
        )
        .waitFor();
      await question.getByRole('button', { name: 'Place order' }).click();
      await page
        .locator('.toast')
        .getByText(/^Order filled: /)
        .waitFor();
      const order = await onlyOrder(suite.stack, demo.token, ORDER_STATUS.HOLDING);
      expect(order).toMatchObject({
        OrderType: ORDER_SIDE.BUY,
        ForexId: euro.Id,
        Quantity: 0.05,
        Multiple: 200,
        TargetLossPrice: Number(stopLoss),
      });
      // The next order starts from the same details.
      await eventually(() => summaryOf(app)).toEqual(euroSummary);

      // Another instrument has its own: fresh, then 0.03 lots at 50x.
      await switchTo(app, pound, phone);
      await eventually(() => summaryOf(app)).toEqual(['0.01 lots', '100x']);
      await editDetails(app, pound, async (sheet) => {
        await stepLots(sheet, 2, '0.03');
        await sheet.getByRole('radio', { name: '50x' }).check();
      });
      const poundSummary = ['0.03 lots', '50x'];
      await eventually(() => summaryOf(app)).toEqual(poundSummary);

      await switchTo(app, euro, phone);
      await eventually(() => summaryOf(app)).toEqual(euroSummary);
      await switchTo(app, pound, phone);
      await eventually(() => summaryOf(app)).toEqual(poundSummary);

      // Kept on the device: a reload shows each one's.
      await app.reload();
      await showing(app, pound);
      await eventually(() => summaryOf(app)).toEqual(poundSummary);
      await switchTo(app, euro, phone);
      await eventually(() => summaryOf(app)).toEqual(euroSummary);
      // And the sheet opens on them.
      await detailsControl(app).click();
      const sheet = sheetOf(app, euro);
      expect(await sheet.getByRole('textbox', { name: 'Lots' }).inputValue()).toBe('0.05');
      expect(await sheet.getByRole('radio', { name: '200x' }).isChecked()).toBe(true);
      expect(await sheet.getByRole('textbox', { name: 'Stop loss price' }).inputValue()).toBe(
        stopLoss,
      );
    },
  );

  it.each(['en', 'ru', 'hi'] as const)(
    'keeps each figure of the summary whole on a 320 px phone in %s',
    async (language) => {
      const demo = await openDemo(suite.stack);
      const euro = await instrumentOf(suite.stack, 'EURUSD');
      const euroAt = await movePrice(suite.stack, euro, 1.085);
      const app = await suite.newApp(NARROW);
      await useScriptFonts(app.context);
      await seedLanguage(app, language, demo);
      await openWithoutQuery(app, `/trade?id=${euro.Id}`);
      const screen = screenOf(app);
      const text = (key: string) => localeText(language, key);
      await screen.getByTestId('buy-price').waitFor();
      // The longest summary: a pending order with lots in the tens, both levels on.
      await screen.locator('.order-details-button').click();
      const sheet = app.page.getByRole('dialog');
      await sheet.getByRole('tab', { name: text('web.trade.mode_pending') }).click();
      await sheet.getByRole('textbox', { name: text('web.trade.lots'), exact: true }).fill('12.5');
      await sheet.getByRole('switch', { name: text('web.trade.stop_loss') }).click();
      await sheet
        .getByRole('textbox', { name: text('web.trade.stop_loss_price') })
        .fill(formatPrice(euroAt - 0.005, 5));
      await sheet.getByRole('switch', { name: text('web.trade.take_profit') }).click();
      await sheet
        .getByRole('textbox', { name: text('web.trade.take_profit_price') })
        .fill(formatPrice(euroAt + 0.005, 5));
      await sheet.getByRole('button', { name: text('web.order_details.done') }).click();
      await sheet.waitFor({ state: 'detached' });
      await fontsPainted(app.page);

      const parts = screen.locator('.order-details-part');
      await eventually(() => parts.count()).toBe(5);
      const layout = await screen.locator('.order-details-button').evaluate((button) => {
        const box = button.getBoundingClientRect();
        const lineHeight = Number.parseFloat(getComputedStyle(button).lineHeight) || 20;
        return {
          inside: box.left >= 0 && box.right <= innerWidth,
          parts: [...button.querySelectorAll('.order-details-part')].map((part) => {
            const own = part.getBoundingClientRect();
            return {
              text: part.textContent,
              // One line each: a figure never breaks.
              oneLine: part.getClientRects().length === 1 && own.height < lineHeight * 1.5,
              inside: own.left >= box.left && own.right <= box.right,
            };
          }),
        };
      });
      expect(layout.inside).toBe(true);
      for (const part of layout.parts) {
        expect(part, part.text ?? '').toMatchObject({ oneLine: true, inside: true });
      }
      const folder = await reviewFolder('order-sheet');
      await app.page.screenshot({ path: `${folder}/${language}-narrow-bar.png` });
    },
  );
});

describe('the bar and the details sheet for review', () => {
  it.each([
    ['en', 'upright', UPRIGHT],
    ['ar', 'upright', UPRIGHT],
    ['en', 'sideways', SIDEWAYS],
    ['ar', 'sideways', SIDEWAYS],
  ] as const)(
    'writes the bar and the open sheet in %s on a phone held %s',
    async (language, held, phone) => {
      const folder = await reviewFolder('order-sheet');
      const demo = await openDemo(suite.stack);
      const euro = await instrumentOf(suite.stack, 'EURUSD');
      const euroAt = await movePrice(suite.stack, euro, 1.085);
      const app = await suite.newApp(phone);
      const { page } = app;
      await useScriptFonts(app.context);
      await seedLanguage(app, language, demo);
      await openWithoutQuery(app, `/trade?id=${euro.Id}`);
      const text = (key: string) => localeText(language, key);
      const screen = screenOf(app);
      await screen
        .locator('.chart:not(.chart-pending) .chart-canvas canvas:not(.chart-slot)')
        .waitFor();
      const open = screen.locator('.order-details-button');
      await open.click();
      const sheet = page.getByRole('dialog');
      await sheet.getByRole('button', { name: text('web.trade.lots_increase') }).click();
      await sheet.getByRole('switch', { name: text('web.trade.stop_loss') }).click();
      await sheet
        .getByRole('textbox', { name: text('web.trade.stop_loss_price') })
        .fill(formatPrice(euroAt - 0.005, 5));
      await app.idle();
      await fontsPainted(page);
      await page.screenshot({ path: `${folder}/${language}-${held}-sheet.png` });
      await sheet.getByRole('button', { name: text('web.order_details.done') }).click();
      await sheet.waitFor({ state: 'detached' });
      await app.idle();
      await fontsPainted(page);
      await page.screenshot({ path: `${folder}/${language}-${held}-bar.png` });
      expect(await open.isVisible()).toBe(true);
    },
  );
});
