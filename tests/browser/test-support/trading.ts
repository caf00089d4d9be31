import {
  formatPrice,
  type Instrument,
  ORDER_MODE,
  ORDER_SIDE,
  ORDER_STATUS,
  type Order,
  type OrderList,
  type RequestOf,
  type Routes,
} from '@pipstream/protocol';
import type { Locator, Page } from 'playwright-core';
import { declareCoinDeposit, minimumMarketBuy } from '../../../protocol/src/test-support/index.js';
import { type EmailAccount, registerByEmail } from './accounts.js';
import type { AppPage } from './browser.js';
import type { Stack } from './stack.js';

/** What a funded test account starts with. */
export const FUNDED_BALANCE = '10000';

/**
 * Puts `amount` on a real account the way the product does: a coin deposit declared with a
 * proof image through the API, then approved by the desk through the mock's control API.
 * Resolves the balance the review reports.
 */
export async function fundAccount(stack: Stack, token: string, amount = FUNDED_BALANCE) {
  const { deposit } = await declareCoinDeposit(stack.apiAs(token), amount);
  const reviewed = await stack.control<{ balance: string }>('/deposits/review', {
    id: deposit.id,
    approve: true,
  });
  return reviewed.balance;
}

/** A real account registered by e-mail with `FUNDED_BALANCE` on it. */
export async function registerFunded(stack: Stack): Promise<EmailAccount> {
  const account = await registerByEmail(stack);
  await fundAccount(stack, account.session.token);
  return account;
}

/**
 * The opening of most order tests: a funded account, with `instrument`'s market moved to
 * `price`. Resolves the account, its token and the price the mock now quotes.
 */
export async function fundedAt(stack: Stack, instrument: Instrument, price: number) {
  const account = await registerFunded(stack);
  const quoted = await movePrice(stack, instrument, price);
  return { account, token: account.session.token, quoted };
}

/** The instrument listed under `code`, as the gateway answers it now. */
export async function instrumentOf(stack: Stack, code: string): Promise<Instrument> {
  const instrument = (await stack.api.call('tradeList')).find((item) => item.Code === code);
  if (!instrument) throw new Error(`no instrument ${code} in the trade list`);
  return instrument;
}

/**
 * Moves `instrument`'s market to `price` (at its precision) through the control API and resolves
 * the price the mock now quotes.
 */
export async function movePrice(stack: Stack, instrument: Instrument, price: number) {
  const level = Number(formatPrice(price, instrument.PricePrecision));
  const moved = await stack.control<Instrument>('/market/price', {
    code: instrument.Code,
    price: level,
  });
  return moved.ForexQuotations.Close;
}

/** One page of the user's orders in a `my_deal` tab (holding 1, pending 0, history 3). */
export function ordersOf(stack: Stack, token: string, status: number): Promise<OrderList> {
  return stack.apiAs(token).call('myDeal', { status, page: 1 });
}

/** The user's only order in a tab; fails when the tab holds none or several. */
export async function onlyOrder(stack: Stack, token: string, status: number): Promise<Order> {
  const { data } = await ordersOf(stack, token, status);
  const [order] = data;
  if (!order || data.length !== 1) {
    throw new Error(`expected one order in tab ${status}, found ${data.length}`);
  }
  return order;
}

/**
 * Opens a market buy through the API (a precondition, not the subject): the instrument's
 * minimum lots at its default leverage, no stop levels. Resolves the holding order.
 */
export async function buyAtMarket(stack: Stack, token: string, instrument: Instrument) {
  const order = await stack.apiAs(token).call('submit', minimumMarketBuy(instrument));
  if (order.Status !== ORDER_STATUS.HOLDING) throw new Error(`order ${order.Id} is not holding`);
  return order;
}

/**
 * Buys `lots` of `instrument` through the API at 100× (a precondition whose figures the test
 * works out): at the market, unless `terms` make it pending or set its stop levels. Resolves
 * the order.
 */
export function buyLots(
  stack: Stack,
  token: string,
  instrument: Instrument,
  lots: number,
  terms: Partial<RequestOf<Routes['submit']>> = {},
) {
  return stack.apiAs(token).call('submit', {
    type: ORDER_SIDE.BUY,
    cont: lots,
    forex_id: instrument.Id,
    status: ORDER_MODE.MARKET,
    multiple: 100,
    ...terms,
  });
}

/** Switches the order screen to a tab and waits for its route (`/order?type=…`). */
export async function showOrderTab(
  app: AppPage,
  name: 'Holding' | 'Pending' | 'History',
  type: number,
) {
  await app.page.getByRole('tab', { name, exact: true }).click();
  await app.waitForRoute(`/order?type=${type}`);
}

/** Sets a trailing stop of `distance` pips by `step` on the holding, from its row's TP/SL sheet. */
export async function trailStop(app: AppPage, row: Locator, distance: string, step: string) {
  const { page } = app;
  await row.getByRole('button', { name: 'Set TP/SL' }).click();
  const sheet = page.getByRole('dialog');
  await sheet.getByRole('switch', { name: 'Trail the stop loss' }).click();
  await sheet.getByRole('textbox', { name: 'Distance (pips)' }).fill(distance);
  await sheet.getByRole('textbox', { name: 'Step (pips)' }).fill(step);
  await sheet.getByRole('button', { name: 'Save' }).click();
  await app.expectToast('Trailing stop set');
  await sheet.waitFor({ state: 'detached' });
}

/** The order screen's row of order `id`. */
export function orderRow(app: AppPage, id: number): Locator {
  return app.page.getByTestId(`order-row-${id}`);
}

/** The value next to `label` in a row's or the detail panel's figures ("Take profit"). */
export function figure(scope: Locator, label: string): Locator {
  return scope
    .locator('.orders-figure')
    .filter({ has: scope.page().getByText(label, { exact: true }) })
    .locator('dd');
}

/** The confirmation dialog the app asks before an order is placed, closed or cancelled. */
export function confirmation(app: AppPage): Locator {
  return app.page.getByRole('alertdialog');
}

/**
 * Holds the page's next request whose URL contains `path` until `meanwhile` has run, then lets
 * it go: the world changes between the trader's tap and the upstream's answer, as when the
 * market moves while an order is on its way.
 */
export async function whileOnItsWay(page: Page, path: string, meanwhile: () => Promise<unknown>) {
  await page.route(
    `**${path}**`,
    async (route) => {
      await meanwhile();
      await route.continue();
    },
    { times: 1 },
  );
}

/** The balance and frozen balance the account has now, read through the API. */
export function moneyOf(stack: Stack, token: string) {
  return stack.apiAs(token).call('forexDetail');
}
