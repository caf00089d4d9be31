import {
  DRAW_TYPE,
  formatBalance,
  formatFee,
  receivedAmountText,
  subMoney,
  withdrawFee,
} from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { openLoggedIn, registerByEmail } from './test-support/accounts.js';
import { eventually } from './test-support/eventually.js';
import { shown } from './test-support/languages.js';
import { useBrowserSuite } from './test-support/suite.js';
import { confirmation, FUNDED_BALANCE, registerFunded } from './test-support/trading.js';
import {
  bindAddress,
  drawSymbol,
  methodRow,
  onlyReviewing,
  reviewWithdrawal,
  swipe,
  TRON_ADDRESS,
  withdrawalRow,
  withdrawalsOf,
} from './test-support/wallet.js';

const suite = useBrowserSuite();

describe('payout methods', () => {
  it('binds a coin address and a bank account, lists them, and deletes one by swiping after confirmation', async () => {
    const account = await registerByEmail(suite.stack);
    const api = suite.stack.apiAs(account.session.token);
    const app = await suite.newApp();
    const { page } = app;
    await openLoggedIn(app, account.session, '/mine/wallet');

    // A coin address, from the wallet through the empty list's plus.
    await page.getByRole('link', { name: 'Coin addresses' }).click();
    await app.waitForRoute('/mine/coin-address-list');
    await page.getByText('No coin address bound yet').waitFor();
    // The empty list's own button.
    await page.locator('.empty-state').getByRole('link', { name: 'Add a coin address' }).click();
    await app.waitForRoute('/mine/withdraw-way?type=1');
    // docs/product.md#validation: nothing is sent without a currency and an address.
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Choose a currency').waitFor();
    await page.getByText('Enter the wallet address').waitFor();
    await page.getByLabel('Currency').selectOption({ label: 'USDT (TRC20)' });
    await page.getByLabel('Wallet address').fill(TRON_ADDRESS);
    await page.getByRole('button', { name: 'Submit' }).click();
    await app.expectToast('Payout method saved');
    await app.waitForRoute('/mine/coin-address-list');
    const [coin] = await api.call('getDrawMethod', { draw_type: DRAW_TYPE.COIN });
    if (!coin) throw new Error('the address was not bound');
    const coinRow = methodRow(app, coin.id);
    await coinRow.getByText(TRON_ADDRESS).waitFor();
    await coinRow.getByText('USDT (TRC20)').waitFor();

    // Deleting asks first; cancelling keeps it.
    await coinRow.getByRole('button', { name: `Delete USDT (TRC20) ${TRON_ADDRESS}` }).click();
    await confirmation(app).getByText(`Delete the USDT (TRC20) address ${TRON_ADDRESS}?`).waitFor();
    await confirmation(app).getByRole('button', { name: 'Cancel' }).click();
    await confirmation(app).waitFor({ state: 'detached' });
    await coinRow.getByText(TRON_ADDRESS).waitFor();

    // A bank account: bank name, payee name and account are required; address and SWIFT not.
    await page.getByRole('button', { name: 'Back' }).click();
    await app.waitForRoute('/mine/wallet');
    await page.getByRole('link', { name: 'Bank cards' }).click();
    await app.waitForRoute('/mine/bank-card-list');
    await page.getByText('No bank account bound yet').waitFor();
    // The plus icon of the header (the only control with that title).
    await page.getByTitle('Add a bank account').click();
    await app.waitForRoute('/mine/withdraw-way?type=2');
    await page.getByLabel('Currency').selectOption({ label: 'USD' });
    await page.getByLabel('Bank name').fill('First Harbor Bank');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Enter the payee name').waitFor();
    await page.getByText('Enter the payee account').waitFor();
    await page.getByLabel('Payee name').fill('Ada Lovelace');
    await page.getByLabel('Payee account').fill('4410009877660012');
    await page.getByLabel('SWIFT code (optional)').fill('FHBKUS6S');
    await page.getByRole('button', { name: 'Submit' }).click();
    await app.expectToast('Payout method saved');
    await app.waitForRoute('/mine/bank-card-list');
    const [bank] = await api.call('getDrawMethod', { draw_type: DRAW_TYPE.BANK });
    if (!bank) throw new Error('the bank account was not bound');
    expect(bank).toMatchObject({ bank_swift: 'FHBKUS6S', draw_currency: { code: 'USD' } });
    const bankRow = methodRow(app, bank.id);
    await bankRow.getByText('First Harbor Bank').waitFor();
    await bankRow.getByText('4410009877660012', { exact: false }).waitFor();

    // The revealed Delete button is out of reach until the row is swiped open.
    const revealed = bankRow.getByRole('button', { name: 'Delete', exact: true });
    expect(await revealed.count()).toBe(0);
    await swipe(app, bankRow, -160);
    await revealed.click();
    await confirmation(app)
      .getByText('Delete the First Harbor Bank account 4410009877660012?')
      .waitFor();
    await confirmation(app).getByRole('button', { name: 'Delete' }).click();
    await app.expectToast('Payout method deleted');
    await page.getByText('No bank account bound yet').waitFor();
    expect(await api.call('getDrawMethod', { draw_type: DRAW_TYPE.BANK })).toEqual([]);
    // The coin address is untouched.
    expect(await api.call('getDrawMethod', { draw_type: DRAW_TYPE.COIN })).toHaveLength(1);
  });
});

describe('withdrawals', () => {
  it('sends to binding when nothing is bound, previews the fee, records the withdrawal and follows its review', async () => {
    const account = await registerFunded(suite.stack);
    const { token, user } = account.session;
    const usdt = await drawSymbol(suite.stack, token, DRAW_TYPE.COIN, 'USDT (TRC20)');
    const btc = await drawSymbol(suite.stack, token, DRAW_TYPE.COIN, 'BTC (BTC)');
    const app = await suite.newApp();
    const { page } = app;
    await openLoggedIn(app, account.session, '/mine/withdraw');

    // docs/product.md#validation: no address bound → a confirmation that leads to binding one.
    await confirmation(app).getByText('No coin address is bound yet. Bind one now?').waitFor();
    await confirmation(app).getByRole('button', { name: 'Bind now' }).click();
    await app.waitForRoute('/mine/withdraw-way?type=1');
    await page.getByLabel('Currency').selectOption({ label: 'USDT (TRC20)' });
    await page.getByLabel('Wallet address').fill(TRON_ADDRESS);
    await page.getByRole('button', { name: 'Submit' }).click();
    await app.expectToast('Payout method saved');
    // Back to the form it came from, on the bound address's currency.
    await app.waitForRoute('/mine/withdraw');
    await eventually(() => page.getByLabel('Currency').inputValue()).toBe(String(usdt.id));
    await page.getByTestId('withdraw-destination').getByText(TRON_ADDRESS).waitFor();
    await eventually(() => page.getByTestId('withdraw-available').textContent()).toBe(
      `${shown(formatBalance(FUNDED_BALANCE))} USD`,
    );

    // The amount takes decimals only; the preview follows it with the protocol's arithmetic.
    const amountField = page.getByLabel('Amount (USD)');
    await amountField.pressSequentially('2x5-0.5');
    expect(await amountField.inputValue()).toBe('250.5');
    const fee = page.getByTestId('withdraw-fee');
    const received = page.getByTestId('withdraw-received');
    await eventually(() => fee.textContent()).toBe(`${formatFee(withdrawFee('250.5', usdt))} USD`);
    await eventually(() => received.textContent()).toBe(receivedAmountText('250.5', usdt));
    // A percentage fee on another currency (no address for it: the form says so).
    await page.getByLabel('Currency').selectOption({ label: 'BTC (BTC)' });
    await eventually(() => fee.textContent()).toBe(`${formatFee(withdrawFee('250.5', btc))} USD`);
    await eventually(() => received.textContent()).toBe(receivedAmountText('250.5', btc));
    await page.getByText('No address is bound for this currency.').waitFor();
    await page.getByLabel('Currency').selectOption({ label: 'USDT (TRC20)' });
    await eventually(() => received.textContent()).toBe('249.50 USDT');

    await page.getByLabel('Remark').fill('rent');
    await page.getByRole('button', { name: 'Submit' }).click();
    // Money leaves for good: the app asks once more, with what is sent.
    await confirmation(app).getByRole('button', { name: 'Withdraw' }).click();
    await app.expectToast('Withdrawal submitted, awaiting review');
    // The form empties and the balance drops by the amount.
    await eventually(() => amountField.inputValue()).toBe('');
    const left = subMoney(FUNDED_BALANCE, '250.5');
    await eventually(() => page.getByTestId('withdraw-available').textContent()).toBe(
      `${shown(formatBalance(left))} USD`,
    );
    const first = await onlyReviewing(suite.stack, user.uid);
    expect(first).toMatchObject({ amount: '250.5', fee: '1', received: '249.50' });
    const firstRow = withdrawalRow(app, first.id);
    await eventually(() => firstRow.getByTestId('status').textContent()).toBe('Under review');
    await firstRow.getByText('250.50 USD').waitFor();
    await firstRow.getByText('249.50 USDT').waitFor();
    await firstRow.getByText(TRON_ADDRESS).waitFor();

    // The desk pays it out; a refresh shows it completed.
    await app.idle();
    await reviewWithdrawal(suite.stack, first.id, true);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await eventually(() => firstRow.getByTestId('status').textContent()).toBe('Completed');

    // Another one, rejected: refunded, so the balance comes back up.
    const [bound] = await suite.stack
      .apiAs(token)
      .call('getDrawMethod', { draw_type: DRAW_TYPE.COIN, draw_id: usdt.id });
    if (!bound) throw new Error('the address bound through the form is missing');
    await suite.stack
      .apiAs(token)
      .call('draw', { draw_currency_id: usdt.id, number: '100', draw_method_id: bound.id });
    const second = await onlyReviewing(suite.stack, user.uid);
    await app.idle();
    await reviewWithdrawal(suite.stack, second.id, false);
    await page.getByRole('button', { name: 'Refresh' }).click();
    const secondRow = withdrawalRow(app, second.id);
    await eventually(() => secondRow.getByTestId('status').textContent()).toBe('Rejected');
    await eventually(() => firstRow.getByTestId('status').textContent()).toBe('Completed');
    await eventually(() => page.getByTestId('withdraw-available').textContent()).toBe(
      `${shown(formatBalance(left))} USD`,
    );
    expect(await withdrawalsOf(suite.stack, user.uid)).toHaveLength(2);
  });

  it('shows the deposit and the withdrawal in the ledger, with the balance and frozen amount', async () => {
    const account = await registerFunded(suite.stack);
    const { token, user } = account.session;
    const usdt = await drawSymbol(suite.stack, token, DRAW_TYPE.COIN, 'USDT (TRC20)');
    const methodId = await bindAddress(suite.stack, token, usdt);
    await suite.stack
      .apiAs(token)
      .call('draw', { draw_currency_id: usdt.id, number: '120.25', draw_method_id: methodId });
    const withdrawal = await onlyReviewing(suite.stack, user.uid);

    const app = await suite.newApp();
    const { page } = app;
    await openLoggedIn(app, account.session, '/mine/history');
    await eventually(() => page.getByTestId('history-balance').textContent()).toBe(
      shown(formatBalance(subMoney(FUNDED_BALANCE, '120.25'))),
    );
    await eventually(() => page.getByTestId('history-frozen').textContent()).toBe('120.25');

    const ledger = page.getByRole('list', { name: 'Records' });
    const withdrawRow = ledger.getByRole('listitem').filter({ hasText: withdrawal.number });
    await withdrawRow.getByText(`Withdrawal ${withdrawal.number}`).waitFor();
    await withdrawRow.getByText('-120.25').waitFor();
    const depositRow = ledger.getByRole('listitem').filter({ hasText: /^Deposit / });
    await depositRow.getByText(shown('+10000.00')).waitFor();
    // Newest first.
    await eventually(() => ledger.getByRole('listitem').first().textContent()).toContain(
      withdrawal.number,
    );

    // The desk refunds it; a refresh brings the refund row and unfreezes the amount.
    await app.idle();
    await reviewWithdrawal(suite.stack, withdrawal.id, false);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await ledger.getByText(`Withdrawal ${withdrawal.number} refunded`).waitFor();
    await eventually(() => page.getByTestId('history-frozen').textContent()).toBe('0.00');
    await eventually(() => page.getByTestId('history-balance').textContent()).toBe(
      shown(formatBalance(FUNDED_BALANCE)),
    );
  });
});
