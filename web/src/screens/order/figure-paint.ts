/**
 * The hot path of the order screen: a holding's price and P&L and the account card's figures
 * written straight into their elements on each tick, with no React render (the quote rows do
 * the same, see home/quote-paint.ts). Only what differs from what is shown is written.
 */
import type { Displayable } from '@pipstream/protocol';
import { NO_VALUE } from '@pipstream/protocol';
import type { AccountView, HoldingView } from '../../worker/contract.js';
import { type ElementHolder, type FigureElement, writeText } from '../home/quote-paint.js';
import { pnlTone } from './order-view.js';

/** The class of a P&L figure: `base` and the colour of its sign. */
export function pnlClass(base: string, value: Displayable | undefined): string {
  return value === undefined ? base : `${base} ${pnlTone(value)}`;
}

/** A writer of one figure that remembers what it shows, so it writes only what differs. */
function figureWriter(decimal: (text: string) => string) {
  let shownText: string | undefined;
  let shownClass: string | undefined;
  return (element: FigureElement, text: string, className?: string) => {
    if (text !== shownText) writeText(element, decimal(text));
    if (className !== undefined && className !== shownClass) element.className = className;
    shownText = text;
    shownClass = className;
  };
}

/** The elements of a holding row a painter writes into. */
export interface HoldingElements {
  readonly pnl: ElementHolder;
  readonly price: ElementHolder;
}

/** What a holding row shows before the worker has the order: the REST figures. */
export interface HoldingFallback {
  readonly pnl: Displayable;
  readonly pnlText: string;
  readonly priceText: string;
}

/** The class of a holding row's P&L (React renders it with the REST value's tone). */
export const HOLDING_PNL_CLASS = 'num';

/**
 * A painter of one holding row: each call shows `holding`'s P&L (coloured by sign) and price,
 * or `fallback`'s while the worker has none. Texts go through `decimal` (the language's form).
 */
export function createHoldingPainter(
  elements: HoldingElements,
  fallback: HoldingFallback,
  decimal: (text: string) => string,
): (holding: HoldingView | undefined) => void {
  const writePnl = figureWriter(decimal);
  const writePrice = figureWriter(decimal);
  return (holding) => {
    const pnl = elements.pnl.current;
    const price = elements.price.current;
    if (!pnl || !price) return;
    writePnl(
      pnl,
      holding?.pnlText ?? fallback.pnlText,
      pnlClass(HOLDING_PNL_CLASS, holding?.pnl ?? fallback.pnl),
    );
    writePrice(price, holding?.priceText ?? fallback.priceText);
  };
}

/** The account card's figures, by the field of `AccountView` each shows. */
export type AccountElements = Readonly<
  Record<
    | 'floatingPnlText'
    | 'balanceText'
    | 'equityText'
    | 'freeMarginText'
    | 'usedMarginText'
    | 'riskRateText',
    ElementHolder
  >
>;

/** The class of the account card's total P&L. */
export const ACCOUNT_PNL_CLASS = 'num orders-account-pnl';

/** The risk rate's class: the warning colour past the first level, the danger one past both. */
export function riskClass(band: number | undefined): string {
  if (band === undefined || band === 0) return 'num';
  return band === 1 ? 'num risk-warning' : 'num risk-danger';
}

/** The class of one account figure: its own, dimmed while the figures may be stale. */
function accountFigureClass(
  field: keyof AccountElements,
  account: AccountView | undefined,
): string {
  const own =
    field === 'floatingPnlText'
      ? pnlClass(ACCOUNT_PNL_CLASS, account?.floatingPnl)
      : field === 'riskRateText'
        ? riskClass(account?.riskBand)
        : 'num';
  return account?.delayed ? `${own} is-delayed` : own;
}

/**
 * A painter of the account card: each call shows `account`'s figures, `--` for a visitor; the
 * total P&L is coloured by its sign, the risk rate by its warning level, and every figure
 * dimmed while any may be stale.
 */
export function createAccountPainter(
  elements: AccountElements,
  decimal: (text: string) => string,
): (account: AccountView | undefined) => void {
  const fields = Object.keys(elements) as (keyof AccountElements)[];
  const writers = new Map(fields.map((field) => [field, figureWriter(decimal)]));
  return (account) => {
    for (const field of fields) {
      const element = elements[field].current;
      if (!element) continue;
      writers.get(field)?.(
        element,
        account?.[field] ?? NO_VALUE,
        accountFigureClass(field, account),
      );
    }
  };
}
