import { DRAW_TYPE, ORDER_STATUS } from '@pipstream/protocol';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually } from './test-support/eventually.js';
import { localeText, openWithoutQuery, seedLanguage, shown } from './test-support/languages.js';
import { NARROW, UPRIGHT } from './test-support/phone.js';
import { fontsPainted, reviewFolder, useScriptFonts } from './test-support/review.js';
import { useBrowserSuite } from './test-support/suite.js';
import {
  confirmation,
  fundedAt,
  instrumentOf,
  movePrice,
  onlyOrder,
  orderRow,
  whileOnItsWay,
} from './test-support/trading.js';
import { bindAddress, drawSymbol } from './test-support/wallet.js';

// Every price in this file is one a test set, so each screenshot shows the same figures.
const suite = useBrowserSuite({ mock: { tickMs: 60_000 } });

/** A 62-character taproot address: the longest destination a question shows. */
const TAPROOT_ADDRESS = 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0';

describe('trading screens for review', () => {
  it.each(['en', 'ar', 'hi'] as const)(
    'writes the order form’s risk figures, the order question, a requote, a fill, the TP/SL sheet, a closed market and the withdrawal question in %s',
    async (language) => {
      const folder = await reviewFolder('trading');
      const text = (key: string) => localeText(language, key);
      const gbpusd = await instrumentOf(suite.stack, 'GBPUSD');
      await suite.stack.control('/market/status', { code: 'GBPUSD', status: 1 });
      const { account, token } = await fundedAt(suite.stack, gbpusd, 1.27);
      const btc = await drawSymbol(suite.stack, token, DRAW_TYPE.COIN, 'BTC (BTC)');
      await bindAddress(suite.stack, token, btc, TAPROOT_ADDRESS);
      const app = await suite.newApp(UPRIGHT);
      const { page } = app;
      await useScriptFonts(app.context);
      await seedLanguage(app, language, account.session);
      /** Writes what the phone shows, `target` scrolled into view (laying out anew scrolls up). */
      const snap = async (name: string, target?: Locator) => {
        await app.idle();
        await fontsPainted(page);
        await target?.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${folder}/${language}-${name}.png` });
      };

      // The order form with a stop loss and take profit: one pip's worth and the P&L at each.
      await openWithoutQuery(app, `/trade?id=${gbpusd.Id}`);
      const screen = page.locator('main:not([hidden])');
      await eventually(() => screen.getByTestId('buy-price').textContent()).toBe(
        shown('1.27000', language),
      );
      await screen.getByRole('textbox', { name: text('web.trade.lots'), exact: true }).fill('0.5');
      await screen.getByRole('switch', { name: text('web.trade.stop_loss') }).click();
      await screen.getByRole('textbox', { name: text('web.trade.stop_loss_price') }).fill('1.265');
      await screen.getByRole('switch', { name: text('web.trade.take_profit') }).click();
      await screen.getByRole('textbox', { name: text('web.trade.take_profit_price') }).fill('1.28');
      await eventually(() => screen.getByTestId('trade-pnl-at-stop-loss').textContent()).toBe(
        shown('-250.00', language),
      );
      await snap('order-risk', screen.getByTestId('trade-pnl-at-take-profit'));

      // The order question, at the live price, and its requote.
      await screen.getByRole('button', { name: text('web.trade.buy'), exact: true }).click();
      const dialog = confirmation(app);
      await eventually(() => dialog.getByTestId('question-price').textContent()).toBe(
        shown('1.27000', language),
      );
      await snap('order-question');
      await whileOnItsWay(page, '/v1/api/forex/submit', () =>
        movePrice(suite.stack, gbpusd, 1.2685),
      );
      await dialog.getByRole('button', { name: text('web.trade.confirm') }).click();
      await dialog.getByTestId('question-notice').waitFor();
      await eventually(() => dialog.getByTestId('question-price').textContent()).toBe(
        shown('1.26850', language),
      );
      await snap('requote');
      // Confirmed at the new price, filled a pip worse on the way: the toast names the slippage.
      await whileOnItsWay(page, '/v1/api/forex/submit', () =>
        movePrice(suite.stack, gbpusd, 1.2686),
      );
      await dialog.getByRole('button', { name: text('web.trade.confirm') }).click();
      await dialog.waitFor({ state: 'detached' });
      await page
        .locator('.toast')
        .filter({ hasText: shown('1.26860', language) })
        .waitFor();
      await snap('fill-toast');
      // Gone by itself before the next screen is written, as a trader would see that one.
      await page.locator('.toast').waitFor({ state: 'detached' });

      // The TP/SL sheet of that holding, with the money at each level.
      await page.getByRole('link', { name: text('web.tabs.order'), exact: true }).click();
      const order = await onlyOrder(suite.stack, token, ORDER_STATUS.HOLDING);
      await orderRow(app, order.Id)
        .getByRole('button', { name: text('web.order.set_stops') })
        .click();
      const sheet = page.getByRole('dialog');
      await sheet.getByRole('textbox', { name: text('web.order.take_profit') }).fill('1.2786');
      await sheet.getByRole('textbox', { name: text('web.order.stop_loss') }).fill('1.2636');
      await eventually(() => sheet.getByTestId('stops-pnl-at-stop-loss').textContent()).toBe(
        shown('-250.00', language),
      );
      await snap('stops-sheet');
      await sheet.getByRole('button', { name: text('web.common.cancel') }).click();
      await sheet.waitFor({ state: 'detached' });
      await page.getByRole('link', { name: text('web.tabs.trade'), exact: true }).click();
      await screen.getByTestId('buy-price').waitFor();

      // The market closes: the header, the strip and the buttons' place say so; so does its row.
      await suite.stack.control('/market/status', { code: 'GBPUSD', status: 2 });
      try {
        await screen.getByTestId('trade-closed').waitFor();
        await snap('trade-closed');
        await snap('trade-closed-form', screen.getByTestId('trade-closed'));
        await page.getByRole('link', { name: text('web.tabs.quotes'), exact: true }).click();
        await eventually(() =>
          page.getByTestId('quote-row-GBPUSD').getByTestId('quote-status').textContent(),
        ).toBe(text('web.trade.market_closed'));
        await snap('quotes-closed');
      } finally {
        await suite.stack.control('/market/status', { code: 'GBPUSD', status: 1 });
      }

      // The withdrawal question on the narrowest phone: the whole address, grouped.
      await page.setViewportSize(NARROW.viewport ?? { width: 320, height: 740 });
      await openWithoutQuery(app, '/mine/withdraw');
      await page.getByLabel(text('web.withdraw.currency')).selectOption({ label: 'BTC (BTC)' });
      await page.getByLabel(text('web.withdraw.amount')).fill('100');
      await page.getByRole('button', { name: text('web.common.submit') }).click();
      const value = confirmation(app).getByTestId('question-destination-value');
      await eventually(async () => (await value.textContent())?.replaceAll(' ', '')).toBe(
        TAPROOT_ADDRESS,
      );
      await snap('withdraw-question');
      expect(await value.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
        true,
      );
    },
  );
});
