import { describe, expect, it } from 'vitest';
import type { IndicatorUpdate } from '../../../worker/contract.js';
import {
  applyIndicatorUpdate,
  emptyIndicatorColumns,
  followMerge,
  followPrepend,
} from './indicator-columns.js';

const TOPIC = 'KLINE.EURUSD.1min';
const update = (patch: Partial<IndicatorUpdate>): IndicatorUpdate => ({
  topic: TOPIC,
  version: 1,
  reset: false,
  from: 0,
  times: [],
  lines: {},
  ...patch,
});

describe('the chart’s indicator columns', () => {
  it('takes a reset aligned by time, leaving candles the worker did not cover empty', () => {
    const columns = emptyIndicatorColumns();
    const times = [60, 120, 180];
    const ok = applyIndicatorUpdate(
      columns,
      times,
      update({ reset: true, times: [60, 120], lines: { rsi: [40, 50] } }),
      TOPIC,
    );
    expect(ok).toBe(true);
    expect(columns.lines.rsi).toEqual([40, 50, null]);
  });

  it('writes a live run on its candle, and refuses other topics and versions', () => {
    const columns = emptyIndicatorColumns();
    const times = [60, 120];
    applyIndicatorUpdate(
      columns,
      times,
      update({ reset: true, times, lines: { rsi: [1, 2] } }),
      TOPIC,
    );
    expect(
      applyIndicatorUpdate(columns, times, update({ times: [120], lines: { rsi: [7] } }), TOPIC),
    ).toBe(true);
    expect(columns.lines.rsi).toEqual([1, 7]);
    expect(
      applyIndicatorUpdate(
        columns,
        times,
        update({ version: 2, times: [120], lines: { rsi: [9] } }),
        TOPIC,
      ),
    ).toBe(false);
    expect(
      applyIndicatorUpdate(
        columns,
        times,
        update({ times: [120], lines: { rsi: [9] } }),
        'KLINE.X.1min',
      ),
    ).toBe(false);
    expect(columns.lines.rsi).toEqual([1, 7]);
  });

  it('follows the candle columns as they append, shift and take older candles', () => {
    const columns = emptyIndicatorColumns();
    applyIndicatorUpdate(
      columns,
      [60, 120],
      update({ reset: true, times: [60, 120], lines: { rsi: [1, 2] } }),
      TOPIC,
    );
    followMerge(columns, 'appended', 3);
    expect(columns.lines.rsi).toEqual([1, 2, null]);
    followMerge(columns, 'shifted', 3);
    expect(columns.lines.rsi).toEqual([2, null, null]);
    followPrepend(columns, 2);
    expect(columns.lines.rsi).toEqual([null, null, 2, null, null]);
  });
});
