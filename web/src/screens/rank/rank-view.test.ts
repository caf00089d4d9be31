import type { RankingItem } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { leaderFigures, rankPhase } from './rank-view.js';

const LEADER: RankingItem = {
  user: 'GoldenPips',
  multiple: 100,
  three_week_rate: 34.5,
  three_week_win: 61.2,
  three_week_profit: '1234.5',
  total_rate: -12.345,
  total_trade_num: 420,
  code: 'XAUUSD',
  followers: 88,
  variety: 'XAUUSD, EURUSD',
};

describe('rankPhase', () => {
  it('loads until an answer comes', () => {
    expect(rankPhase(null, false)).toBe('loading');
  });

  it('says "coming soon" for an empty ranking and lists a non-empty one', () => {
    expect(rankPhase([], false)).toBe('soon');
    expect(rankPhase([LEADER], false)).toBe('list');
  });

  it('says "no data" when the ranking could not be read', () => {
    expect(rankPhase(null, true)).toBe('no-data');
    // A later answer wins over an earlier failure.
    expect(rankPhase([LEADER], true)).toBe('list');
  });
});

describe('leaderFigures', () => {
  it('signs and colours returns and profit, with two decimals', () => {
    expect(leaderFigures(LEADER)).toEqual({
      threeWeekRate: { text: '+34.50%', tone: 'up' },
      threeWeekWin: '61.20%',
      threeWeekProfit: { text: '+1234.50', tone: 'up' },
      totalRate: { text: '-12.35%', tone: 'down' },
    });
  });

  it('shows losses and flat figures without a plus', () => {
    const figures = leaderFigures({
      ...LEADER,
      three_week_rate: -3.1,
      three_week_profit: '-62.00',
      total_rate: 0,
    });
    expect(figures.threeWeekRate).toEqual({ text: '-3.10%', tone: 'down' });
    expect(figures.threeWeekProfit).toEqual({ text: '-62.00', tone: 'down' });
    expect(figures.totalRate).toEqual({ text: '0.00%', tone: 'flat' });
  });
});
