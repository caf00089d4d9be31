import { describe, expect, it } from 'vitest';
import {
  countSchema,
  durationSchema,
  formatCount,
  formatMs,
  formatShare,
  rateSchema,
  shareSchema,
} from './units.js';

describe('durations', () => {
  it('reads milliseconds, seconds, minutes and hours, and a bare number as seconds', () => {
    expect(durationSchema.parse('250ms')).toBe(250);
    expect(durationSchema.parse('30s')).toBe(30_000);
    expect(durationSchema.parse('1.5s')).toBe(1500);
    expect(durationSchema.parse('2m')).toBe(120_000);
    expect(durationSchema.parse('1h')).toBe(3_600_000);
    expect(durationSchema.parse('10')).toBe(10_000);
    expect(durationSchema.parse(10)).toBe(10_000);
  });

  it('refuses anything else with an example of a good one', () => {
    for (const bad of ['10 minutes', '-5s', 'ms', '', '1e3s']) {
      const parsed = durationSchema.safeParse(bad);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toContain('250ms, 30s or 2m');
    }
  });
});

describe('rates and shares', () => {
  it('reads a rate per second with or without its unit', () => {
    expect(rateSchema.parse('200/s')).toBe(200);
    expect(rateSchema.parse('12.5')).toBe(12.5);
    expect(rateSchema.safeParse('fast').success).toBe(false);
  });

  it('reads a share as a percentage or a fraction, and only from 0 to 1', () => {
    expect(shareSchema.parse('99.9%')).toBeCloseTo(0.999, 10);
    expect(shareSchema.parse('0.1')).toBe(0.1);
    expect(shareSchema.parse(1)).toBe(1);
    expect(shareSchema.safeParse('101%').success).toBe(false);
    expect(shareSchema.safeParse('2').success).toBe(false);
  });

  it('reads whole numbers within their bounds', () => {
    expect(countSchema(0, 10).parse('7')).toBe(7);
    expect(countSchema(0, 10).safeParse('11').success).toBe(false);
    expect(countSchema(0, 10).safeParse('1.5').success).toBe(false);
  });
});

describe('printing', () => {
  it('prints durations in the unit that reads best', () => {
    expect(formatMs(0.012)).toBe('12 µs');
    expect(formatMs(3.2)).toBe('3.20 ms');
    expect(formatMs(73.24)).toBe('73.2 ms');
    expect(formatMs(1520)).toBe('1.52 s');
    expect(formatMs(Number.NaN)).toBe('–');
  });

  it('never rounds a share up to 100 % nor a count without its groups', () => {
    expect(formatShare(0.99999)).toBe('99.99 %');
    expect(formatShare(1)).toBe('100.00 %');
    expect(formatCount(1234567)).toBe('1 234 567');
    expect(formatCount(12.345, 1)).toBe('12.3');
  });
});
