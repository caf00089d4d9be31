import { ORDER_MODE, ORDER_SIDE } from '@pipstream/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { type EmailAccount, registerByEmail } from './test-support/accounts.js';
import type { AppPage } from './test-support/browser.js';
import { brokenFigures } from './test-support/figures.js';
import { openWithoutQuery, seedLanguage } from './test-support/languages.js';
import { NARROW } from './test-support/phone.js';
import { useBrowserSuite } from './test-support/suite.js';
import { buyAtMarket, fundAccount, instrumentOf, orderRow } from './test-support/trading.js';

const suite = useBrowserSuite();

/** The most one deposit may be: three of them make a balance in the millions. */
const LARGEST_DEPOSIT = '999999.99';

/** Each screen with figures, and a figure of it that shows once its numbers are in. */
const SCREENS = [
  ['/', 'quote-price'],
  ['/user', 'balance'],
  ['/order?type=1', 'account-balance'],
  ['/order?type=0', 'account-balance'],
  ['/order?type=3', 'account-balance'],
  ['/trade', 'trade-available'],
  ['/mine/wallet', 'wallet-balance'],
  ['/mine/history', 'history-balance'],
] as const;

let account: EmailAccount;
/** A closed order: its detail shows every field, open and close times among them. */
let closedId: number;

/**
 * A funded account with big numbers: a balance in the millions, holdings (a risk rate in the
 * millions of per cent), a pending order and closed ones.
 */
beforeAll(async () => {
  const { stack } = suite;
  account = await registerByEmail(stack);
  const { token } = account.session;
  for (let n = 0; n < 3; n++) await fundAccount(stack, token, LARGEST_DEPOSIT);
  const bitcoin = await instrumentOf(stack, 'BTCUSDT');
  const euro = await instrumentOf(stack, 'EURUSD');
  await buyAtMarket(stack, token, euro);
  const closed = await buyAtMarket(stack, token, bitcoin);
  await stack.apiAs(token).call('close', { id: closed.Id });
  closedId = closed.Id;
  await buyAtMarket(stack, token, bitcoin);
  await stack.apiAs(token).call('submit', {
    type: ORDER_SIDE.BUY,
    cont: euro.ForexMinCont,
    forex_id: euro.Id,
    status: ORDER_MODE.PENDING,
    target_price: Number((euro.ForexQuotations.Close * 0.9).toFixed(euro.PricePrecision)),
    stop_loss_price: 0,
    target_profit_price: 0,
    multiple: euro.HasForexMultiple[0]?.Value ?? 100,
  });
});

/** Opens `route` and waits until the figure `testId` shows digits. */
async function openWithFigures(app: AppPage, route: string, testId: string) {
  await openWithoutQuery(app, route);
  await app.page.getByTestId(testId).filter({ hasText: /\d/ }).first().waitFor();
  await app.idle();
}

describe('figures on a 320 px phone', () => {
  it.each(['hi', 'ru', 'ar'] as const)('never break in %s', async (language) => {
    const app = await suite.newApp(NARROW);
    await seedLanguage(app, language, account.session);
    const broken: string[] = [];
    const check = async (where: string) => {
      for (const figure of await brokenFigures(app.page)) {
        broken.push(`${where}: "${figure.text}" ${figure.problem}`);
      }
    };
    for (const [route, testId] of SCREENS) {
      await openWithFigures(app, route, testId);
      await check(route);
    }

    // The product search lists quote rows once something is typed.
    await openWithoutQuery(app, '/product');
    await app.page.getByRole('searchbox').fill('USD');
    await app.page
      .locator('[data-testid^="product-row-"]')
      .getByTestId('quote-price')
      .filter({ hasText: /\d/ })
      .first()
      .waitFor();
    await app.idle();
    await check('/product');

    // A closed order's detail: prices, fee, and the open and close times.
    await openWithFigures(app, '/order?type=3', 'account-balance');
    await orderRow(app, closedId).getByRole('button', { name: /BTC/ }).click();
    await app.page.getByRole('dialog').locator('.num').filter({ hasText: /:/ }).first().waitFor();
    await check('the order detail');
    expect(broken).toEqual([]);
  });
});
