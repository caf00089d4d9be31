import {
  formatBalance,
  formatChangePercent,
  formatPercent,
  type RankingItem,
} from '@pipstream/protocol';
import { pnlTone } from '../order/order-view.js';

/**
 * What the ranking screen shows (docs/product.md#routes: "Ranking empty state shows 'Coming soon';
 * an empty list shows 'No data'; a list end shows 'No more'"). This project's reading:
 * - `soon`: the ranking answered with no leader at all — the copy-trade feature has nothing
 *   yet, which docs/product.md#scope marks as coming soon;
 * - `no-data`: the ranking could not be read (the API layer has toasted why): there is no data
 *   to show, and claiming "coming soon" would be a guess;
 * - `list`: the leaders, ending with "No more" (the answer is the whole list, not paged).
 */
export type RankPhase = 'loading' | 'soon' | 'no-data' | 'list';

/** The phase of a ranking read: `leaders` `null` until an answer came, `failed` after an error. */
export function rankPhase(leaders: readonly RankingItem[] | null, failed: boolean): RankPhase {
  if (leaders !== null) return leaders.length === 0 ? 'soon' : 'list';
  return failed ? 'no-data' : 'loading';
}

/** A figure as shown, with its up/down colour. */
export interface Figure {
  readonly text: string;
  readonly tone: 'up' | 'down' | 'flat';
}

/**
 * One leader's figures as a row shows them (docs/product.md#constants: the ranking shows three-week
 * metrics).
 */
export interface LeaderFigures {
  /** Return over three weeks, signed: `+34.50%`. */
  readonly threeWeekRate: Figure;
  /** Winning trades over three weeks: `61.20%`. */
  readonly threeWeekWin: string;
  /** Profit over three weeks in USD, 2 decimals, signed like the rate. */
  readonly threeWeekProfit: Figure;
  /** Lifetime return, signed. */
  readonly totalRate: Figure;
}

/** The figures of `leader`, formatted by the protocol's display rules. */
export function leaderFigures(leader: RankingItem): LeaderFigures {
  const profit = formatBalance(leader.three_week_profit);
  const profitTone = pnlTone(leader.three_week_profit);
  return {
    threeWeekRate: {
      text: formatChangePercent(leader.three_week_rate),
      tone: pnlTone(leader.three_week_rate),
    },
    threeWeekWin: formatPercent(leader.three_week_win),
    threeWeekProfit: { text: profitTone === 'up' ? `+${profit}` : profit, tone: profitTone },
    totalRate: { text: formatChangePercent(leader.total_rate), tone: pnlTone(leader.total_rate) },
  };
}
