import { describe, expect, it } from 'vitest';
import { createLogoGate } from './logo-gate.js';

/** A gate whose timers run only when the test says. */
function manualGate(fallbackMs = 1500) {
  const timers: { ms: number; task: () => void }[] = [];
  const gate = createLogoGate({ fallbackMs, after: (ms, task) => void timers.push({ ms, task }) });
  const run = (ms: number) => {
    for (const timer of timers.filter((t) => t.ms === ms)) timer.task();
  };
  return { gate, timers, run };
}

describe('logoGate', () => {
  it('opens in a task after the first painted quote, telling every row once', () => {
    const { gate, timers, run } = manualGate();
    const heard: string[] = [];
    gate.subscribe(() => heard.push('a'));
    gate.subscribe(() => heard.push('b'));
    gate.quoteShown();
    gate.quoteShown();
    expect(gate.isOpen()).toBe(false);
    expect(timers.filter((t) => t.ms === 0)).toHaveLength(1);
    run(0);
    expect(gate.isOpen()).toBe(true);
    run(1500);
    expect(heard).toEqual(['a', 'b']);
  });

  it('opens after the fallback delay when no quote comes', () => {
    const { gate, timers, run } = manualGate(1000);
    let heard = 0;
    gate.subscribe(() => heard++);
    gate.subscribe(() => heard++);
    expect(timers).toHaveLength(1);
    run(1000);
    expect(gate.isOpen()).toBe(true);
    expect(heard).toBe(2);
  });

  it('does not tell a row that unsubscribed, and a row subscribing to an open gate waits for nothing', () => {
    const { gate, run } = manualGate();
    let heard = 0;
    const unsubscribe = gate.subscribe(() => heard++);
    unsubscribe();
    gate.quoteShown();
    run(0);
    expect(heard).toBe(0);
    gate.subscribe(() => heard++);
    expect(heard).toBe(0);
    expect(gate.isOpen()).toBe(true);
  });
});
