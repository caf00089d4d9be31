import { describe, expect, it } from 'vitest';
import {
  canDecreaseLots,
  isOnStep,
  type LotsInstrument,
  lotsError,
  lotsText,
  stepLots,
} from './lots.js';

describe('canDecreaseLots', () => {
  it.each([
    [0.3, 0.1, true],
    [0.2, 0.1, true],
    [0.1, 0.1, false],
    [0.05, 0.1, false],
    [0.1 + 0.2, 0.3, false],
    [0.002, 0.001, true],
    [0.001, 0.001, false],
    [0.0005, 0.001, false],
    [1000, 0.01, true],
    [2, 1, true],
    [1, 1, false],
  ])('size %d, step %d → %s', (size, step, expected) => {
    expect(canDecreaseLots(size, step)).toBe(expected);
  });
});

describe('stepLots', () => {
  it.each([
    [0.2, 0.1, 1, 0.3],
    [0.7, 0.1, 1, 0.8],
    [0.3, 0.1, -1, 0.2],
    [0.1, 0.1, -1, 0.1],
    [0.001, 0.001, 1, 0.002],
    [0.003, 0.001, -1, 0.002],
    [999.99, 0.01, 1, 1000],
    [1.15, 0.05, 1, 1.2],
    [1, 1, 1, 2],
  ] as const)('%d %s %d → %d', (size, step, direction, expected) => {
    expect(stepLots(size, step, direction)).toBe(expected);
  });

  it('adds up without drift over many steps', () => {
    let size = 0.01;
    for (let i = 0; i < 99; i++) size = stepLots(size, 0.01, 1);
    expect(size).toBe(1);
    for (let i = 0; i < 99; i++) size = stepLots(size, 0.01, -1);
    expect(size).toBe(0.01);
  });
});

describe('isOnStep', () => {
  it.each([
    [0.3, 0.1, true],
    [0.7, 0.1, true],
    [0.1 + 0.2, 0.1, true],
    [0.25, 0.1, false],
    [1.2, 0.05, true],
    [1000, 0.001, true],
    [0.0015, 0.001, false],
    [1.25, 0.5, false],
    [5, 1, true],
  ])('%d on a %d step → %s', (lots, step, expected) => {
    expect(isOnStep(lots, step)).toBe(expected);
  });
});

describe('lotsError', () => {
  const cent: LotsInstrument = { Pip: 0.01, ForexMinCont: 0.01 };
  const odd: LotsInstrument = { Pip: 0.1, ForexMinCont: 0.3 };

  it.each([
    [0, cent, 'not_positive'],
    [-1, cent, 'not_positive'],
    [Number.NaN, cent, 'not_positive'],
    [Number.POSITIVE_INFINITY, cent, 'not_positive'],
    [0.005, cent, 'below_minimum'],
    [0.015, cent, 'off_step'],
    [0.01, cent, undefined],
    [0.3, cent, undefined],
    [1000, cent, undefined],
    [0.1 + 0.2, odd, undefined],
    [0.2, odd, 'below_minimum'],
    [0.35, odd, 'off_step'],
    [0.7, odd, undefined],
  ])('%d lots on %o → %s', (lots, instrument, expected) => {
    expect(lotsError(lots, instrument)).toBe(expected);
  });
});

describe('lotsText', () => {
  it.each([
    [0.5, '0.50'],
    [1, '1.00'],
    [0.01, '0.01'],
    [0.125, '0.125'],
    [0.1 + 0.2, '0.30'],
    [1200, '1200.00'],
  ])('%d lots → %s', (lots, expected) => {
    expect(lotsText(lots)).toBe(expected);
  });
});
