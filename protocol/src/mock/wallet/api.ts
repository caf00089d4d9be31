/**
 * The mock upstream's wallet: the ledger listing, deposits, payout methods and withdrawals, with
 * the control actions that review deposits and withdrawals. Every balance change goes through
 * the ledger, in the same transaction as the record that causes it.
 */
import type { Routes } from '../../routes/table.js';
import type { MockDeps } from '../deps.js';
import type { ControlAction } from '../http/control.js';
import { callerOf, type Handlers } from '../http/handler.js';
import type { Ledger } from '../services/ledger.js';
import { createDeposits } from './deposits.js';
import { createMethods } from './methods.js';
import { createWithdrawals } from './withdrawals.js';

/** Ledger rows per page of `forexChange` (this project's choice). */
export const LEDGER_PAGE_SIZE = 20;

export type WalletHandlers = Pick<
  Handlers<Routes>,
  | 'forexChange'
  | 'drawSymbolList'
  | 'draw'
  | 'drawList'
  | 'getDrawMethod'
  | 'bindDrawMethod'
  | 'delDrawMethod'
  | 'chargeSymbols'
  | 'chargeInfo'
  | 'chargeWireInfo'
  | 'chargeSubmit'
  | 'chargeWireSubmit'
  | 'chargeHistory'
>;

/**
 * Builds the wallet over the shared `ledger`: its handlers, and the control actions
 * `/deposits/review`, `/deposits`, `/withdrawals/review` and `/withdrawals`.
 */
export function createWalletService(
  deps: MockDeps,
  ledger: Ledger,
): { handlers: WalletHandlers; controls: ControlAction[] } {
  const deposits = createDeposits(deps, ledger);
  const methods = createMethods(deps);
  const withdrawals = createWithdrawals(deps, ledger, methods);
  return {
    handlers: {
      forexChange: ({ page }, ctx) =>
        ledger.page(callerOf(ctx).id, page, LEDGER_PAGE_SIZE, ctx.lang),
      ...deposits.handlers,
      ...methods.handlers,
      ...withdrawals.handlers,
    },
    controls: [...deposits.controls, ...withdrawals.controls],
  };
}
