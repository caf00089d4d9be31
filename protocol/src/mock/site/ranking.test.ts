import { describe, expect, it } from 'vitest';
import { toMicros } from '../../arithmetic/money.js';
import { rankingItemSchema } from '../../schemas/content.js';
import { createRng } from '../rng.js';
import { generateRanking, RANKING_SIZE } from './ranking.js';

describe('copy-trade ranking', () => {
  const ranking = generateRanking(createRng(42));

  it('is the same for the same seed and differs for another', () => {
    expect(generateRanking(createRng(42))).toEqual(ranking);
    expect(generateRanking(createRng(43))).not.toEqual(ranking);
  });

  it('has RANKING_SIZE distinct leaders sorted by three-week return, best first', () => {
    expect(ranking).toHaveLength(RANKING_SIZE);
    expect(new Set(ranking.map((r) => r.user)).size).toBe(RANKING_SIZE);
    const rates = ranking.map((r) => r.three_week_rate);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
  });

  it('has plausible figures whose profit follows the sign of the return', () => {
    // Several seeds, so a lucky draw cannot hide a range or sign mistake.
    for (const seed of [1, 7, 2026, 99_999]) {
      for (const item of generateRanking(createRng(seed))) {
        expect(rankingItemSchema.parse(item)).toEqual(item);
        expect(item.three_week_rate).toBeGreaterThanOrEqual(-15);
        expect(item.three_week_rate).toBeLessThanOrEqual(60);
        expect(item.three_week_win).toBeGreaterThanOrEqual(35);
        expect(item.three_week_win).toBeLessThanOrEqual(85);
        expect(String(item.three_week_rate)).toMatch(/^-?\d+(\.\d{1,2})?$/);
        const profit = toMicros(item.three_week_profit);
        expect(Math.sign(Number(profit))).toBe(Math.sign(item.three_week_rate));
        expect(item.three_week_profit).toMatch(/^-?\d+\.\d{2}$/);
        expect([10, 20, 50, 100, 200, 500]).toContain(item.multiple);
        expect(item.total_trade_num).toBeGreaterThan(0);
        expect(item.followers).toBeGreaterThanOrEqual(0);
        expect(item.code).toMatch(/^[A-Z0-9]{5,8}$/);
        const variety = item.variety.split(', ');
        expect(variety[0]).toBe(item.code);
        expect(new Set(variety).size).toBe(variety.length);
      }
    }
  });

  it('mixes winners and losers', () => {
    const all = [1, 2, 3].flatMap((seed) => generateRanking(createRng(seed)));
    expect(all.some((r) => r.three_week_rate < 0)).toBe(true);
    expect(all.some((r) => r.three_week_rate > 20)).toBe(true);
  });
});
