import { describe, expect, it } from 'vitest';
import { createFlashSweeper, type FlashClock } from './quote-flash.js';

/** A clock the test moves by hand; `later` timers run when their time comes. */
function manualClock() {
  let now = 0;
  const timers: { at: number; callback: () => void }[] = [];
  const clock: FlashClock = {
    now: () => now,
    later: (callback, ms) => void timers.push({ at: now + ms, callback }),
  };
  const advance = (ms: number) => {
    now += ms;
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      const [next] = timers;
      if (!next || next.at > now) return;
      timers.shift();
      next.callback();
    }
  };
  return { clock, advance, pending: () => timers.length };
}

/** An overlay recording every attribute write. */
function overlay() {
  const writes: string[] = [];
  return {
    writes,
    setAttribute: (name: string, value: string) => void writes.push(`${name}=${value}`),
    removeAttribute: (name: string) => void writes.push(`-${name}`),
  };
}

describe('createFlashSweeper', () => {
  it('lights on a move and fades once no move came for the hold time', () => {
    const { clock, advance } = manualClock();
    const sweeper = createFlashSweeper(450, clock);
    const target = overlay();
    sweeper.light(target);
    expect(target.writes).toEqual(['data-flash=on']);
    advance(449);
    expect(target.writes).toEqual(['data-flash=on']);
    advance(1);
    expect(target.writes).toEqual(['data-flash=on', 'data-flash=off']);
  });

  it('keeps a row that keeps moving lit with no further writes', () => {
    const { clock, advance } = manualClock();
    const sweeper = createFlashSweeper(450, clock);
    const target = overlay();
    for (let tick = 0; tick < 10; tick++) {
      sweeper.light(target);
      advance(100);
    }
    expect(target.writes).toEqual(['data-flash=on']);
    advance(450);
    expect(target.writes).toEqual(['data-flash=on', 'data-flash=off']);
    // A later move lights it again.
    sweeper.light(target);
    expect(target.writes.at(-1)).toBe('data-flash=on');
  });

  it('fades each overlay on its own time with one timer', () => {
    const { clock, advance, pending } = manualClock();
    const sweeper = createFlashSweeper(450, clock);
    const first = overlay();
    const second = overlay();
    sweeper.light(first);
    advance(200);
    sweeper.light(second);
    expect(pending()).toBe(1);
    advance(250);
    expect(first.writes.at(-1)).toBe('data-flash=off');
    expect(second.writes.at(-1)).toBe('data-flash=on');
    advance(200);
    expect(second.writes.at(-1)).toBe('data-flash=off');
    expect(pending()).toBe(0);
  });

  it('resets an overlay to no flash and forgets it', () => {
    const { clock, advance } = manualClock();
    const sweeper = createFlashSweeper(450, clock);
    const target = overlay();
    sweeper.light(target);
    sweeper.reset(target);
    advance(1000);
    expect(target.writes).toEqual(['data-flash=on', '-data-flash']);
  });

  it('with slack, writes a due fade with the next move of any overlay', () => {
    const { clock, advance } = manualClock();
    const sweeper = createFlashSweeper(450, clock, 150);
    const first = overlay();
    const second = overlay();
    sweeper.light(first);
    advance(500);
    // Due at 450, but its timer waits for the slack: a move may come first.
    expect(first.writes).toEqual(['data-flash=on']);
    sweeper.light(second);
    expect(first.writes).toEqual(['data-flash=on', 'data-flash=off']);
    expect(second.writes).toEqual(['data-flash=on']);
  });

  it('with slack, fades by its timer when no move comes', () => {
    const { clock, advance, pending } = manualClock();
    const sweeper = createFlashSweeper(450, clock, 150);
    const target = overlay();
    sweeper.light(target);
    advance(599);
    expect(target.writes).toEqual(['data-flash=on']);
    advance(1);
    expect(target.writes).toEqual(['data-flash=on', 'data-flash=off']);
    expect(pending()).toBe(0);
  });
});
