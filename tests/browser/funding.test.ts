import { describe, expect, it } from 'vitest';
import { openLoggedIn, registerByEmail } from './test-support/accounts.js';
import type { AppPage } from './test-support/browser.js';
import { eventually } from './test-support/eventually.js';
import {
  declareBankDeposit,
  declareCoinDeposits,
  fieldErrors,
  imageField,
  onlyDeposit,
  pickImage,
  pngFile,
  reviewDeposit,
} from './test-support/funding.js';
import { shown } from './test-support/languages.js';
import { useBrowserSuite } from './test-support/suite.js';

const suite = useBrowserSuite();

/** The deposit history's rows, newest first. */
function historyRows(app: AppPage) {
  return app.page.locator('.charge-record');
}

/**
 * Sees the balance the deposit made, where a user looks for it: the account detail screen
 * (`/mine/history`), with the ledger row the deposit posted.
 */
async function expectCredited(app: AppPage, depositNumber: string, amount: string) {
  const balance = shown(amount);
  await app.open('/mine/history');
  await eventually(() => app.page.getByTestId('history-balance').textContent()).toBe(balance);
  const row = app.page.locator('.ledger-row', { hasText: depositNumber });
  await row.waitFor();
  expect(await row.textContent()).toContain(`+${balance}`);
}

describe('deposit by coin', () => {
  it('shows the address with its QR code, declares a deposit with a proof, and is credited once the desk approves', async () => {
    const account = await registerByEmail(suite.stack);
    const [network] = await suite.stack.apiAs(account.session.token).call('chargeSymbols');
    if (!network) throw new Error('the mock offers no deposit network');
    const app = await suite.newApp();
    await app.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: suite.stack.baseUrl,
    });
    const { page } = app;
    await openLoggedIn(app, account.session, '/mine/charge');

    // The first network is chosen for the user, its address shown as text and as a QR code.
    const networkSelect = page.getByLabel('Network', { exact: true });
    await eventually(() => networkSelect.inputValue()).toBe(String(network.id));
    await eventually(() => page.getByTestId('deposit-address').textContent()).toBe(network.address);
    const qr = page.getByRole('img', { name: /^QR code of the .* deposit address$/ });
    expect(await qr.getAttribute('data-value')).toBe(network.address);
    expect(await qr.getAttribute('width')).toBe('160');
    await page.getByRole('button', { name: 'Copy address' }).click();
    await app.expectToast('copy success');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(network.address);

    // Nothing yet in the history.
    await page.getByText('No data', { exact: true }).waitFor();

    // Only a decimal goes into the amount.
    const amount = page.getByLabel('Amount', { exact: true });
    await amount.pressSequentially('25x0.5');
    expect(await amount.inputValue()).toBe('250.5');
    await pickImage(page, 'Proof of payment', pngFile('proof.png'));
    await page.getByRole('button', { name: 'Submit', exact: true }).click();

    await app.expectToast('Deposit submitted, awaiting review');
    const row = historyRows(app).first();
    await eventually(() => row.textContent()).toContain(`250.5 ${network.currency_code}`);
    expect(await row.textContent()).toContain('Waiting for review');
    // The form starts again; the network stays chosen.
    expect(await amount.inputValue()).toBe('');
    const proof = imageField(page, 'Proof of payment');
    await proof.getByLabel('Proof of payment', { exact: true }).waitFor({ state: 'attached' });
    expect(await proof.getByRole('img').count()).toBe(0);
    expect(await networkSelect.inputValue()).toBe(String(network.id));

    const deposit = await onlyDeposit(suite.stack, account.session.user.uid);
    expect(deposit).toMatchObject({ amount: '250.5', type: 0, status: 0 });
    await app.idle();
    await reviewDeposit(suite.stack, deposit.id, true);

    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await eventually(() => page.getByTestId(`deposit-${deposit.id}`).textContent()).toContain(
      'Completed',
    );
    await expectCredited(app, deposit.number, '250.50');
  });

  it('shows a rejection and the desk’s remark, and credits nothing', async () => {
    const account = await registerByEmail(suite.stack);
    await declareCoinDeposits(suite.stack, account.session.token, 1);
    const deposit = await onlyDeposit(suite.stack, account.session.user.uid);
    await reviewDeposit(suite.stack, deposit.id, false, 'No payment arrived');

    const app = await suite.newApp();
    await openLoggedIn(app, account.session, '/mine/charge');
    const row = app.page.getByTestId(`deposit-${deposit.id}`);
    await eventually(() => row.textContent()).toContain('Rejected');
    expect(await row.textContent()).toContain('No payment arrived');

    await app.open('/mine/history');
    await eventually(() => app.page.getByTestId('history-balance').textContent()).toBe('0.00');
  });
});

describe('deposit by bank', () => {
  it('shows the chosen bank’s details, declares a deposit with a proof, and is credited once approved', async () => {
    const account = await registerByEmail(suite.stack);
    const api = suite.stack.apiAs(account.session.token);
    const [currency] = await api.call('chargeInfo');
    if (!currency) throw new Error('the mock offers no bank deposit currency');
    const [bank] = await api.call('chargeWireInfo', { bank_coin: currency.id });
    if (!bank) throw new Error('the mock offers no bank account');
    const app = await suite.newApp();
    const { page } = app;
    await openLoggedIn(app, account.session, '/mine/charge');

    await page.getByRole('tab', { name: 'Bank', exact: true }).click();
    const currencySelect = page.getByLabel('Currency', { exact: true });
    await eventually(() => currencySelect.inputValue()).toBe(String(currency.id));
    const bankSelect = page.getByLabel('Bank', { exact: true });
    await eventually(() => bankSelect.isEnabled()).toBe(true);
    // No bank is chosen for the user: they say which account they paid.
    expect(await bankSelect.inputValue()).toBe('');
    await bankSelect.selectOption({ label: bank.bank_name });

    const details = page.getByRole('region', { name: 'Bank details' });
    await details.waitFor();
    for (const value of [bank.bank_name, bank.bank_swift, bank.payee_name, bank.payee_account]) {
      expect(await details.textContent()).toContain(value);
    }
    await details.getByRole('button', { name: 'Copy Payee account' }).waitFor();

    await page.getByLabel('Amount', { exact: true }).fill('1200');
    await pickImage(page, 'Proof of payment', pngFile('wire.png', [255, 0, 0]));
    await page.getByRole('button', { name: 'Submit', exact: true }).click();

    await app.expectToast('Deposit submitted, awaiting review');
    const row = historyRows(app).first();
    await eventually(() => row.textContent()).toContain(`${shown('1200')} ${currency.name}`);
    expect(await row.textContent()).toContain('Waiting for review');

    const deposit = await onlyDeposit(suite.stack, account.session.user.uid);
    expect(deposit).toMatchObject({ amount: '1200', type: 1, status: 0 });
    await app.idle();
    await reviewDeposit(suite.stack, deposit.id, true);
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await eventually(() => page.getByTestId(`deposit-${deposit.id}`).textContent()).toContain(
      'Completed',
    );
    await expectCredited(app, deposit.number, '1200.00');
  });

  it('says "no pay way" when no bank is chosen, names the other missing fields, and sends nothing', async () => {
    const account = await registerByEmail(suite.stack);
    const app = await suite.newApp();
    const { page } = app;
    const submits: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/quickCharge\/(wire_)?submit/.test(request.url())) submits.push(request.url());
    });
    await openLoggedIn(app, account.session, '/mine/charge');
    await page.getByRole('tab', { name: 'Bank', exact: true }).click();
    await eventually(() => page.getByLabel('Bank', { exact: true }).isEnabled()).toBe(true);

    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await eventually(() => fieldErrors(page).allTextContents()).toEqual([
      'Please choose a payment method',
      'Please enter the deposit amount',
      'Please add a proof of payment',
    ]);
    expect(await page.getByLabel('Bank', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );

    // Each message goes with its answer; the others stay.
    await page.getByLabel('Bank', { exact: true }).selectOption({ index: 1 });
    await eventually(() => fieldErrors(page).allTextContents()).toEqual([
      'Please enter the deposit amount',
      'Please add a proof of payment',
    ]);
    await page.getByLabel('Amount', { exact: true }).fill('0');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await eventually(() => fieldErrors(page).allTextContents()).toEqual([
      'Enter an amount greater than 0',
      'Please add a proof of payment',
    ]);
    expect(submits).toEqual([]);
  });
});

describe('deposit history', () => {
  it('pages the history and starts again from page 1 when the tab changes', async () => {
    const account = await registerByEmail(suite.stack);
    await declareCoinDeposits(suite.stack, account.session.token, 11);
    await declareBankDeposit(suite.stack, account.session.token, '75');
    const app = await suite.newApp();
    const { page } = app;
    const pages: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname !== '/api/quickCharge/quick_ist') return;
      pages.push(`${url.searchParams.get('type')}:${url.searchParams.get('page')}`);
    });
    await openLoggedIn(app, account.session, '/mine/charge');

    // Newest first, 10 to a page.
    await eventually(() => historyRows(app).count()).toBe(10);
    expect(await historyRows(app).first().textContent()).toContain('11 USDT');
    // Scrolling to the end loads the next page by itself (infinite scroll; the "Load more"
    // button it shows meanwhile would race with it).
    await page.getByRole('button', { name: 'Load more', exact: true }).scrollIntoViewIfNeeded();
    await eventually(() => historyRows(app).count()).toBe(11);
    await page.getByText('No more', { exact: true }).waitFor();

    await page.getByRole('tab', { name: 'Bank', exact: true }).click();
    await eventually(() => historyRows(app).allTextContents()).toHaveLength(1);
    expect(await historyRows(app).first().textContent()).toContain('75 USD');

    await page.getByRole('tab', { name: 'Coin', exact: true }).click();
    await eventually(() => historyRows(app).count()).toBe(10);
    await page.getByRole('button', { name: 'Load more', exact: true }).waitFor();
    expect(pages).toEqual(['0:1', '0:2', '1:1', '0:1']);
  });
});
