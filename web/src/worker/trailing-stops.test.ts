import type { ArmedTrailingStop } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import {
  createTrailingStops,
  RETRY_MAX_MS,
  RETRY_MS,
  type TrailedHolding,
} from './trailing-stops.js';

/** A buy of EUR/USD opened at 1.10000 with no stops, trailing 20 pips by 5. */
function setup(overrides: Partial<TrailedHolding> = {}) {
  let time = 1_000;
  const holding: { current: TrailedHolding | undefined } = {
    current: {
      side: 'buy',
      openPrice: 1.1,
      price: 1.1,
      stopLoss: 0,
      takeProfit: 1.2,
      pricePrecision: 5,
      delayed: false,
      ...overrides,
    },
  };
  const stops = createTrailingStops({
    holdingOf: (id) => (id === 7 ? holding.current : undefined),
    now: () => time,
  });
  const armed: ArmedTrailingStop = { orderId: 7, distancePips: 20, stepPips: 5, setAt: 1 };
  stops.setStops([armed]);
  /** The holding at `price` (and any other change). */
  const at = (price: number, more: Partial<TrailedHolding> = {}) => {
    holding.current = { ...(holding.current as TrailedHolding), price, ...more };
  };
  return {
    stops,
    armed,
    at,
    holding,
    later: (ms: number) => {
      time += ms;
    },
  };
}

describe('trailing stops in the live worker', () => {
  it('asks for a stop once the holding is the distance in profit, sending its take profit too', () => {
    const { stops, at } = setup();
    at(1.1019);
    expect(stops.evaluate()).toEqual([]);
    at(1.102);
    expect(stops.evaluate()).toEqual([{ id: 1, orderId: 7, stopLoss: 1.1, takeProfit: 1.2 }]);
  });

  it('keeps one move on its way per holding, and judges the latest price once it is answered', () => {
    const { stops, at } = setup();
    at(1.102);
    const [first] = stops.evaluate();
    // Newer, better prices while the first move is on its way: nothing more is asked.
    at(1.1031);
    expect(stops.evaluate()).toEqual([]);
    stops.settled(first?.id ?? 0, 'moved');
    // The reply came after the newer price: the move is judged there, from the level saved.
    expect(stops.evaluate()).toEqual([{ id: 2, orderId: 7, stopLoss: 1.1011, takeProfit: 1.2 }]);
  });

  it('moves only by a whole step, and never back when the price turns against the holding', () => {
    const { stops, at } = setup();
    at(1.102);
    stops.settled(stops.evaluate()[0]?.id ?? 0, 'moved');
    // The orders' read that left before the move still says no stop: the saved level holds.
    at(1.10249);
    expect(stops.evaluate()).toEqual([]);
    for (const price of [1.101, 1.1, 1.09]) {
      at(price);
      expect(stops.evaluate(), String(price)).toEqual([]);
    }
    at(1.1025);
    expect(stops.evaluate().map((move) => move.stopLoss)).toEqual([1.1005]);
  });

  it('trails a sell down from above the price', () => {
    const { stops, at } = setup({ side: 'sell', takeProfit: 0 });
    at(1.098);
    expect(stops.evaluate()).toEqual([{ id: 1, orderId: 7, stopLoss: 1.1, takeProfit: 0 }]);
  });

  it('does nothing on a delayed price, and stops with the holding', () => {
    const { stops, at, holding } = setup();
    at(1.103, { delayed: true });
    expect(stops.evaluate()).toEqual([]);
    holding.current = undefined;
    expect(stops.evaluate()).toEqual([]);
  });

  it('waits after a refused or unanswered move, longer each time, then keeps trailing', () => {
    const { stops, at, later } = setup();
    at(1.102);
    stops.settled(stops.evaluate()[0]?.id ?? 0, 'refused');
    at(1.103);
    expect(stops.evaluate()).toEqual([]);
    later(RETRY_MS - 1);
    expect(stops.evaluate()).toEqual([]);
    later(1);
    const [again] = stops.evaluate();
    expect(again?.stopLoss).toBe(1.101);
    stops.settled(again?.id ?? 0, 'failed');
    later(RETRY_MS);
    expect(stops.evaluate()).toEqual([]);
    later(RETRY_MS);
    const [third] = stops.evaluate();
    expect(third?.stopLoss).toBe(1.101);
    // However many fail, the wait is bounded.
    let move = third;
    for (let count = 0; count < 10; count++) {
      stops.settled(move?.id ?? 0, 'failed');
      later(RETRY_MAX_MS);
      [move] = stops.evaluate();
      expect(move?.stopLoss, String(count)).toBe(1.101);
    }
  });

  it('ignores a reply for a move no longer on its way, and asks a move no one heard again', () => {
    const { stops, at, armed } = setup();
    at(1.102);
    const [first] = stops.evaluate();
    stops.unsent(first?.id ?? 0);
    const [second] = stops.evaluate();
    expect(second?.stopLoss).toBe(1.1);
    stops.settled(first?.id ?? 0, 'failed');
    expect(stops.evaluate()).toEqual([]);
    // Turned off while a move is on its way: its reply changes nothing.
    stops.setStops([]);
    stops.settled(second?.id ?? 0, 'moved');
    expect(stops.evaluate()).toEqual([]);
    expect(stops.size).toBe(0);
    stops.setStops([armed]);
    expect(stops.evaluate()).toHaveLength(1);
  });

  it('starts afresh from the holding’s level when the stop is set anew', () => {
    const { stops, at, armed } = setup();
    at(1.103);
    stops.settled(stops.evaluate()[0]?.id ?? 0, 'moved');
    // The trader moved the stop loss back by hand and set the trail again, 25 pips behind:
    // the level the trail saved before (1.10100) no longer holds it back.
    at(1.103, { stopLoss: 1.095 });
    stops.setStops([{ ...armed, distancePips: 25, setAt: 2 }]);
    expect(stops.evaluate().map((move) => move.stopLoss)).toEqual([1.1005]);
  });

  it('keeps the stops set before when a list fails its shape', () => {
    const { stops, armed } = setup();
    expect(() => stops.setStops([{ ...armed, distancePips: 0 }])).toThrow(/trailing stops/);
    expect(stops.size).toBe(1);
  });
});
