import { DRAW_TYPE, formatBalance, formatFee, withdrawFee } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { openLoggedIn } from './test-support/accounts.js';
import { eventually } from './test-support/eventually.js';
import { shown } from './test-support/languages.js';
import { useBrowserSuite } from './test-support/suite.js';
import { confirmation, registerFunded } from './test-support/trading.js';
import { bindAddress, drawSymbol, withdrawalsOf } from './test-support/wallet.js';

const suite = useBrowserSuite();

/** A Bitcoin address of the segwit kind (BIP 173's example): valid on its network. */
const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

describe('withdrawals say what arrives, and ask first', () => {
  it('previews a BTC withdrawal in 8 decimals and sends it only once confirmed', async () => {
    const account = await registerFunded(suite.stack);
    const { token, user } = account.session;
    const btc = await drawSymbol(suite.stack, token, DRAW_TYPE.COIN, 'BTC (BTC)');
    await bindAddress(suite.stack, token, btc, BTC_ADDRESS);
    const app = await suite.newApp();
    const { page } = app;
    await openLoggedIn(app, account.session, '/mine/withdraw');
    await page.getByLabel('Currency').selectOption({ label: 'BTC (BTC)' });
    await page.getByTestId('withdraw-destination').getByText(BTC_ADDRESS).waitFor();
    await page.getByLabel('Amount (USD)').fill('100');
    // (100 − 0.5 % fee) × 0.0000154 BTC: two decimals would say 0.00.
    await eventually(() => page.getByTestId('withdraw-received').textContent()).toBe(
      `${shown('0.00153230')} BTC`,
    );

    await page.getByRole('button', { name: 'Submit' }).click();
    const dialog = confirmation(app);
    const fee = `${shown(formatFee(withdrawFee('100', btc)))} USD`;
    await dialog
      .getByText(
        `Withdraw ${shown(formatBalance('100'))} USD to BTC (BTC) ${BTC_ADDRESS}? ` +
          `Fee ${fee}; you receive ${shown('0.00153230')} BTC.`,
      )
      .waitFor();
    // Not confirmed: nothing leaves.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await app.idle();
    expect(await withdrawalsOf(suite.stack, user.uid)).toEqual([]);

    await page.getByRole('button', { name: 'Submit' }).click();
    await confirmation(app).getByRole('button', { name: 'Withdraw' }).click();
    await app.expectToast('Withdrawal submitted, awaiting review');
    const [sent] = await withdrawalsOf(suite.stack, user.uid);
    expect(sent).toMatchObject({ amount: '100', fee: '0.5', received: '0.00153230' });
  });

  it('refuses a malformed TRC20 address before binding it', async () => {
    const account = await registerFunded(suite.stack);
    const { token } = account.session;
    const app = await suite.newApp();
    const { page } = app;
    await openLoggedIn(app, account.session, '/mine/withdraw-way?type=1');
    await page.getByLabel('Currency').selectOption({ label: 'USDT (TRC20)' });
    // The made-up 37 characters that only look like a TRON address.
    await page.getByLabel('Wallet address').fill(`T${'Q'.repeat(36)}`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page
      .getByText('This is not a valid TRC20 address: check it and enter it again.')
      .waitFor();
    expect(await app.route()).toBe('/mine/withdraw-way?type=1');
    const bound = await suite.stack
      .apiAs(token)
      .call('getDrawMethod', { draw_type: DRAW_TYPE.COIN });
    expect(bound).toEqual([]);
  });
});
