import { describe, expect, it } from 'vitest';
import { FIGURE_SLOT, withFigure } from './line-text.js';

describe('withFigure', () => {
  it('puts the figure where the slot is', () => {
    expect(withFigure(`P&L ${FIGURE_SLOT} USD`, '-12.50')).toBe('P&L -12.50 USD');
  });

  it('reads a $ in the figure as text, never as a replacement pattern', () => {
    expect(withFigure(`P&L ${FIGURE_SLOT}`, "$& $' $1 $$5")).toBe("P&L $& $' $1 $$5");
  });

  it('leaves a text without the slot as it is', () => {
    expect(withFigure('no figure here', '5')).toBe('no figure here');
  });
});
