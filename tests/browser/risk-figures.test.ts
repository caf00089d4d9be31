import { describe, it } from 'vitest';
import { openLoggedIn } from './test-support/accounts.js';
import { eventually } from './test-support/eventually.js';
import { shown } from './test-support/languages.js';
import { UPRIGHT } from './test-support/phone.js';
import { useBrowserSuite } from './test-support/suite.js';
import { buyLots, fundedAt, instrumentOf, movePrice, orderRow } from './test-support/trading.js';

// Every price in this file is one a test set.
const suite = useBrowserSuite({ mock: { tickMs: 60_000 } });

describe('money at risk before confirming', () => {
  it('shows in the order form one pip’s worth and the P&L at each stop level, moving with the price', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const { account } = await fundedAt(suite.stack, eurusd, 1.1);
    const app = await suite.newApp(UPRIGHT);
    const { page } = app;
    await openLoggedIn(app, account.session, `/trade?id=${eurusd.Id}`);
    await eventually(() => page.getByTestId('buy-price').textContent()).toBe(shown('1.10000'));
    const pip = page.getByTestId('trade-pip-value');
    // The minimum 0.01 lots: a pip of EUR/USD (0.0001 × 1 000 units) is worth 0.10.
    await eventually(() => pip.textContent()).toBe(shown('0.10'));
    await page.getByRole('textbox', { name: 'Lots', exact: true }).fill('1');
    await eventually(() => pip.textContent()).toBe(shown('10.00'));

    // A buy's levels: 50 pips under, 100 over.
    await page.getByRole('switch', { name: 'Stop loss' }).click();
    await page.getByRole('textbox', { name: 'Stop loss price' }).fill('1.095');
    await page.getByRole('switch', { name: 'Take profit' }).click();
    await page.getByRole('textbox', { name: 'Take profit price' }).fill('1.11');
    const atStop = page.getByTestId('trade-pnl-at-stop-loss');
    const atProfit = page.getByTestId('trade-pnl-at-take-profit');
    await eventually(() => atStop.textContent()).toBe(shown('-500.00'));
    await eventually(() => atProfit.textContent()).toBe(shown('1000.00'));

    // The price moves 10 pips up: the order would open there, 10 pips further from its stop.
    await app.idle();
    await movePrice(suite.stack, eurusd, 1.101);
    await eventually(() => atStop.textContent()).toBe(shown('-600.00'));
    await eventually(() => atProfit.textContent()).toBe(shown('900.00'));
  });

  it('shows in the TP/SL sheet the P&L at each level typed and one pip’s worth', async () => {
    const eurusd = await instrumentOf(suite.stack, 'EURUSD');
    const { account, token } = await fundedAt(suite.stack, eurusd, 1.1);
    const order = await buyLots(suite.stack, token, eurusd, 1);
    const app = await suite.newApp(UPRIGHT);
    const { page } = app;
    await openLoggedIn(app, account.session, '/order');
    await orderRow(app, order.Id).getByRole('button', { name: 'Set TP/SL' }).click();
    const sheet = page.getByRole('dialog');
    await eventually(() => sheet.getByTestId('stops-pip-value').textContent()).toBe(shown('10.00'));
    await sheet.getByRole('textbox', { name: 'Take profit' }).fill('1.12');
    await sheet.getByRole('textbox', { name: 'Stop loss' }).fill('1.09');
    await eventually(() => sheet.getByTestId('stops-pnl-at-take-profit').textContent()).toBe(
      shown('2000.00'),
    );
    await eventually(() => sheet.getByTestId('stops-pnl-at-stop-loss').textContent()).toBe(
      shown('-1000.00'),
    );
    // A level turned off has nothing at stake.
    await sheet.getByRole('textbox', { name: 'Take profit' }).fill('');
    await eventually(() => sheet.getByTestId('stops-pnl-at-take-profit').textContent()).toBe('--');
  });
});
