import { describe, expect, it } from 'vitest';
import { openLoggedIn, registerByEmail } from './test-support/accounts.js';
import { title } from './test-support/browser.js';
import { eventually } from './test-support/eventually.js';
import { allowClipboard, clipboardText } from './test-support/personal.js';
import { UPRIGHT } from './test-support/phone.js';
import { useBrowserSuite } from './test-support/suite.js';

const suite = useBrowserSuite();

describe('account detail', () => {
  it('is linked from the personal center and from the wallet', async () => {
    const account = await registerByEmail(suite.stack);
    const app = await suite.newApp(UPRIGHT);
    await openLoggedIn(app, account.session, '/user');
    await app.page.getByRole('link', { name: 'Account detail', exact: true }).click();
    await app.waitForRoute('/mine/history');
    await title(app, 'Account detail').waitFor();

    await app.open('/mine/wallet');
    await title(app, 'Wallet').waitFor();
    await app.page.getByRole('link', { name: 'Account detail', exact: true }).click();
    await app.waitForRoute('/mine/history');
    await title(app, 'Account detail').waitFor();
  });
});

describe('the UID', () => {
  it('shows in the personal center with a copy button', async () => {
    const account = await registerByEmail(suite.stack);
    const { uid } = account.session.user;
    const app = await suite.newApp(UPRIGHT);
    await allowClipboard(app, suite.stack.baseUrl);
    await openLoggedIn(app, account.session, '/user');
    await eventually(() => app.page.getByTestId('account-uid').textContent()).toBe(uid);
    await app.page.getByRole('button', { name: 'Copy UID', exact: true }).click();
    await app.expectToast('copy success');
    expect(await clipboardText(app)).toBe(uid);
  });

  it('shows on the bank deposit as the transfer reference, with a copy button', async () => {
    const account = await registerByEmail(suite.stack);
    const { uid } = account.session.user;
    const app = await suite.newApp(UPRIGHT);
    await allowClipboard(app, suite.stack.baseUrl);
    const { page } = app;
    await openLoggedIn(app, account.session, '/mine/charge');
    await page.getByRole('tab', { name: 'Bank', exact: true }).click();
    const bankSelect = page.getByLabel('Bank', { exact: true });
    await eventually(() => bankSelect.isEnabled()).toBe(true);
    await bankSelect.selectOption({ index: 1 });
    const details = page.getByRole('region', { name: 'Bank details' });
    const reference = details
      .locator('.charge-bank-row')
      .filter({ has: page.getByText('Transfer reference (your UID)', { exact: true }) });
    await eventually(() => reference.locator('dd').textContent()).toBe(uid);
    await reference.getByRole('button', { name: 'Copy Transfer reference (your UID)' }).click();
    await app.expectToast('copy success');
    expect(await clipboardText(app)).toBe(uid);
  });
});
