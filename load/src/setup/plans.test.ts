import { describe, expect, it } from 'vitest';
import { browserPlans, deal, inShare, shareCount, splitWhole } from './plans.js';

describe('a scenario dealt to browsers and generators', () => {
  it('picks a share of items spread evenly, as many as the share says', () => {
    const picked = Array.from({ length: 20 }, (_, i) => i).filter((i) => inShare(i, 0.1));
    expect(picked).toEqual([9, 19]);
    expect(shareCount(20, 0.1)).toBe(2);
    expect(Array.from({ length: 1000 }, (_, i) => i).filter((i) => inShare(i, 0.333))).toHaveLength(
      shareCount(1000, 0.333),
    );
  });

  it('gives every browser DAY_MARKET, a share a chart topic and a share a token', () => {
    const plans = browserPlans({
      sockets: 10,
      charts: 0.5,
      chartTopics: ['KLINE.EURUSD.1min', 'KLINE.GBPUSD.1min'],
      loggedIn: 0.2,
      tokens: ['t1', 't2'],
      source: ['127.0.0.1', '127.0.0.2'],
    });
    expect(plans.every((plan) => plan.topics[0] === 'DAY_MARKET')).toBe(true);
    expect(plans.filter((plan) => plan.topics.length === 2).map((plan) => plan.topics[1])).toEqual([
      'KLINE.EURUSD.1min',
      'KLINE.GBPUSD.1min',
      'KLINE.EURUSD.1min',
      'KLINE.GBPUSD.1min',
      'KLINE.EURUSD.1min',
    ]);
    expect(plans.flatMap((plan) => plan.token ?? [])).toEqual(['t1', 't2']);
    expect(plans.map((plan) => plan.localAddress).slice(0, 3)).toEqual([
      '127.0.0.1',
      '127.0.0.2',
      '127.0.0.1',
    ]);
  });

  it('logs nobody in without tokens', () => {
    const plans = browserPlans({ sockets: 4, charts: 0, chartTopics: [], loggedIn: 1, tokens: [] });
    expect(plans.map((plan) => plan.token)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('deals round robin and splits whole amounts evenly', () => {
    expect(deal([1, 2, 3, 4, 5], 2)).toEqual([
      [1, 3, 5],
      [2, 4],
    ]);
    expect(splitWhole(20, 3)).toEqual([7, 7, 6]);
    expect(splitWhole(1, 2)).toEqual([1, 0]);
  });
});
