import { describe, expect, it } from 'vitest';
import { DEFAULT_INDICATORS, readIndicatorSettings } from './settings.js';

describe('readIndicatorSettings', () => {
  it('answers the defaults for nothing stored or something that is not settings', () => {
    expect(readIndicatorSettings(undefined)).toEqual(DEFAULT_INDICATORS);
    expect(readIndicatorSettings('ma')).toEqual(DEFAULT_INDICATORS);
  });

  it('keeps every indicator that checks out and defaults each one that does not', () => {
    const settings = readIndicatorSettings({
      ma: { on: true, periods: [7, 30] },
      ema: { on: true, periods: [] },
      macd: { on: true, fast: 26, slow: 12, signal: 9 },
      rsi: { on: true, period: 9 },
      boll: { on: 'yes' },
    });
    expect(settings.ma).toEqual({ on: true, periods: [7, 30] });
    expect(settings.ema).toEqual(DEFAULT_INDICATORS.ema);
    expect(settings.macd).toEqual(DEFAULT_INDICATORS.macd);
    expect(settings.rsi).toEqual({ on: true, period: 9 });
    expect(settings.boll).toEqual(DEFAULT_INDICATORS.boll);
  });

  it('never hands out the defaults object itself', () => {
    const settings = readIndicatorSettings(undefined);
    settings.ma.periods.push(99);
    expect(DEFAULT_INDICATORS.ma.periods).toEqual([5, 10, 20, 60]);
  });
});
