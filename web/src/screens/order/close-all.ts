/**
 * Closing several holding orders at once: which orders a choice covers, their estimated P&L,
 * and the run that closes them one by one, answering for each.
 */
import { type Order, sumMoney } from '@pipstream/protocol';

/** Which holdings "close all" covers. */
export type CloseChoice = 'all' | 'profitable' | 'losing';

export const CLOSE_CHOICES = ['all', 'profitable', 'losing'] as const satisfies CloseChoice[];

/** The orders a choice covers, and the sum of their P&L at the prices now shown. */
export interface CloseSelection {
  readonly orders: readonly Order[];
  /** Exact decimal text (`'-12.5'`), the sum of each order's P&L. */
  readonly pnl: string;
}

/**
 * The holdings `choice` covers: every one, or those whose P&L now is above (profitable) or below
 * (losing) zero; an order at exactly zero is neither. `pnlOf` gives an order's live P&L, or
 * `undefined` to fall back on the one the order was read with.
 */
export function closeSelection(
  holdings: readonly Order[],
  choice: CloseChoice,
  pnlOf: (id: number) => number | undefined,
): CloseSelection {
  const chosen: Order[] = [];
  const pnls: number[] = [];
  const seen = new Set<number>();
  for (const order of holdings) {
    if (seen.has(order.Id)) continue;
    seen.add(order.Id);
    const pnl = pnlOf(order.Id) ?? Number(order.FactProfits);
    if (choice === 'profitable' && !(pnl > 0)) continue;
    if (choice === 'losing' && !(pnl < 0)) continue;
    chosen.push(order);
    pnls.push(pnl);
  }
  return { orders: chosen, pnl: sumMoney(pnls) };
}

/** How one close ended: closed, or the words saying why not. */
export type CloseOutcome = { readonly closed: true } | { readonly closed: false; reason: string };

export interface CloseRun {
  readonly closed: readonly Order[];
  readonly failed: readonly { readonly order: Order; readonly reason: string }[];
}

/**
 * Closes `orders` one after the other (a close waits for the one before, so the upstream never
 * sees two at once for one account) and answers for each. `progress` hears how many are done.
 */
export async function runCloses(
  orders: readonly Order[],
  closeOne: (order: Order) => Promise<CloseOutcome>,
  progress: (done: number) => void = () => undefined,
): Promise<CloseRun> {
  const closed: Order[] = [];
  const failed: { order: Order; reason: string }[] = [];
  for (const [index, order] of orders.entries()) {
    const outcome = await closeOne(order);
    if (outcome.closed) closed.push(order);
    else failed.push({ order, reason: outcome.reason });
    progress(index + 1);
  }
  return { closed, failed };
}
