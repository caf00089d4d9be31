import { describe, expect, it } from 'vitest';
import { axisTimeFormat, legendTimeFormat } from './time-format.js';

/** 2024-06-03 14:05:00 UTC. */
const at = Date.UTC(2024, 5, 3, 14, 5) / 1000;

describe('chart times', () => {
  it('labels minute candles with the clock time', () => {
    expect(axisTimeFormat('en', '1min', 'UTC')(at)).toBe('14:05');
    expect(axisTimeFormat('en', '30min', 'UTC')(at)).toBe('14:05');
  });

  it('labels hourly candles with the day too, and daily ones with the date alone', () => {
    const hourly = axisTimeFormat('en', '60min', 'UTC')(at);
    expect(hourly).toContain('03');
    expect(hourly).toContain('14:05');
    const daily = axisTimeFormat('en', '1day', 'UTC')(at);
    expect(daily).toContain('06');
    expect(daily).toContain('03');
    expect(daily).not.toContain('14');
  });

  it('shows the legend time in the given zone and locale', () => {
    expect(legendTimeFormat('en', '1min', 'UTC')(at)).toMatch(/06.03.*14:05/);
    expect(legendTimeFormat('en', '1min', 'Asia/Hong_Kong')(at)).toContain('22:05');
    expect(legendTimeFormat('en', '1day', 'UTC')(at)).toContain('2024');
  });

  it('keeps the Gregorian year and Latin digits in Thai and Persian', () => {
    expect(legendTimeFormat('th', '1day', 'UTC')(at)).toContain('2024');
    const persian = legendTimeFormat('fa', '1min', 'UTC')(at);
    expect(persian).toContain('14:05');
    expect(persian.replace(/[0-9]/g, '')).not.toMatch(/\p{Nd}/u);
  });
});
