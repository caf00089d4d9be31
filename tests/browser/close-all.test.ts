import { formatBalance, ORDER_STATUS, type Order, sumMoney } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { openLoggedIn } from './test-support/accounts.js';
import type { AppPage } from './test-support/browser.js';
import { eventually } from './test-support/eventually.js';
import { useBrowserSuite } from './test-support/suite.js';
import {
  buyAtMarket,
  confirmation,
  fundedAt,
  instrumentOf,
  movePrice,
  orderRow,
  ordersOf,
  registerFunded,
} from './test-support/trading.js';

// Every price in this file is one a test set: the simulator's own steps are a minute apart.
const suite = useBrowserSuite({ mock: { tickMs: 60_000 } });

/** The holdings as the order screen shows them, once every row is there. */
async function openHoldings(
  app: AppPage,
  session: Parameters<typeof openLoggedIn>[1],
  orders: Order[],
) {
  await openLoggedIn(app, session, '/order');
  for (const order of orders) await orderRow(app, order.Id).waitFor();
}

/** The account ledger's rows of margin given back: one per closed order. */
async function marginReturns(app: AppPage): Promise<string[]> {
  await app.open('/mine/history');
  const ledger = app.page.getByRole('list', { name: 'Records' });
  await ledger.getByRole('listitem').first().waitFor();
  const rows = ledger.getByRole('listitem').filter({ hasText: /^Margin returned for order #/ });
  return (await rows.allTextContents()).map((text) => /#(\d+)/.exec(text)?.[1] ?? text);
}

/**
 * A funded account holding `losers` EUR/USD buys and `winners` GBP/USD buys: EUR/USD bought at
 * 1.085 now 1.08, GBP/USD bought at 1.25 now 1.26.
 */
async function mixedBook(losers: number, winners: number) {
  const account = await registerFunded(suite.stack);
  const { token } = account.session;
  const eurusd = await instrumentOf(suite.stack, 'EURUSD');
  const gbpusd = await instrumentOf(suite.stack, 'GBPUSD');
  await movePrice(suite.stack, eurusd, 1.085);
  await movePrice(suite.stack, gbpusd, 1.25);
  const buys = async (instrument: typeof eurusd, count: number) => {
    const orders: Order[] = [];
    for (let i = 0; i < count; i++) orders.push(await buyAtMarket(suite.stack, token, instrument));
    return orders;
  };
  const losing = await buys(eurusd, losers);
  const winning = await buys(gbpusd, winners);
  await movePrice(suite.stack, eurusd, 1.08);
  await movePrice(suite.stack, gbpusd, 1.26);
  return { account, token, gbpusd, losing, winning };
}

describe('close all', () => {
  it('closes every holding after one confirmation, and the ledger shows each close', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const { account, token } = await fundedAt(suite.stack, eurusd, 1.085);
    const orders = [
      await buyAtMarket(suite.stack, token, eurusd),
      await buyAtMarket(suite.stack, token, eurusd),
      await buyAtMarket(suite.stack, token, eurusd),
    ];
    const app = await suite.newApp();
    await openHoldings(app, account.session, orders);

    await app.page.getByRole('button', { name: 'Close all', exact: true }).click();
    const question = confirmation(app);
    const holding = await ordersOf(suite.stack, token, ORDER_STATUS.HOLDING);
    const pnl = formatBalance(sumMoney(holding.data.map((order) => order.FactProfits)));
    await question
      .getByText(`Close all holding orders? Orders: 3. Estimated P&L: ${pnl}.`)
      .waitFor();
    await question.getByRole('button', { name: 'Close them' }).click();
    await app.expectToast('Closed 3 of 3');
    await app.page.getByText('No data', { exact: true }).waitFor();

    expect((await ordersOf(suite.stack, token, ORDER_STATUS.HOLDING)).data).toEqual([]);
    const history = await ordersOf(suite.stack, token, 3);
    expect(history.data.map((order) => order.Id).sort()).toEqual(orders.map((o) => o.Id).sort());
    expect((await marginReturns(app)).sort()).toEqual(orders.map((o) => String(o.Id)).sort());
  });

  it('closes only the profitable holdings', async () => {
    const { account, token, gbpusd, losing, winning } = await mixedBook(1, 2);
    const app = await suite.newApp();
    await openHoldings(app, account.session, [...losing, ...winning]);

    await app.page.getByRole('button', { name: 'Close profitable' }).click();
    const winners = (await ordersOf(suite.stack, token, ORDER_STATUS.HOLDING)).data.filter(
      (order) => order.ForexId === gbpusd.Id,
    );
    expect(winners.map((order) => Number(order.FactProfits) > 0)).toEqual([true, true]);
    const pnl = formatBalance(sumMoney(winners.map((order) => order.FactProfits)));
    await confirmation(app)
      .getByText(`Close every profitable order? Orders: 2. Estimated P&L: ${pnl}.`)
      .waitFor();
    await confirmation(app).getByRole('button', { name: 'Close them' }).click();
    await app.expectToast('Closed 2 of 2');
    await orderRow(app, winning[0]?.Id ?? 0).waitFor({ state: 'detached' });

    // The losing order is still held; the ledger gave back the winners' margin, and only theirs.
    const holding = (await ordersOf(suite.stack, token, ORDER_STATUS.HOLDING)).data;
    expect(holding.map((order) => order.Id)).toEqual(losing.map((order) => order.Id));
    expect((await marginReturns(app)).sort()).toEqual(winning.map((o) => String(o.Id)).sort());
  });

  it('closes only the losing holdings, and lists an order the upstream refused', async () => {
    const { account, token, losing, winning } = await mixedBook(2, 1);
    const app = await suite.newApp();
    await openHoldings(app, account.session, [...losing, ...winning]);

    await app.page.getByRole('button', { name: 'Close losing' }).click();
    await confirmation(app)
      .getByText(/^Close every losing order\? Orders: 2\./)
      .waitFor();
    // The upstream refuses the first close it is sent.
    await app.idle();
    await suite.stack.control('/faults', { code: 500, count: 1 });
    await confirmation(app).getByRole('button', { name: 'Close them' }).click();
    await app.expectToast('Closed 1 of 2');
    const failures = app.page.getByTestId('close-failures');
    await failures.getByText('Something went wrong, please try again').waitFor();
    await expect.poll(() => failures.getByRole('listitem').count()).toBe(1);
    await app.page.getByRole('button', { name: 'OK' }).click();

    // One losing order stayed open (the refused one), the other closed; the winner was left.
    const holding = (await ordersOf(suite.stack, token, ORDER_STATUS.HOLDING)).data;
    const open = holding.map((order) => order.Id);
    expect(open).toEqual(expect.arrayContaining(winning.map((order) => order.Id)));
    const stayed = losing.filter((order) => open.includes(order.Id));
    const closed = losing.filter((order) => !open.includes(order.Id));
    expect([stayed.length, closed.length, open.length]).toEqual([1, 1, 2]);
    expect(await marginReturns(app)).toEqual([String(closed[0]?.Id)]);
  });

  it('closes an order at one tap once the setting is on, and asks while it is off', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const { account, token } = await fundedAt(suite.stack, eurusd, 1.085);
    const asked = await buyAtMarket(suite.stack, token, eurusd);
    const app = await suite.newApp();
    const { page } = app;
    await openHoldings(app, account.session, [asked]);
    // Off by default: the close asks first.
    await orderRow(app, asked.Id).getByRole('button', { name: 'Close position' }).click();
    await confirmation(app).getByRole('button', { name: 'Cancel' }).click();

    await app.open('/mine/system');
    const setting = page.getByRole('switch', { name: 'One-tap close' });
    await eventually(() => setting.getAttribute('aria-checked')).toBe('false');
    await setting.click();
    await eventually(() => setting.getAttribute('aria-checked')).toBe('true');

    await app.reload();
    await app.open('/order');
    await orderRow(app, asked.Id).getByRole('button', { name: 'Close position' }).click();
    await orderRow(app, asked.Id).waitFor({ state: 'detached' });
    expect(await confirmation(app).count()).toBe(0);
    expect((await ordersOf(suite.stack, token, ORDER_STATUS.HOLDING)).data).toEqual([]);
  });
});
