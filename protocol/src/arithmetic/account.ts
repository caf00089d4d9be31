/**
 * Account figures shown around the order screens: balance, margin, available prepayment, net
 * value, risk rate, total profit and loss (docs/product.md#constants).
 *
 * This project's model, which the mock engine and the web worker share:
 * - `balance` is cash not tied up in orders. Placing an order (holding or pending) moves its
 *   margin out of the balance and charges its fee; closing or cancelling it returns the margin,
 *   and closing also books the realised P&L.
 * - used margin = Σ margin of holding and pending orders.
 * - floating P&L = Σ P&L of holding orders (a pending order has no position yet).
 * - equity (net value) = balance + used margin + floating P&L: what the account is worth if
 *   everything closed now.
 * - free margin (available prepayment) = equity − used margin = balance + floating P&L.
 * - risk rate = equity ÷ used margin × 100, in percent; `null` when no margin is used.
 * - an order is affordable when margin + fee fit in both the free margin (losses count) and the
 *   balance (unrealised profit is not cash).
 */
import { roundTo } from './rounding.js';

/** One order as the account sees it. */
export interface AccountOrder {
  margin: number;
  /** Floating P&L; ignored for pending orders. */
  pnl: number;
  /** True for a holding (open) order, false for a pending one. */
  holding: boolean;
}

/** The figures of one account at one moment. */
export interface AccountFigures {
  balance: number;
  usedMargin: number;
  floatingPnl: number;
  /** Net value. */
  equity: number;
  /** Available prepayment. */
  freeMargin: number;
  /** Percent; `null` when no margin is used. */
  riskRate: number | null;
}

/** What deciding whether an order can be placed needs. */
export interface AffordTerms<N = number> {
  freeMargin: N;
  balance: N;
  margin: N;
  fee: N;
}

/** Net value: balance + used margin + floating P&L. */
export function equity(balance: number, usedMargin: number, floatingPnl: number): number {
  return balance + usedMargin + floatingPnl;
}

/** Available prepayment: equity − used margin. */
export function freeMargin(equityValue: number, usedMargin: number): number {
  return equityValue - usedMargin;
}

/** Equity ÷ used margin × 100 (percent); `null` when no margin is used, as there is no risk. */
export function riskRate(equityValue: number, usedMargin: number): number | null {
  return usedMargin > 0 ? (equityValue / usedMargin) * 100 : null;
}

/**
 * True when the risk rate has fallen to or below the stop-out level (both in percent), so the
 * engine must close positions. No used margin (`null`) never stops out.
 */
export function isStopOut(rate: number | null, stopOutLevel: number): boolean {
  return rate !== null && rate <= stopOutLevel;
}

/**
 * True when margin + fee fit in both the free margin and the balance. Compared at the
 * micro-unit, so float noise (0.1 + 0.2 against 0.3) never refuses an order that fits exactly.
 */
export function canAfford(terms: AffordTerms): boolean {
  const cost = roundTo(terms.margin + terms.fee, 6);
  return cost <= roundTo(terms.freeMargin, 6) && cost <= roundTo(terms.balance, 6);
}

/**
 * Available prepayment on exact micro-units: balance + floating P&L, which is equity − used
 * margin in this model (see the head of this file). The mock engine's affordability check.
 */
export function freeMarginMicros(balance: bigint, floatingPnl: bigint): bigint {
  return balance + floatingPnl;
}

/** `canAfford` on exact micro-units, for the mock engine. */
export function canAffordMicros(terms: AffordTerms<bigint>): boolean {
  const cost = terms.margin + terms.fee;
  return cost <= terms.freeMargin && cost <= terms.balance;
}

/** Every account figure from the balance and the open (holding and pending) orders, in one pass. */
export function accountFigures(input: {
  balance: number;
  orders: Iterable<AccountOrder>;
}): AccountFigures {
  let usedMargin = 0;
  let floatingPnl = 0;
  for (const order of input.orders) {
    usedMargin += order.margin;
    if (order.holding) floatingPnl += order.pnl;
  }
  const netValue = equity(input.balance, usedMargin, floatingPnl);
  return {
    balance: input.balance,
    usedMargin,
    floatingPnl,
    equity: netValue,
    freeMargin: freeMargin(netValue, usedMargin),
    riskRate: riskRate(netValue, usedMargin),
  };
}
