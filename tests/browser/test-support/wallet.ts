import { DRAW_TYPE, type DrawSymbol, WITHDRAW_STATUS } from '@pipstream/protocol';
import type { Locator } from 'playwright-core';
import type { AppPage } from './browser.js';
import type { Stack } from './stack.js';

/** A TRC20 address of the right shape: what a user pastes into the bind form. */
export const TRON_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

/** A withdrawal as the mock's control API lists it (`GET /withdrawals`). */
export interface DeskWithdrawal {
  readonly id: number;
  readonly number: string;
  readonly uid: string;
  readonly amount: string;
  readonly fee: string;
  readonly received: string;
  readonly status: number;
}

/** The withdraw currency of a kind whose picker label is `label` (`USDT (TRC20)`, `USD`). */
export async function drawSymbol(
  stack: Stack,
  token: string,
  kind: (typeof DRAW_TYPE)[keyof typeof DRAW_TYPE],
  label: string,
): Promise<DrawSymbol> {
  const symbols = await stack.apiAs(token).call('drawSymbolList', { type: kind });
  const found = symbols.find(
    (symbol) => (symbol.protocol ? `${symbol.code} (${symbol.protocol})` : symbol.code) === label,
  );
  if (!found) throw new Error(`no withdraw currency ${label} of kind ${kind}`);
  return found;
}

/** Binds a coin address through the API (a precondition); resolves the method's id. */
export async function bindAddress(
  stack: Stack,
  token: string,
  currency: DrawSymbol,
  address = TRON_ADDRESS,
): Promise<number> {
  const api = stack.apiAs(token);
  await api.call('bindDrawMethod', {
    type: DRAW_TYPE.COIN,
    draw_id: currency.id,
    dc_address: address,
  });
  const methods = await api.call('getDrawMethod', {
    draw_type: DRAW_TYPE.COIN,
    draw_id: currency.id,
  });
  const method = methods.find((item) => item.dc_address === address);
  if (!method) throw new Error(`the address ${address} was not bound`);
  return method.id;
}

/** The user's withdrawals, newest first, as the desk sees them. */
export function withdrawalsOf(stack: Stack, uid: string): Promise<DeskWithdrawal[]> {
  return stack.control<DeskWithdrawal[]>(`/withdrawals?uid=${encodeURIComponent(uid)}`);
}

/** The user's only withdrawal under review; fails when there is none or several. */
export async function onlyReviewing(stack: Stack, uid: string): Promise<DeskWithdrawal> {
  const reviewing = (await withdrawalsOf(stack, uid)).filter(
    (item) => item.status === WITHDRAW_STATUS.REVIEWING,
  );
  const [only] = reviewing;
  if (!only || reviewing.length !== 1) {
    throw new Error(`expected one withdrawal under review, found ${reviewing.length}`);
  }
  return only;
}

/** Approves (pays out) or rejects (refunds) a withdrawal through the control API. */
export function reviewWithdrawal(stack: Stack, id: number, approve: boolean) {
  return stack.control<{ status: number; balance: string }>('/withdrawals/review', {
    id,
    approve,
  });
}

/**
 * Drags a finger across `target` by `dx` px (negative: toward the left) with real touch events
 * (Chrome DevTools Protocol), as a thumb swiping a list row would.
 */
export async function swipe(app: AppPage, target: Locator, dx: number): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('the row to swipe is not on screen');
  const y = box.y + box.height / 2;
  const startX = box.x + box.width * (dx < 0 ? 0.8 : 0.2);
  const cdp = await app.context.newCDPSession(app.page);
  const touch = (type: 'touchStart' | 'touchMove', x: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: [{ x, y, id: 1 }] });
  try {
    await touch('touchStart', startX);
    const steps = 6;
    for (let step = 1; step <= steps; step += 1) {
      await touch('touchMove', startX + (dx * step) / steps);
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } finally {
    await cdp.detach();
  }
}

/** A list row of a bound payout method, by its id. */
export function methodRow(app: AppPage, id: number): Locator {
  return app.page.getByTestId(`method-${id}`);
}

/** A withdrawal record's row, by its id. */
export function withdrawalRow(app: AppPage, id: number): Locator {
  return app.page.getByTestId(`withdraw-record-${id}`);
}

/** Binds a bank account through the API (a precondition); resolves the method's id. */
export async function bindBankAccount(
  stack: Stack,
  token: string,
  currency: DrawSymbol,
  account: { readonly bankName: string; readonly payeeName: string; readonly payeeAccount: string },
): Promise<number> {
  const api = stack.apiAs(token);
  await api.call('bindDrawMethod', {
    type: DRAW_TYPE.BANK,
    draw_id: currency.id,
    bank_name: account.bankName,
    payee_name: account.payeeName,
    payee_account: account.payeeAccount,
  });
  const methods = await api.call('getDrawMethod', {
    draw_type: DRAW_TYPE.BANK,
    draw_id: currency.id,
  });
  const method = methods.find((item) => item.payee_account === account.payeeAccount);
  if (!method) throw new Error(`the account ${account.payeeAccount} was not bound`);
  return method.id;
}
