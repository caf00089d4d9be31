/**
 * The words and figures of the order lines: a refused level's message, a P&L's money text, and
 * the price a level is judged against.
 */
import { formatBalance } from '@pipstream/protocol';
import type { TFunction } from 'i18next';
import { live } from '../../../live/store.js';
import type { DraftCheck, OrderLine, StopKind } from './order-lines.js';

/** A text by its key (the screen's `t`). */
export type Translate = TFunction;
/** Writes an exact decimal text the way the viewer's language does. */
export type Localize = (text: string) => string;

/** Why a level is refused, as the trader reads it. */
export function issueText(
  issue: DraftCheck['issue'],
  line: OrderLine,
  kind: StopKind,
  t: Translate,
) {
  if (issue === 'not_positive') return t('web.trade.lines.not_positive');
  const buy = line.side === 'buy';
  if (kind === 'stopLoss') {
    return buy
      ? t('web.trade.lines.wrong_side_stop_loss_buy')
      : t('web.trade.lines.wrong_side_stop_loss_sell');
  }
  return buy
    ? t('web.trade.lines.wrong_side_take_profit_buy')
    : t('web.trade.lines.wrong_side_take_profit_sell');
}

/**
 * Stands for a ticking figure in a text looked up once: i18next's `t` costs tens of microseconds
 * a call on a phone, too much for every tick of every label. Put the figure in with `withFigure`.
 */
export const FIGURE_SLOT = '\uE000';

/** `text` (looked up with `FIGURE_SLOT` for one of its values) with `figure` in its place. */
export function withFigure(text: string, figure: string): string {
  // A function, so that a `$` in the figure (a currency) is never read as a pattern.
  return text.replace(FIGURE_SLOT, () => figure);
}

/** The money text of a P&L: the account's 2 decimals and currency. */
export function money(value: number, localize: Localize, t: Translate) {
  return t('web.trade.lines.money', { amount: localize(formatBalance(value)) });
}

/** The instrument's current price, as the quote strip shows it (the holding's own otherwise). */
export function currentPrice(line: OrderLine): number | undefined {
  return live.quotes[line.order.ForexId]?.close ?? live.holdings[line.order.Id]?.price;
}
