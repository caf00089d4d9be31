import { describe, expect, it } from 'vitest';
import {
  drawingSchema,
  MAX_DRAWINGS,
  readInstrumentDrawings,
  readStoredDrawings,
} from './drawing.js';

const horizontal = (id: string, price = 1.085) => ({ id, kind: 'horizontal', price });
const trend = (id: string) => ({
  id,
  kind: 'trend',
  from: { time: 1_700_000_000, price: 1.08 },
  to: { time: 1_700_003_600, price: 1.09 },
});

describe('chart drawing shapes', () => {
  it('takes horizontal and trend lines', () => {
    expect(drawingSchema.safeParse(horizontal('a')).success).toBe(true);
    expect(drawingSchema.safeParse(trend('b')).success).toBe(true);
  });

  it('refuses lines that cannot be drawn', () => {
    for (const bad of [
      horizontal('a', 0),
      horizontal('a', Number.NaN),
      { ...horizontal('a'), kind: 'ray' },
      { ...trend('b'), to: { time: 1_700_000_000, price: 1.1 } },
      { ...trend('b'), from: { time: -1, price: 1.1 } },
      { ...trend('b'), from: { time: 1, price: -1 } },
      { ...horizontal(''), price: 1 },
      { ...horizontal('x'.repeat(65)) },
    ]) {
      expect(drawingSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('reading kept drawings', () => {
  it('reads anything that is not a list of drawings as none, never throwing', () => {
    for (const kept of [undefined, null, 'lines', 3, {}, [], [null], [{ kind: 'horizontal' }]]) {
      expect(readInstrumentDrawings(kept)).toEqual([]);
      expect(readStoredDrawings(kept)).toEqual({});
    }
  });

  it('drops only the broken or repeated entries, and keeps at most the cap', () => {
    expect(readInstrumentDrawings([horizontal('a'), 'junk', trend('a'), trend('b')])).toEqual([
      horizontal('a'),
      trend('b'),
    ]);
    const many = Array.from({ length: MAX_DRAWINGS + 5 }, (_, n) => horizontal(`h${n}`));
    expect(readInstrumentDrawings(many)).toHaveLength(MAX_DRAWINGS);
  });

  it('keeps each instrument’s drawings under its id, leaving out keys that are no id', () => {
    expect(
      readStoredDrawings({
        '7': [horizontal('a')],
        '8': 'junk',
        '-1': [horizontal('b')],
        x: [horizontal('c')],
        '09': [horizontal('d')],
      }),
    ).toEqual({ 7: [horizontal('a')] });
  });
});
