import { describe, expect, it } from 'vitest';
import type { CandleView, IndicatorUpdate } from '../worker/contract.js';
import { type ChartFeed, onChartFeed } from './chart-feed.js';
import { applyBatch, createLiveState } from './store.js';

const candle: CandleView = {
  Time: 60,
  Open: 1,
  High: 1,
  Low: 1,
  Close: 1,
  Volume: 1,
  code: 'EURUSD',
  period: '1min',
};
const indicators: IndicatorUpdate = {
  topic: 'KLINE.EURUSD.1min',
  version: 1,
  reset: false,
  from: 0,
  times: [60],
  lines: { rsi: [50] },
};

describe('the chart feed', () => {
  it('hands the chart each applied batch’s candle and indicators, and nothing else', () => {
    const heard: ChartFeed[] = [];
    const stop = onChartFeed((feed) => heard.push(feed));
    const state = createLiveState();
    applyBatch({ candle, indicators }, state);
    applyBatch({ connection: { state: 'live', loggedIn: false, accountPaused: false } }, state);
    applyBatch({ candle: null }, state);
    stop();
    applyBatch({ indicators }, state);
    expect(heard).toEqual([
      { candle, indicators },
      { candle: null, indicators: undefined },
    ]);
    expect(state.candle).toBeNull();
  });
});
