import { DRAW_TYPE, formatBalance, formatFee, withdrawFee } from '@pipstream/protocol';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openLoggedIn } from './test-support/accounts.js';
import { eventually } from './test-support/eventually.js';
import { localeText, openWithoutQuery, seedLanguage, shown } from './test-support/languages.js';
import { NARROW } from './test-support/phone.js';
import { useBrowserSuite } from './test-support/suite.js';
import { confirmation, registerFunded } from './test-support/trading.js';
import {
  bindAddress,
  bindBankAccount,
  drawSymbol,
  TRON_ADDRESS,
  withdrawalsOf,
} from './test-support/wallet.js';

const suite = useBrowserSuite();

/** A Bitcoin address of the segwit kind (BIP 173's example): valid on its network. */
const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

/** A taproot address (BIP 350's example), 62 characters: the longest the mock takes for BTC. */
const TAPROOT_ADDRESS = 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0';

/**
 * The destination a withdrawal question shows: its label and its value, the groups joined, as
 * the question holds them — failing when a group is cut or runs off the question or the screen.
 */
async function destinationOf(dialog: Locator) {
  const block = dialog.getByTestId('question-destination');
  await block.waitFor();
  const value = block.getByTestId('question-destination-value');
  const placed = await value.evaluate((element) => {
    const panel = element.closest('.modal-panel')?.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    const groups = [...element.children].map((group) => group.getBoundingClientRect());
    const inside = (box: DOMRect) =>
      panel !== undefined &&
      box.left >= Math.max(0, panel.left) - 0.5 &&
      box.right <= Math.min(width, panel.right) + 0.5;
    return {
      cut: element.scrollWidth > element.clientWidth + 1,
      outside: groups.filter((box) => !inside(box)).length,
      groups: [...element.children].map((group) => group.textContent ?? ''),
    };
  });
  expect(placed.cut).toBe(false);
  expect(placed.outside).toBe(0);
  // Groups of four, the last one what is left.
  expect(placed.groups.slice(0, -1).every((group) => group.length === 4)).toBe(true);
  return {
    label: await block.locator('.confirm-destination-label').textContent(),
    value: placed.groups.join(''),
  };
}

describe('the withdrawal question shows the whole destination', () => {
  it.each(['en', 'ar'] as const)(
    'shows a BTC, a TRC20 address and a bank account whole at 320 px, in %s',
    async (language) => {
      const account = await registerFunded(suite.stack);
      const { token } = account.session;
      const btc = await drawSymbol(suite.stack, token, DRAW_TYPE.COIN, 'BTC (BTC)');
      const usdt = await drawSymbol(suite.stack, token, DRAW_TYPE.COIN, 'USDT (TRC20)');
      const usd = await drawSymbol(suite.stack, token, DRAW_TYPE.BANK, 'USD');
      await bindAddress(suite.stack, token, btc, TAPROOT_ADDRESS);
      await bindAddress(suite.stack, token, usdt, TRON_ADDRESS);
      const iban = 'GB29NWBK60161331926819';
      await bindBankAccount(suite.stack, token, usd, {
        bankName: 'First Harbor Bank of the Northern Coast',
        payeeName: 'Ada Lovelace',
        payeeAccount: iban,
      });
      const app = await suite.newApp(NARROW);
      const { page } = app;
      await seedLanguage(app, language, account.session);
      await openWithoutQuery(app, '/mine/withdraw');
      const text = (key: string) => localeText(language, key);

      /** Asks to withdraw 100 in the form on show and reads the question's destination. */
      const ask = async () => {
        await page.getByLabel(text('web.withdraw.amount')).fill('100');
        await page.getByRole('button', { name: text('web.common.submit') }).click();
        const dialog = confirmation(app);
        const destination = await destinationOf(dialog);
        await dialog.getByRole('button', { name: text('web.common.cancel') }).click();
        await dialog.waitFor({ state: 'detached' });
        return destination;
      };

      const currency = page.getByLabel(text('web.withdraw.currency'));
      await currency.selectOption({ label: 'BTC (BTC)' });
      expect(await ask()).toEqual({ label: 'BTC (BTC)', value: TAPROOT_ADDRESS });
      await currency.selectOption({ label: 'USDT (TRC20)' });
      expect(await ask()).toEqual({ label: 'USDT (TRC20)', value: TRON_ADDRESS });

      await page.getByRole('tab', { name: text('web.funding.bank') }).click();
      await page.getByLabel(text('web.withdraw.currency')).selectOption({ label: 'USD' });
      expect(await ask()).toEqual({ label: text('web.withdraw.bank_account'), value: iban });
      await confirmation(app).waitFor({ state: 'detached' });
    },
  );
});

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
        `Withdraw ${shown(formatBalance('100'))} USD to the destination below? ` +
          `Fee ${fee}; you receive ${shown('0.00153230')} BTC.`,
      )
      .waitFor();
    expect(await destinationOf(dialog)).toEqual({ label: 'BTC (BTC)', value: BTC_ADDRESS });
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

  it('checks a coin address as it is typed, not only on Submit', async () => {
    const account = await registerFunded(suite.stack);
    const app = await suite.newApp();
    const { page } = app;
    await openLoggedIn(app, account.session, '/mine/withdraw-way?type=1');
    await page.getByLabel('Currency').selectOption({ label: 'USDT (TRC20)' });
    const field = page.getByLabel('Wallet address');
    const wrong = page.getByText('This is not a valid TRC20 address: check it and enter it again.');
    // A start that may still become an address: nothing said yet.
    await field.pressSequentially(TRON_ADDRESS.slice(0, 10));
    expect(await wrong.count()).toBe(0);
    // A character no TRON address has: said at once, before any Submit.
    await field.pressSequentially('0');
    await wrong.waitFor();
    // Mended and complete: the message goes, and the address is said valid.
    await field.fill(TRON_ADDRESS);
    await page.getByTestId('address-valid').getByText('A valid TRC20 address').waitFor();
    expect(await wrong.count()).toBe(0);
    // Pasted whole but one character off: refused as it lands.
    await field.fill(`${TRON_ADDRESS.slice(0, -1)}F`);
    await wrong.waitFor();
  });

  it('refuses a malformed TRC20 address before binding it', async () => {
    const account = await registerFunded(suite.stack);
    const { token } = account.session;
    const app = await suite.newApp();
    const { page } = app;
    await openLoggedIn(app, account.session, '/mine/withdraw-way?type=1');
    await page.getByLabel('Currency').selectOption({ label: 'USDT (TRC20)' });
    // Made-up 37 characters that only look like a TRON address.
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
