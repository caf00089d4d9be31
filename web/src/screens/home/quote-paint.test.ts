import { describe, expect, it } from 'vitest';
import type { QuoteView } from '../../worker/contract.js';
import type { FlashSweeper, FlashTarget } from './quote-flash.js';
import { createQuotePainter, type FigureElement } from './quote-paint.js';

/** An element with one text node, counting the writes a painter makes. */
function element(): FigureElement & { attributes: Map<string, string>; writes: number } {
  const text = { value: '' };
  const node = {
    get nodeValue() {
      return text.value;
    },
    set nodeValue(value: string | null) {
      text.value = value ?? '';
      target.writes++;
    },
  };
  const target = {
    className: '',
    writes: 0,
    attributes: new Map<string, string>(),
    get textContent() {
      return text.value;
    },
    set textContent(value: string | null) {
      text.value = value ?? '';
      target.writes++;
    },
    firstChild: node,
    setAttribute(name: string, value: string) {
      target.attributes.set(name, value);
      target.writes++;
    },
    removeAttribute(name: string) {
      target.attributes.delete(name);
    },
  };
  return target;
}

function quote(extra: Partial<QuoteView>): QuoteView {
  return {
    id: 1,
    close: 1.2345,
    open: 1.2,
    high: null,
    low: null,
    change: 2.87,
    prevClose: 1.2,
    direction: 'up',
    time: 1,
    closeText: '1.2345',
    changeText: '+2.87%',
    delayed: false,
    closed: false,
    ...extra,
  };
}

/** A sweeper recording lights and resets instead of timing them. */
function recordingSweeper() {
  const calls: string[] = [];
  const sweeper: FlashSweeper = {
    light: (_target: FlashTarget) => void calls.push('light'),
    reset: (_target: FlashTarget) => void calls.push('reset'),
  };
  return { sweeper, calls };
}

function painted() {
  const price = element();
  const change = element();
  const flash = element();
  const { sweeper, calls } = recordingSweeper();
  const paint = createQuotePainter(
    { price: { current: price }, change: { current: change }, flash: { current: flash } },
    (text) => `<${text}>`,
    sweeper,
  );
  return { price, change, paint, calls };
}

describe('createQuotePainter', () => {
  it('writes the localised texts, tone classes and direction', () => {
    const { price, change, paint } = painted();
    paint(quote({}), true);
    expect(price.textContent).toBe('<1.2345>');
    expect(change.textContent).toBe('<+2.87%>');
    expect(price.className).toBe('quote-price num quote-up');
    expect(change.className).toBe('quote-change num quote-change-up');
    expect(price.attributes.get('data-direction')).toBe('up');

    paint(quote({ closeText: '1.2000', changeText: '-0.50%', direction: 'down', time: 2 }), false);
    expect(price.textContent).toBe('<1.2000>');
    expect(price.className).toBe('quote-price num quote-down');
    expect(change.className).toBe('quote-change num quote-change-down');
    expect(price.attributes.get('data-direction')).toBe('down');
  });

  it('shows -- without a quote', () => {
    const { price, change, paint } = painted();
    paint(undefined, true);
    expect(price.textContent).toBe('<-->');
    expect(change.textContent).toBe('<-->');
    expect(price.className).toBe('quote-price num quote-flat');
  });

  it('writes nothing for a quote that shows the same', () => {
    const { price, change, paint } = painted();
    paint(quote({}), true);
    const before = price.writes + change.writes;
    paint(quote({}), false);
    expect(price.writes + change.writes).toBe(before);
  });

  it('flashes on a move, not on the first paint, a repeat or a flat tick', () => {
    const { paint, calls } = painted();
    paint(quote({ time: 1 }), true);
    expect(calls).toEqual(['reset']);
    paint(quote({ time: 1 }), false);
    paint(quote({ time: 2, direction: 'flat' }), false);
    expect(calls).toEqual(['reset']);
    paint(quote({ time: 3, closeText: '1.2346' }), false);
    expect(calls).toEqual(['reset', 'light']);
  });
});
